import { wordOf } from './grade-words'
import type { Band, Key } from './key'
import { add, cmp, rational, sub, type Rational } from './rational'
import { SYSTEMS, type SystemData } from './systems.gen'

// What a grading system means beyond its bands (docs/grading-systems.md): the number a label counts in
// an average, the pass mark, the whole grades the Notenspiegel groups its bands into, its labels. The
// facts are the table of internal/grading/system.go, written into systems.gen.ts; here is only how to
// read them.

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
  /** "1", "5,5", or a range of a system in decimals: "1,0–1,4". */
  name: string
  /** The name as a caption: "Note 1", "1,0–1,4". */
  caption: string
  /** The labels of its bands, in the key's order. */
  bands: string[]
  /** Whether every band of the group is below the pass mark. */
  failing: boolean
  /** The word all its bands share where the system names its numbers in words ("sehr gut"). */
  word?: string | undefined
}

/** A number with a comma as a rational: "4,75" is 19/4; labels of a valid document are such numbers. */
export function decimal(text: string): Rational {
  const negative = text.startsWith('-')
  const [whole = '', frac = ''] = text.replace(/^-/, '').split(',')
  const n = BigInt(`${whole}${frac}` || '0')
  return rational(negative ? -n : n, 10n ** BigInt(frac.length))
}

/** A system's data by id; undefined for an id this page does not know (a newer server). */
export const systemData = (id: string): SystemData | undefined => SYSTEMS.find((s) => s.id === id)

/** The number written with a comma and at least `places` decimals, as system.go's formatDecimal. */
export function written(x: Rational, places: number): string {
  const scale = 10n ** 10n
  const digits = String((x.n * scale) / x.d).padStart(11, '0')
  const whole = digits.slice(0, -10)
  let frac = digits.slice(-10).replace(/0+$/, '')
  while (frac.length < places) frac += '0'
  return frac === '' ? whole : `${whole},${frac}`
}

/** What the system's schools call a written test: "Klassenarbeit", in Switzerland "Prüfung". */
export const testTerm = (id: string): string => systemData(id)?.test ?? 'Klassenarbeit'

/** A system's labels, best first: its list, or the numbers of its range (only where they are a list). */
export function labelList(s: SystemData): string[] {
  if (s.labels !== undefined) return s.labels.split(' ')
  const nb = s.numbers
  if (!nb?.list) return []
  return numbersFrom(nb.best, nb.worst, decimal(nb.step)).map((v) => written(v, nb.places))
}

/** The numbers from best to worst in steps of step. */
export function numbersFrom(best: string, worst: string, step: Rational): Rational[] {
  const from = decimal(best)
  const to = decimal(worst)
  const down = cmp(from, to) > 0
  const out: Rational[] = []
  for (let v = from; down ? cmp(v, to) >= 0 : cmp(v, to) <= 0; v = down ? sub(v, step) : add(v, step))
    out.push(v)
  return out
}

/** The value of a label: its listed value, else the label read as a number. */
function valueOf(s: SystemData): (label: string) => Rational {
  if (s.labels === undefined || s.values === undefined) return decimal
  const values = new Map(s.labels.split(' ').map((l, i) => [l, s.values?.split(' ')[i] ?? '0']))
  return (label) => decimal(values.get(label) ?? '0')
}

/** The whole grade a band belongs to in the chart and the counts. */
function groupOf(s: SystemData): (band: Band) => string {
  switch (s.grouping) {
    case 'first':
      return (b) => b.label.charAt(0)
    case 'alt':
      return (b) => (b.alt ?? '').charAt(0)
    case 'rounded':
      return (b) => {
        const v = decimal(b.label)
        return String((2n * v.n + v.d) / (2n * v.d)) // rounded half up: 1,4 is 1, 1,5 is 2
      }
    case 'half':
      return (b) => {
        const v = decimal(b.label)
        return written(rational((2n * v.n) / v.d, 2n), 0) // the half below: 5,75 and 5,5 are a 5,5
      }
    case 'label':
      return (b) => b.label
  }
}

/** The system of a key; an unknown system (a newer server) reads as the original's. */
const dataOf = (key: Key): SystemData => systemData(key.system) ?? SYSTEMS[0]

/** A key's system: its values, pass mark and wording. */
export function systemOf(key: Key): SystemInfo {
  const s = dataOf(key)
  const value = valueOf(s)
  const pass = decimal(s.pass)
  return {
    value,
    fails: (label) => {
      const c = cmp(value(label), pass)
      return s.higherIsBetter ? c < 0 : c > 0
    },
    failingTerm: s.failingTerm,
    averageNote: s.averageNote,
    altTerm: s.altTerm,
  }
}

/**
 * A result with the word the system writes after it: "8 Punkte", "1 Punkt", "8,33 Punkte" for Notenpunkte;
 * the value alone where a grade is a Note ("2-", "4,5"). By the system's id; an unknown id as the original.
 */
export function withUnit(system: string, value: string): string {
  const { one, many } = (systemData(system) ?? SYSTEMS[0]).result
  if (many === '') return value
  return `${value} ${value === '1' ? one : many}`
}

/** What the Zeugnisnote says beside the average where the system's law asks it (Austria's LBVO § 20), or "". */
export const zeugnisNoteOf = (system: string): string => systemData(system)?.result.zeugnisNote ?? ''

/** A grade named in a sentence: "Note 6", "Note 4,5", "Note 5"; "0 Punkte" where a grade is a count. */
export function gradeName(key: Key, label: string): string {
  const named = withUnit(key.system, label)
  return named === label ? `Note ${label}` : named
}

/** The key's bands as whole grades, best first, each with its bands in the key's order. */
export function groupsOf(key: Key): GradeGroup[] {
  const s = dataOf(key)
  const group = groupOf(s)
  const { fails } = systemOf(key)
  const groups: GradeGroup[] = []
  for (const band of key.bands) {
    const id = group(band)
    const last = groups.at(-1)
    if (last?.name === id) last.bands.push(band.label)
    else groups.push({ name: id, caption: '', bands: [band.label], failing: false })
  }
  for (const g of groups) {
    const first = g.bands[0] ?? ''
    const end = g.bands.at(-1) ?? ''
    if (s.rangeNames) g.name = first === end ? first : `${first}–${end}`
    g.caption = s.rangeNames ? g.name : `Note ${g.name}`
    g.failing = g.bands.every(fails)
    const words = new Set(g.bands.map((l) => wordOf(key.system, l)))
    if (words.size === 1) g.word = [...words][0]
  }
  return groups
}
