import { cmp, div, rational, type Rational } from '@/lib/rational'
import { decimal, labelList, numbersFrom, systemData, written } from '@/lib/systems'
import { SYSTEM_IDS } from '@/lib/systems.gen'

// The labels a table may use in each system, as internal/grading/system.go (System.label) reads them,
// from its table (lib/systems.gen.ts): a system with a list of labels takes exactly those texts; a
// system of numbers in a range (Switzerland) takes any number of the range at its step, written with a
// comma or a dot, and stores it the shortest way ("4,50" is "4,5"). Every system allows a table.

/** Every system, in the order an admin picks them (grading.Systems). */
export const TABLE_SYSTEMS = SYSTEM_IDS
export type TableSystem = (typeof TABLE_SYSTEMS)[number]

export const isTableSystem = (id: string): id is TableSystem =>
  (TABLE_SYSTEMS as readonly string[]).includes(id)

const isWhole = (v: Rational) => v.d === 1n

/** The numbers of a system without a list, from best to worst in steps of `step`, written shortest. */
function rangeLabels(system: TableSystem, step: Rational): string[] {
  const nb = systemData(system)?.numbers
  return nb === undefined ? [] : numbersFrom(nb.best, nb.worst, step).map((v) => written(v, 0))
}

/** The labels to offer for a system, best first (for a system of numbers in a range its halves). */
export function labelsOf(system: TableSystem): string[] {
  const s = systemData(system)
  const list = s === undefined ? [] : labelList(s)
  return list.length > 0 ? list : rangeLabels(system, rational(1n, 2n))
}

/**
 * The rows a new table of a system starts with: its labels of whole value, best first (each grade with +
 * and − for the original's system, every point for Notenpunkte, 1,0 to 6,0 in decimals), bounds still to
 * be typed.
 */
export function startLabels(system: TableSystem): string[] {
  const s = systemData(system)
  const list = s === undefined ? [] : labelList(s)
  if (list.length === 0) return rangeLabels(system, rational(1n))
  const values = s?.values?.split(' ')
  return list.filter((label, i) => isWhole(decimal(values?.[i] ?? label)))
}

/** A label read as the system reads it: its stored text and its rank (smaller is better); null if unknown. */
export function readLabel(system: TableSystem, text: string): { text: string; rank: bigint } | null {
  const s = systemData(system)
  const nb = s?.numbers
  if (s === undefined || nb === undefined || nb.list) {
    const i = (s === undefined ? [] : labelList(s)).indexOf(text)
    return i < 0 ? null : { text, rank: BigInt(i) }
  }
  // grading.ParseNumber: an optional sign, digits, one comma or dot; at most 32 characters
  const m = /^[+-]?([0-9]*)(?:[.,]([0-9]*))?$/.exec(text)
  if (m === null || text.length > 32 || `${m[1] ?? ''}${m[2] ?? ''}` === '') return null
  const frac = m[2] ?? ''
  let num = BigInt(`${m[1] ?? ''}${frac}` || '0')
  if (text.startsWith('-')) num = -num
  const v = rational(num, 10n ** BigInt(frac.length))
  const [lo, hi] = [decimal(nb.worst), decimal(nb.best)].sort(cmp)
  if (lo === undefined || hi === undefined || cmp(v, lo) < 0 || cmp(v, hi) > 0) return null
  // in steps of the system's step (hundredths in Switzerland)
  const steps = div(v, decimal(nb.step))
  if (steps.d !== 1n) return null
  return { text: written(v, 0), rank: s.higherIsBetter ? -steps.n : steps.n }
}
