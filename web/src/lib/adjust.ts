import type { DocumentOf, Rule, ScaleDocument } from './config'
import { keyOf, type Key } from './key'
import { COMMA, formatExact, fromConfigNumber, parseNumber, trimmed } from './numbers'
import { add, cmp, div, mul, rational, sub, type Rational } from './rational'
import { systemOf } from './systems'

// The key for this test (docs/spec.md §10): a teacher moves the chosen scale's pass bound, its top bound
// and, in the Swiss formula, its rounding step; every other bound follows along the line that bends at the
// pass mark. The TypeScript copy of internal/grading/adjust.go, bound by testdata/grading/adjustments.json.
// Off the calculator route (its JS has a budget): the page loads it when the address holds an adjustment
// (main.tsx) or the teacher opens the panel (features/calculator/use-adjusted-key.ts).

/** The adjustment as typed (comma or dot); an absent or empty field keeps the school's value. */
export interface Adjustment {
  pass?: string
  top?: string
  step?: string
}

export type AdjustField = 'pass' | 'top' | 'step'

/** A bound the adjustment moved: the band's label as the key writes it, its new and its old bound ("45", "50"). */
export interface BoundChange {
  grade: string
  from: string
  was: string
}

export type AdjustResult =
  | { ok: true; doc: ScaleDocument; changes: BoundChange[] }
  | { ok: false; errors: Partial<Record<AdjustField, string>> }

export const MESSAGES = {
  pass: 'Muss größer als 0 und kleiner als 100 sein.',
  top: 'Muss größer als die Bestehensgrenze und höchstens 100 sein.',
  topWidths: 'Muss größer als die Bestehensgrenze und kleiner als 100 sein.',
  places: 'Höchstens 4 Nachkommastellen.',
  number: 'Keine Zahl.',
  step: 'Muss 0,1, 0,25, 0,5 oder 1 sein.',
  topCrowded: 'Zu nah an der Bestehensgrenze: Jede Note dazwischen muss gerundet Platz haben.',
  passCrowded: 'Zu nah an 0: Jede Note darunter muss gerundet Platz haben.',
  noTop:
    'Der Schweizer Schlüssel hat keine eigene Grenze der besten Note: Die Note steigt gleichmäßig bis 6 bei 100 %.',
  noStep: 'Nur der Schweizer Schlüssel wird gerundet.',
  binding: 'Der Schlüssel der Schule ist verbindlich und kann nicht angepasst werden.',
  whole: 'Bei ganzen Prozent muss die Grenze eine ganze Zahl sein.',
} as const

/** The Swiss formula's rounding steps. */
export const STEPS = ['0,1', '0,25', '0,5', '1'] as const

const ZERO = rational(0n)
const HUNDRED = rational(100n)
// The Swiss line without a pass mark, 1 + 5p/100, reaches 4 at 60 %.
const SWISS_PASS = rational(60n)

const given = (text: string | undefined): text is string => text !== undefined && trimmed(text) !== ''

/** A typed percentage, or its message: a number with at most 4 decimal places. */
function typedNumber(text: string): Rational | string {
  const x = parseNumber(text)
  if (x === null) return MESSAGES.number
  return 10_000n % x.d === 0n ? x : MESSAGES.places
}

const config = (x: number | undefined): Rational | undefined =>
  x === undefined ? undefined : (fromConfigNumber(x) ?? undefined)

/** A rational with at most 10 decimals as the JSON number a document holds. */
const toNumber = (x: Rational): number => Number(formatExact(x, '.'))

/** x rounded half up to a multiple of unit. */
function roundTo(x: Rational, unit: Rational): Rational {
  const q = div(x, unit)
  const twice = 2n * q.n + q.d
  const steps = twice >= 0n ? twice / (2n * q.d) : -((-twice + 2n * q.d - 1n) / (2n * q.d))
  return mul(rational(steps), unit)
}

/**
 * The pass and top bounds of a key of bounds (a table's, the widths' grade mins) and how every other
 * bound moves (docs/spec.md §10): along the line through (X₀, X) and (T₀, T) above the pass bound, in
 * proportion below it; a moved bound that is not the old one is rounded half up to whole percent, or to
 * half percent when the school's key has a bound that is not whole.
 */
