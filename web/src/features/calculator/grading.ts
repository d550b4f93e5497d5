import { gradeOf, onBasis, type Key } from '@/lib/key'
import { decimalText, parseNumber, roundHalfAway } from '@/lib/numbers'
import { add, cmp, div, mul, rational, type Rational } from '@/lib/rational'

// The calculator of docs/spec.md §3 for the browser: the only place in the web app that turns typed
// points into a percentage and a grade, on a scale's Key (lib/key.ts), which the table reads too.
// Proven against testdata/grading/ together with internal/grading.

export interface Result {
  /** "76,7%", or "" when the outputs are cleared. */
  percentage: string
  /** The band's label ("2-", "13", "4,75"), "?" when the document lacks a width the decision needs, or "". */
  grade: string
  /** The grade in the system's other words ("1-" for 13 Notenpunkte), where it has them. */
  alt?: string | undefined
}

const CLEARED: Result = { percentage: '', grade: '' }
const HUNDRED = rational(100n)
/** p at `places` decimals, half away from zero, as a value and as text; zero has no sign ("0,0%"). */
function rounded(p: Rational, places: number): { value: Rational; text: string } {
  const { negative, units } = roundHalfAway(p, places)
  return {
    value: rational(negative ? -units : units, 10n ** BigInt(places)),
    text: `${negative && units !== 0n ? '-' : ''}${decimalText(units, places)}%`,
  }
}

/**
 * The percentage as shown beside the table (docs/spec.md §3): one decimal, half away from zero, unless
 * that text would fall into another band than p ("89,96%" is a 1-, "90,0%" would read as a 1); then as
 * many decimals as it takes, at most 10, and past that the neighbour at 10 places on p's side. A key
 * that grades a whole percent shows that whole percent ("95%").
 */
export function formatPercentage(key: Key, p: Rational): string {
  if (key.basis !== 'exact') return rounded(onBasis(key.basis, p), 0).text
  const want = gradeOf(key, p).label
  let t = rounded(p, 1)
  for (let places = 2; gradeOf(key, t.value).label !== want; places++) {
    t =
      places > 10
        ? rounded(add(t.value, rational(BigInt(cmp(p, t.value)), 10n ** 10n)), 10)
        : rounded(p, places)
  }
  return t.text
}

/** Percentage and grade for the two typed values; all "" when either is empty, zero or not a number. */
export function calculate(key: Key, total: string, achieved: string): Result {
  const t = parseNumber(total)
  const a = parseNumber(achieved)
  if (t === null || a === null || t.n === 0n || a.n === 0n) return CLEARED
  const p = div(mul(HUNDRED, a), t)
  const { label, alt } = gradeOf(key, p)
  return { percentage: formatPercentage(key, p), grade: label, alt }
}
