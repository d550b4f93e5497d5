import type { RuleOf, ScaleDocument } from './config'
import { formatExact, fromConfigNumber } from './numbers'
import { add, cmp, div, mul, rational, sub, type Rational } from './rational'
import { SECOND_LABELS } from './second-labels.gen'

// A scale's rule made concrete, as internal/grading's Key: its bands, best first. Every view (the
// calculator, the table, the Punkteschlüssel, the Notenspiegel, print, CSV) reads a Key; only the
// functions here know how a system's rule turns into bands. Proven against testdata/grading/ together
// with internal/grading (cases.json for the original, presets.json and preset-cases.json for the rest).

/** One band: the percentages that get one grade. */
export interface Band {
  /** As the system writes it: "2+", "13", "4,75", "1,5", "2". */
  label: string
  /** The same grade in other words: "1-" for 13 Notenpunkte, "Gut" for Austria's 2. */
  alt?: string | undefined
  /**
   * The lowest percentage of the key's basis that gets the band; null for the last band, which takes
   * the rest; undefined when the document lacks a width it needs (the band reads "?").
   */
  from: Rational | null | undefined
}

/** The percentage a key grades: the exact one, or a whole percent rounded half up or cut off. */
export type Basis = 'exact' | 'round' | 'cut'

export interface Key {
  system: string
  basis: Basis
  /** Whether a band's `from` gets the band itself ("ab"), or only what is above it ("über"). */
  included: boolean
  bands: Band[]
  /** The label of a percentage above 100 where the system has one beyond its best band (the original's "1+"). */
  over?: string
}

const ONE = rational(1n)
const HUNDRED = rational(100n)
const UNKNOWN: Band = { label: '?', from: undefined }

/** A label's second label (internal/grading/system.go): "1-" for 13 Notenpunkte, "gut" for a 2. */
function altOf(system: string, label: string): string | undefined {
  for (const pair of (SECOND_LABELS[system] ?? '').split('|')) {
    const [text, second] = pair.split('=')
    if (text === label) return second
  }
  return undefined
}

/**
 * The 16 bands of docs/spec.md §4: each takes what is above its lower threshold ("über"), the grade's
 * min plus the widths below it in percent of the grade's range (internal/grading/key_make.go).
 */
function widthsKey({ grades, schema }: RuleOf<'widths'>): Key {
  const at = (g: '1' | '2' | '3' | '4' | '5' | '6', ...widths: (number | undefined)[]) => {
    const min = percent(grades[g].min)
    const max = percent(grades[g].max)
    let sum = rational(0n)
    for (const w of widths) {
      const x = percent(w)
      if (x === undefined) return undefined
      sum = add(sum, x)
    }
    return min && max && add(min, div(mul(sub(max, min), sum), HUNDRED))
  }
  const { minus, normal } = schema.general ?? {}
  const bands: Band[] = [
    { label: '1', from: at('1', schema['1']?.minus) },
    { label: '1-', from: at('1') },
  ]
  for (const g of ['2', '3', '4', '5'] as const)
    bands.push(
      { label: `${g}+`, from: at(g, minus, normal) },
      { label: g, from: at(g, minus) },
      { label: `${g}-`, from: at(g) },
    )
  bands.push({ label: '6+', from: at('6', schema['6']?.normal) }, { label: '6', from: null })
  return { system: 'noten-plus-minus', basis: 'exact', included: false, bands, over: '1+' }
}

// Notenpunkte are counted, not named: "13 Punkte", never "Note 13". The table of systems says so too
// (its result words, lib/systems.ts withUnit), but the route's code does not load that table;
// lib/systems.test.ts holds the two together.
const counted = (system: string) => system === 'notenpunkte'

/** A grade as the calculator shows it, with its second label: "2-", "13 Punkte (1-)", "2 (gut)". */
export function gradeText({ system }: Key, grade: string, alt: string | undefined): string {
  const points = counted(system) ? ` Punkt${grade === '1' ? '' : 'e'}` : ''
  return alt ? `${grade}${points} (${alt})` : grade
}

/** What a column of the key's grades is headed: "Note", or "Punkte" for Notenpunkte. */
export const gradeHeading = (key: Key): string => (counted(key.system) ? 'Punkte' : 'Note')

