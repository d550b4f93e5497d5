import { formatDecimal } from '@/lib/decimals'
import { gradeOf, type Key } from '@/lib/key'
import { COMMA } from '@/lib/numbers'
import { div, mul, rational, type Rational } from '@/lib/rational'

// The Punkteschlüssel: for a total, the points range of each band of the key. It decides no grade
// itself: every multiple k·step in [0, total] is graded by gradeOf, the calculator's rule, so the
// ranges agree with the calculator by construction. Same method as Go's grading.PointsTable.

export const POINT_STEPS = [
  // short: what narrow screens show instead of the label
  { value: '1', label: 'Ganze Punkte', short: 'Ganze', step: rational(1n) },
  { value: '0,5', label: 'Halbe Punkte', short: 'Halbe', step: rational(1n, 2n) },
  { value: '0,25', label: 'Viertelpunkte', short: 'Viertel', step: rational(1n, 4n) },
] as const
export type PointStep = (typeof POINT_STEPS)[number]['value']
export const DEFAULT_STEP: PointStep = '0,5'

/** One band's smallest and largest multiple of the step in points; both null when none has its grade. */
export interface PointsBand {
  grade: string
  min: Rational | null
  max: Rational | null
}

const HUNDRED = rational(100n)

/**
 * Every band of the key for total > 0 and step > 0; null when the document lacks a width (its table
 * shows "? - ?" then). The grade only improves as the points rise, so band b's multiples are the k
 * from the first k graded b or better up to just before the first graded better than b: one binary
 * search per band instead of grading every multiple of a large total. 0 points get the last band. A
 * band that no multiple of the step reaches has no range (both null).
 */
export function pointsTable(key: Key, total: Rational, step: Rational): PointsBand[] | null {
  if (total.n <= 0n || step.n <= 0n) return null
  if (key.bands.some((b) => b.from === undefined)) return null
  const ratio = div(total, step)
  const n = ratio.n / ratio.d // floor: both positive
  const at = (k: bigint): Rational => mul(rational(k), step)
  const rank = (k: bigint): number => key.bands.indexOf(gradeOf(key, div(mul(HUNDRED, at(k)), total)))
  // first[b]: the smallest k graded b or better (n + 1 when none)
  const first = key.bands.map((_, b) => firstTrue(n, (k) => rank(k) <= b))
  return key.bands.map(({ label: grade }, b) => {
    const lo = first[b] ?? n + 1n
    const hi = (b === 0 ? n + 1n : (first[b - 1] ?? 0n)) - 1n
    return lo <= hi ? { grade, min: at(lo), max: at(hi) } : { grade, min: null, max: null }
  })
}

/** The smallest k in [0, n] for which the monotone pred holds, n + 1 when none does. */
function firstTrue(n: bigint, pred: (k: bigint) => boolean): bigint {
  let lo = 0n
  let hi = n + 1n
  while (lo < hi) {
    const mid = (lo + hi) / 2n
    if (pred(mid)) hi = mid
    else lo = mid + 1n
  }
  return lo
}

/** Points as people read them: "33,5", "36", "0,25" (multiples of a quarter are exact in 2 decimals). */
export const formatPoints = (x: Rational, separator = COMMA): string => formatDecimal(x, 2, separator)

/** "1 Punkt", "0,5 Punkte", "40 Punkte": German singular only for exactly one. */
export function pointsText(x: Rational, separator = COMMA): string {
  const text = formatPoints(x, separator)
  return `${text} ${text === '1' ? 'Punkt' : 'Punkte'}`
}
