import type { Band, Key } from './key'
import { cmp, rational, type Rational } from './rational'

// What a grading system means beyond its bands (docs/grading-systems.md): the number a label counts
// in an average, the pass mark, and the whole grades the Notenspiegel groups its bands into. The one
// place in the web app, besides lib/key.ts, that knows the systems by id; the values follow
// internal/grading/system.go (Label.Value).

/** A system's meaning for averages, the pass mark and the chart. */
export interface SystemInfo {
  /** The number an average counts: the plain grade for 2+, the points for Notenpunkte, 4,75 for "4,75". */
  value: (label: string) => Rational
  /** Whether a label is below the pass mark. */
  fails: (label: string) => boolean
  /** What the share of failing grades is called ("Anteil 5 und 6"). */
  failingTerm: string
  /** How the average is counted, where that needs saying; "" where the labels are plain numbers. */
  averageNote: string
  /** The heading of the second label's column ("Note in Worten"); "" for a system without one. */
  altTerm: string
}

/** A whole grade of the Notenspiegel: the bands it holds, best first, and its name. */
export interface GradeGroup {
  /** "1", or a range of a system in decimals: "1,0–1,4", "5,75–5". */
  name: string
  /** The name as a caption: "Note 1", "1,0–1,4". */
  caption: string
  /** The labels of its bands, in the key's order. */
  bands: string[]
  /** Whether every band of the group is below the pass mark. */
  failing: boolean
}

/** A label with a comma as a number: "4,75" is 19/4; labels of a valid document are such numbers. */
function decimal(label: string): Rational {
  const [whole = '', frac = ''] = label.split(',')
  return rational(BigInt(`${whole}${frac}` || '0'), 10n ** BigInt(frac.length))
}

const plain = (label: string) => rational(BigInt(label.charAt(0) || '0'))

interface Rules {
  value: (label: string) => Rational
  /** The worst value that still passes. */
  pass: Rational
  /** Where a larger value is the better grade (Notenpunkte, Switzerland). */
  higherIsBetter: boolean
  failingTerm: string
  averageNote: string
  altTerm: string
  /** The whole grade a band belongs to in the chart and the counts. */
  group: (band: Band) => string
  /** Whether groups are named by their range of labels ("1,0–1,4") rather than as a grade ("Note 1"). */
  ranges: boolean
}

/** Whole grades 1 to 6 (to 5 in Austria), each its own group; worse than 4 fails. */
const whole = (failingTerm: string): Rules => ({
  value: decimal,
  pass: rational(4n),
  higherIsBetter: false,
  failingTerm,
  averageNote: '',
  altTerm: 'Note in Worten',
  group: (b) => b.label,
  ranges: false,
})

// The original: + and − count as the plain grade, as the Notenspiegel always counted; 5 and 6 fail.
const PLUS_MINUS: Rules = {
  value: plain,
  pass: rational(4n),
  higherIsBetter: false,
  failingTerm: 'Anteil 5 und 6',
  averageNote: 'Für den Durchschnitt zählen + und - wie die Note ohne Zusatz (2+ und 2- zählen als 2).',
  altTerm: '',
  group: (b) => b.label.charAt(0),
  ranges: false,
}

const RULES: Record<string, Rules> = {
  'noten-plus-minus': PLUS_MINUS,
  noten: whole('Anteil 5 und 6'),
  // The IHK's decimal key passes with 4,4 (50 of 100 points) and gives 4,5 below; its decimals round
  // to the whole grades of the 100-point key (92 points are 1,4, "sehr gut"; 91 are 1,5, "gut").
  'noten-dezimal': {
    value: decimal,
    pass: rational(44n, 10n),
    higherIsBetter: false,
    failingTerm: 'Anteil ab 4,5',
    averageNote: '',
    altTerm: '',
    group: (b) => {
      const v = decimal(b.label)
      return String((2n * v.n + v.d) / (2n * v.d)) // rounded half up: 1,4 is 1, 1,5 is 2
    },
    ranges: true,
  },
  // An average of points; 0 to 4 points are "unter ausreichend" (KMK). Grouped by the grade each
  // point value stands for (15, 14 and 13 are a 1).
  notenpunkte: {
    value: decimal,
    pass: rational(5n),
    higherIsBetter: true,
    failingTerm: 'Anteil unter 5 Punkten',
    averageNote: 'Der Durchschnitt ist in Notenpunkten (15 bis 0) gerechnet.',
    altTerm: 'Note (1–6)',
    group: (b) => (b.alt ?? '').charAt(0),
    ranges: false,
  },
  // 4 is "genügend"; grouped by the whole grade below (5,75 belongs to 5), so no group mixes grades
  // that pass with grades that fail.
  schweiz: {
    value: decimal,
    pass: rational(4n),
    higherIsBetter: true,
    failingTerm: 'Anteil unter 4',
    averageNote: '',
    altTerm: '',
    group: (b) => b.label.split(',')[0] ?? '',
    ranges: true,
  },
  oesterreich: whole('Anteil Nicht genügend'),
}

/** The rules of a key's system; an unknown system (a newer server) reads as the original's. */
const rulesOf = (key: Key): Rules => RULES[key.system] ?? PLUS_MINUS

/** A key's system: its values, pass mark and wording. */
export function systemOf(key: Key): SystemInfo {
  const r = rulesOf(key)
  return {
    value: r.value,
    fails: (label) => {
      const c = cmp(r.value(label), r.pass)
      return r.higherIsBetter ? c < 0 : c > 0
    },
    failingTerm: r.failingTerm,
    averageNote: r.averageNote,
    altTerm: r.altTerm,
  }
}

/** The key's bands as whole grades, best first, each with its bands in the key's order. */
export function groupsOf(key: Key): GradeGroup[] {
  const r = rulesOf(key)
  const { fails } = systemOf(key)
  const groups: GradeGroup[] = []
  for (const band of key.bands) {
    const id = r.group(band)
    const last = groups.at(-1)
    if (last?.name === id) last.bands.push(band.label)
    else groups.push({ name: id, caption: '', bands: [band.label], failing: false })
  }
  for (const g of groups) {
    const first = g.bands[0] ?? ''
    const end = g.bands.at(-1) ?? ''
    if (r.ranges) g.name = first === end ? first : `${first}–${end}`
    g.caption = r.ranges ? g.name : `Note ${g.name}`
    g.failing = g.bands.every(fails)
  }
  return groups
}
