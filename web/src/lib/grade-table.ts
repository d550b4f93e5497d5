import type { Key } from './key'
import { COMMA, formatExact } from './numbers'
import { cmp, rational } from './rational'

// The grade table of a Key (lib/key.ts): each band with its exact bounds as text. The calculator's
// grade and the table read the same bands, so the two can never disagree.

export const GRADES = ['1', '2', '3', '4', '5', '6'] as const
export type Grade = (typeof GRADES)[number]

export const GRADE_LABELS = [
  '1',
  '1-',
  '2+',
  '2',
  '2-',
  '3+',
  '3',
  '3-',
  '4+',
  '4',
  '4-',
  '5+',
  '5',
  '5-',
  '6+',
  '6',
] as const
export type GradeLabel = (typeof GRADE_LABELS)[number]

/**
 * A cell of the grade table: a band with its exact bounds, as internal/grading.Table writes them for
 * the original (a percentage above `over` and at most `upTo` gets the grade). In a key of "ab" bounds
 * `over` itself gets the grade. The lowest band has no lower end (`over` is "–"); an empty band says
 * "entfällt"; "?" where the document lacks a width it needs.
 */
export interface TableCell {
  grade: string
  over: string
  upTo: string
}

/** What the table writes for a bound that does not exist, and for a band no percentage gets. */
export const NONE = '–'
export const EMPTY = 'entfällt'

const HUNDRED = rational(100n)
const ZERO = rational(0n)

/** A cell as one phrase, where the band is read in a sentence or a list: "über 85 bis 89,9995", "ab 90", "bis 10". */
export function cellText({ over, upTo }: TableCell, included = false): string {
  if (over === EMPTY) return EMPTY
  if (over === '?' || upTo === '?') return '?'
  if (included) return over === NONE ? `unter ${upTo}` : `ab ${over}`
  return over === NONE ? `bis ${upTo}` : `über ${over} bis ${upTo}`
}

/**
 * The key's bands with their exact bounds ("?" when unknown): `over` is the lower one (excluded or,
 * in a key of "ab" bounds, included), `upTo` the upper one, the better band's lower bound, 100 for the best;
 * the bounds written with the system's separator (lib/numbers.ts notationOf).
 */
export function table(key: Key, separator = COMMA): TableCell[] {
  return key.bands.map(({ label, from }, i): TableCell => {
    const upper = i === 0 ? HUNDRED : key.bands[i - 1]?.from
    if (from === undefined || upper == null) return { grade: label, over: '?', upTo: '?' }
    // The last band reaches down to 0 % (0 points): it is empty when the band above starts there.
    const c = cmp(from ?? ZERO, upper)
    if (c > 0 || (c === 0 && (i > 0 || !key.included))) return { grade: label, over: EMPTY, upTo: NONE }
    return {
      grade: label,
      over: from === null ? NONE : formatExact(from, separator),
      upTo: formatExact(upper, separator),
    }
  })
}