function mover(bounds: Rational[], x0: Rational, t0: Rational, x: Rational, t: Rational) {
  const unit = bounds.every((b) => b.d === 1n) ? rational(1n) : rational(1n, 2n)
  return (v: Rational): Rational => {
    const moved = cmp(v, x0) >= 0 ? add(x, div(mul(sub(v, x0), sub(t, x)), sub(t0, x0))) : div(mul(v, x), x0)
    return cmp(moved, v) === 0 ? v : roundTo(moved, unit)
  }
}

/** The typed pass and top, checked against each other; the school's where a field is absent. */
function passAndTop(
  a: Adjustment,
  x0: Rational,
  t0: Rational,
  topMax: 'table' | 'widths',
  whole = false, // a table read in whole percent takes whole bounds only, as its document does
): { x: Rational; t: Rational } | Partial<Record<AdjustField, string>> {
  const errors: Partial<Record<AdjustField, string>> = {}
  let x = x0
  let t = t0
  if (given(a.pass)) {
    const typed = typedNumber(a.pass)
    if (typeof typed === 'string') errors.pass = typed
    else if (typed.n <= 0n || cmp(typed, HUNDRED) >= 0) errors.pass = MESSAGES.pass
    else if (whole && typed.d !== 1n) errors.pass = MESSAGES.whole
    else x = typed
  }
  const topMessage = topMax === 'table' ? MESSAGES.top : MESSAGES.topWidths
  if (given(a.top)) {
    const typed = typedNumber(a.top)
    if (typeof typed === 'string') errors.top = typed
    else if (cmp(typed, x) <= 0 || cmp(typed, HUNDRED) > (topMax === 'table' ? 0 : -1))
      errors.top = topMessage
    else if (whole && typed.d !== 1n) errors.top = MESSAGES.whole
    else t = typed
  } else if (errors.pass === undefined && cmp(x, t) >= 0) {
    // a pass typed at or above the school's top, which stays: the top is no longer above the pass
    errors.top = topMessage
  }
  return Object.keys(errors).length > 0 ? errors : { x, t }
}

/**
 * The errors of bounds that rounding made meet (best first; the pass bound at index `pass`): between
 * the top and the pass bound the top's message, below it the pass's; every bound stays above 0.
 */
function crowded(bounds: Rational[], pass: number): Partial<Record<AdjustField, string>> {
  const errors: Partial<Record<AdjustField, string>> = {}
  bounds.forEach((b, i) => {
    const below = bounds[i + 1] ?? ZERO
    if (cmp(b, below) > 0) return
    if (i < pass) errors.top = MESSAGES.topCrowded
    else errors.pass = MESSAGES.passCrowded
  })
  return errors
}

function adjustTable(doc: DocumentOf<'table'>, a: Adjustment): AdjustResult | ScaleDocument {
  const rule = doc.rule
  const rows = rule.bands
  const { fails } = systemOf(keyOf(doc))
  // the lowest passing band with a bound of its own (the last row takes the rest)
  let pass = -1
  rows.slice(0, -1).forEach((r, i) => {
    if (!fails(r.grade)) pass = i
  })
  const bounds = rows.slice(0, -1).map((r) => config(r.from))
  const known = bounds.filter((b): b is Rational => b !== undefined)
  const x0 = bounds[pass]
  const t0 = bounds[0]
  if (!given(a.pass) && !given(a.top)) return doc
  // a key without a pass bound below its top one (a table of two bands, a bound the document lacks)
  if (pass <= 0 || x0 === undefined || t0 === undefined || known.length !== bounds.length)
    return { ok: false, errors: given(a.pass) ? { pass: MESSAGES.pass } : { top: MESSAGES.top } }
  const got = passAndTop(a, x0, t0, 'table', rule.percentage === 'round' || rule.percentage === 'cut')
  if (!('x' in got)) return { ok: false, errors: got }
  const move = mover(known, x0, t0, got.x, got.t)
  const moved = known.map((b, i) => (i === 0 ? got.t : i === pass ? got.x : move(b)))
  const errors = crowded(moved, pass)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const bands = rows.map((r, i) => {
    const b = moved[i]
    return b === undefined || cmp(b, known[i] ?? ZERO) === 0 ? r : { ...r, from: toNumber(b) }
  })
  return { ...doc, rule: { ...rule, bands } }
}