/** The same in a sentence: "Note 2-", "Note 2 (gut)", "13 Punkte (1-)". */
export const gradePhrase = (key: Key, grade: string, alt: string | undefined): string =>
  `${counted(key.system) ? '' : 'Note '}${gradeText(key, grade, alt)}`

/** The bands of a scale's document, whatever its system and kind of rule. */
export function keyOf({ rule }: ScaleDocument): Key {
  return rule.kind === 'widths'
    ? widthsKey(rule)
    : rule.kind === 'formula'
      ? formulaKey(rule)
      : tableKey(rule)
}

/** A table of "ab" bounds: each row's grade from its bound; the last row takes the rest. */
function tableKey({ system, percentage, bands: rows }: RuleOf<'table'>): Key {
  return {
    system,
    basis: percentage === 'round' || percentage === 'cut' ? percentage : 'exact',
    included: true,
    bands: rows.map((r, i) => ({
      label: r.grade,
      alt: altOf(system, r.grade),
      from: i < rows.length - 1 ? percent(r.from) : null,
    })),
    ...(system === 'noten-plus-minus' ? { over: '1+' } : {}),
  }
}

const percent = (x: number | undefined) => (x === undefined ? undefined : (fromConfigNumber(x) ?? undefined))

/**
 * The Swiss formula's bands: the note of p is 1 + 5p/100 (with a pass mark X: 1 + 3p/X up to X,
 * 4 + 2(p − X)/(100 − X) above) rounded to the step, so note n starts where that line reaches
 * n − step/2, included when an exact midpoint goes up (internal/grading/key_make.go).
 */
function formulaKey(rule: RuleOf<'formula'>): Key {
  const step = percent(rule.step) ?? rational(1n, 10n)
  const half = div(step, rational(2n))
  const pass = percent(rule.pass)
  const line = (v: Rational): Rational => {
    if (pass === undefined) return mul(sub(v, ONE), rational(20n))
    if (cmp(v, rational(4n)) <= 0) return div(mul(sub(v, ONE), pass), rational(3n))
    return add(pass, div(mul(sub(v, rational(4n)), sub(HUNDRED, pass)), rational(2n)))
  }
  const bands: Band[] = []
  for (let n = rational(6n); cmp(n, ONE) >= 0; n = sub(n, step)) {
    const text = formatExact(n)
    bands.push({
      label: step.d === 10n && !text.includes(',') ? `${text},0` : text,
      from: cmp(n, ONE) > 0 ? line(sub(n, half)) : null,
    })
  }
  return { system: 'schweiz', basis: 'exact', included: rule.midpoint === 'up', bands }
}

/** ⌊x⌋ as a rational. */
const floor = (x: Rational): Rational => rational(x.n / x.d - (x.n % x.d < 0n ? 1n : 0n))

/** The percentage the key grades, from the exact percentage p. */
export function onBasis(basis: Basis, p: Rational): Rational {
  return basis === 'round' ? floor(add(p, rational(1n, 2n))) : basis === 'cut' ? floor(p) : p
}

/**
 * The band of the exact percentage p; above 100 % the system's extra label where it has one. A band
 * whose bound is unknown makes "?" for the percentages it might decide, never for the others.
 */
export function gradeOf(key: Key, p: Rational): Band {
  const q = onBasis(key.basis, p)
  if (key.over !== undefined && cmp(q, HUNDRED) > 0) return { label: key.over, from: undefined }
  // In 1–6 with + and −, p ≤ 0 is a 6 (docs/spec.md §4), even where the document lacks 6+'s width.
  if (key.over !== undefined && q.n <= 0n) return key.bands[key.bands.length - 1] ?? UNKNOWN
  let unknown = false
  for (const band of key.bands) {
    if (band.from === undefined) {
      unknown = true
      continue
    }
    const c = band.from === null ? 1 : cmp(q, band.from)
    if (c > 0 || (c === 0 && key.included)) return unknown ? UNKNOWN : band
    // p is at or below this bound, so also below the unknown ones above it, which lie higher.
    unknown = false
  }
  return UNKNOWN
}
