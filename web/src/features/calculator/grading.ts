import type { GradingConfig } from '@/lib/config'
import { gradeBands, type GradeLabel } from '@/lib/grade-table'
import { add, cmp, div, mul, rational, roundedDecimal, type Rational } from '@/lib/rational'

// The grade rule of docs/spec.md §3–§4 for the browser: the only place in the web app that turns
// typed points into a percentage and a grade. The bands come from lib/grade-table, which
// the table uses too. Proven against testdata/grading/ together with internal/grading.

export interface Result {
  /** "76,7%", or "" when the outputs are cleared. */
  percentage: string
  /** "2-", "?" when the configuration lacks a width the decision needs, or "". */
  grade: GradeLabel | '1+' | '?' | ''
}

const CLEARED: Result = { percentage: '', grade: '' }
const HUNDRED = rational(100n)
const MAX_INPUT_LENGTH = 32
const NUMBER = /^([+-]?)(?:([0-9]+)(?:[.,]([0-9]*))?|[.,]([0-9]+))$/
const OUTER_WHITE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu

/**
 * Reads what a person typed: trimmed of Unicode white space, an optional sign, ASCII digits
 * and at most one comma or dot with digits on at least one side. Null when it is not a
 * number, including anything longer than 32 characters.
 */
export function parseNumber(input: string): Rational | null {
  const s = input.replace(OUTER_WHITE_SPACE, '')
  if (s.length > MAX_INPUT_LENGTH) return null
  const m = NUMBER.exec(s)
  if (m === null) return null
  const [, sign = '', whole = '', frac1 = '', frac2 = ''] = m
  const frac = frac1 + frac2
  const digits = BigInt(whole + frac || '0')
  return rational(sign === '-' ? -digits : digits, 10n ** BigInt(frac.length))
}

/** p at `places` decimals, half away from zero, as a value and as text; zero has no sign ("0,0%"). */
function rounded(p: Rational, places: number): { value: Rational; text: string } {
  const { negative, text } = roundedDecimal(p, places)
  const units = BigInt(text.replace(',', ''))
  return {
    value: rational(negative ? -units : units, 10n ** BigInt(places)),
    text: `${negative && units !== 0n ? '-' : ''}${text}%`,
  }
}

/**
 * The percentage as shown beside the table (docs/spec.md §3): one decimal, half away from zero, unless
 * that text would fall into another band than p ("89,96%" is a 1-, "90,0%" would read as a 1); then as
 * many decimals as it takes, at most 10, and past that the neighbour at 10 places on p's side.
 */
export function formatPercentage(config: GradingConfig, p: Rational): string {
  const want = gradeOf(config, p)
  let t = rounded(p, 1)
  for (let places = 2; gradeOf(config, t.value) !== want; places++) {
    t =
      places > 10
        ? rounded(add(t.value, rational(BigInt(cmp(p, t.value)), 10n ** 10n)), 10)
        : rounded(p, places)
  }
  return t.text
}

/** The grade for the exact percentage p (docs/spec.md §4). */
export function gradeOf(config: GradingConfig, p: Rational): Result['grade'] {
  if (cmp(p, HUNDRED) > 0) return '1+'
  if (p.n <= 0n) return '6'
  // p ≤ 100 here, so "p ≥ 100 counts too for the grade whose max is 100" needs no extra case.
  const grade = gradeBands(config).find(
    ({ min, max }) => min !== null && max !== null && cmp(p, min) > 0 && cmp(p, max) <= 0,
  )
  if (grade === undefined) return '?'
  let chosen: GradeLabel | undefined
  for (const { label, bounds } of grade.bands) {
    if (bounds === null) return '?'
    // Bands are highest first; p belongs to the first whose lower bound it exceeds, else the last.
    if (chosen === undefined && cmp(p, bounds.low) > 0) chosen = label
  }
  return chosen ?? grade.bands[grade.bands.length - 1]?.label ?? '?'
}

/** Percentage and grade for the two typed values; both "" when either is empty, zero or not a number. */
export function calculate(config: GradingConfig, total: string, achieved: string): Result {
  const t = parseNumber(total)
  const a = parseNumber(achieved)
  if (t === null || a === null || t.n === 0n || a.n === 0n) return CLEARED
  const p = div(mul(HUNDRED, a), t)
  return { percentage: formatPercentage(config, p), grade: gradeOf(config, p) }
}