const WIDTH_GRADES = ['1', '2', '3', '4', '5', '6'] as const

function adjustWidths(doc: DocumentOf<'widths'>, a: Adjustment): AdjustResult | ScaleDocument {
  const { grades } = doc.rule
  // grade 1's to 5's min, best first; grade 6 takes the rest down to 0
  const mins = WIDTH_GRADES.slice(0, 5).map((g) => config(grades[g].min) ?? ZERO)
  const x0 = mins[3] ?? ZERO
  const t0 = mins[0] ?? ZERO
  const got = passAndTop(a, x0, t0, 'widths')
  if (!('x' in got)) return { ok: false, errors: got }
  const move = mover(mins, x0, t0, got.x, got.t)
  const moved = mins.map((b, i) => (i === 0 ? got.t : i === 3 ? got.x : move(b)))
  const errors = crowded(moved, 3)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const next = { ...grades }
  WIDTH_GRADES.forEach((g, i) => {
    const old = grades[g]
    const min = moved[i]
    const above = i > 0 ? WIDTH_GRADES[i - 1] : undefined
    const max = above !== undefined && old.max === grades[above].min ? moved[i - 1] : undefined
    next[g] = {
      min: min === undefined ? old.min : toNumber(min),
      max: max === undefined ? old.max : toNumber(max),
    }
  })
  return { ...doc, rule: { ...doc.rule, grades: next } }
}

function adjustFormula(doc: DocumentOf<'formula'>, a: Adjustment): AdjustResult | ScaleDocument {
  const errors: Partial<Record<AdjustField, string>> = {}
  const rule = { ...doc.rule }
  if (given(a.top)) errors.top = MESSAGES.noTop
  if (given(a.pass)) {
    const typed = typedNumber(a.pass)
    if (typeof typed === 'string') errors.pass = typed
    else if (typed.n <= 0n || cmp(typed, HUNDRED) >= 0) errors.pass = MESSAGES.pass
    // the plain line's own pass mark on a formula without one: the school's key, nothing to write
    else if (rule.pass !== undefined || cmp(typed, SWISS_PASS) !== 0) rule.pass = toNumber(typed)
  }
  if (given(a.step)) {
    const typed = parseNumber(a.step)
    const step = typed && STEPS.map((s) => parseNumber(s)).find((s) => s !== null && cmp(s, typed) === 0)
    if (!step) errors.step = MESSAGES.step
    else rule.step = toNumber(step)
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ...doc, rule }
}

/**
 * The bounds the adjusted key moved, against the school's, band by band where both have the label. Of
 * the original's 16 bands only the grade mins (`4-` über 40): the bands within a grade follow from them
 * by the school's widths.
 */
function changesOf(school: Key, adjusted: Key): BoundChange[] {
  const changes: BoundChange[] = []
  for (const band of adjusted.bands) {
    if (!school.included && !band.label.endsWith('-')) continue
    const old = school.bands.find((b) => b.label === band.label)
    if (!band.from || !old?.from || cmp(band.from, old.from) === 0) continue
    changes.push({ grade: band.label, from: formatExact(band.from), was: formatExact(old.from) })
  }
  return changes
}

/**
 * The school's document with the adjustment applied (docs/spec.md §10): a valid document of the same
 * system and kind, with the basis, labels, widths and every other member the school's; or each refused
 * field's German message.
 */
export function adjust(doc: ScaleDocument, a: Adjustment): AdjustResult {
  const errors: Partial<Record<AdjustField, string>> = {}
  if (doc.adjustable === false) {
    // the school's decision: every field given is refused
    for (const f of ['pass', 'top', 'step'] as const) if (given(a[f])) errors[f] = MESSAGES.binding
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, doc, changes: [] }
  }
  if (doc.rule.kind !== 'formula' && given(a.step)) errors.step = MESSAGES.noStep
  const rule: Rule = doc.rule
  const done =
    rule.kind === 'widths'
      ? adjustWidths({ ...doc, rule }, a)
      : rule.kind === 'formula'
        ? adjustFormula({ ...doc, rule }, a)
        : adjustTable({ ...doc, rule }, a)
  if ('ok' in done)
    return done.ok || errors.step === undefined ? done : { ok: false, errors: { ...done.errors, ...errors } }
  if (errors.step !== undefined) return { ok: false, errors }
  if (JSON.stringify(done.rule) === JSON.stringify(doc.rule)) return { ok: true, doc, changes: [] }
  // a changed rule is no longer the preset's (the server refuses it under the preset's name)
  const adjusted = { ...done }
  delete adjusted.preset
  return { ok: true, doc: adjusted, changes: changesOf(keyOf(doc), keyOf(adjusted)) }
}

/** What the form offers for a document, with the school's values as texts (comma). */
export function adjustableFields(doc: ScaleDocument): { pass: string; top?: string; step?: string } {
  const { rule } = doc
  const text = (x: Rational | undefined) => (x === undefined ? '' : formatExact(x))
  if (rule.kind === 'formula')
    return {
      pass: text(config(rule.pass) ?? SWISS_PASS),
      step: text(config(rule.step) ?? rational(1n, 10n)),
    }
  if (rule.kind === 'widths')
    return { pass: text(config(rule.grades['4'].min)), top: text(config(rule.grades['1'].min)) }
  const { fails } = systemOf(keyOf(doc))
  const rows = rule.bands.slice(0, -1)
  const pass = rows.filter((r) => !fails(r.grade)).at(-1)
  return { pass: text(config(pass?.from)), top: text(config(rows[0]?.from)) }
}

// The address (docs/spec.md §10): /?schluessel=mathematik&stand=7&bestehen=45&beste=92&rundung=0,25&punkte=0,5
const PARAMS = { pass: 'bestehen', top: 'beste', step: 'rundung' } as const
const VERSION = 'stand'
const POINTS = 'punkte'
const SCALE = 'schluessel'
/** The Punkteschlüssel's step an address without `punkte` means. */
export const DEFAULT_POINTS = '0,5'

/**
 * The adjustment an address holds; null when it holds none (no `bestehen`, `beste`, `rundung` or
 * `punkte`). `version` is `stand`, 0 when it is absent or no version number.
 */
export function readAdjustment(
  search: string,
): { version: number; adjustment: Adjustment; points?: string } | null {
  const params = new URLSearchParams(search)
  const adjustment: Adjustment = {}
  for (const field of ['pass', 'top', 'step'] as const) {
    const value = params.get(PARAMS[field])
    if (value !== null && trimmed(value) !== '') adjustment[field] = value
  }
  const points = params.get(POINTS) ?? undefined
  if (Object.keys(adjustment).length === 0 && points === undefined) return null
  const stand = params.get(VERSION) ?? ''
  const version = /^[1-9][0-9]{0,9}$/.test(stand) ? Number(stand) : 0
  return points === undefined ? { version, adjustment } : { version, adjustment, points }
}

/**
 * The query with the adjustment written (null: none), other parameters kept: the scale first, then
 * `stand` (whenever an adjustment is written), `bestehen`, `beste`, `rundung`, `punkte` (left out for
 * the default step), then the rest in their order. Numbers with a comma, unescaped (url-inputs.ts).
 */
export function writeAdjustment(
  search: string,
  version: number,
  a: Adjustment | null,
  points?: string,
): string {
  const params = new URLSearchParams(search)
  const scale = params.get(SCALE)
  for (const name of [SCALE, VERSION, POINTS, ...Object.values(PARAMS)]) params.delete(name)
  const ours = new URLSearchParams()
  if (scale !== null) ours.append(SCALE, scale)
  const fields = (['pass', 'top', 'step'] as const).filter((f) => given(a?.[f]))
  if (fields.length > 0) ours.append(VERSION, String(version))
  for (const f of fields) ours.append(PARAMS[f], trimmed(a?.[f] ?? '').replace('.', COMMA))
  if (points !== undefined && points !== DEFAULT_POINTS) ours.append(POINTS, points)
  const query = [ours.toString(), params.toString()].filter(Boolean).join('&').replace(/%2C/gi, ',')
  return query === '' ? '' : `?${query}`
}

/**
 * Drops the teacher's adjustment from the page's address when another scale is chosen: it belongs to the
 * scale and version it was made on (docs/spec.md §10). The Punkteschlüssel's step stays.
 */
export function dropAdjustment(): void {
  const { pathname, search, hash } = window.location
  const next = writeAdjustment(search, 0, null, readAdjustment(search)?.points)
  if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash)
}
