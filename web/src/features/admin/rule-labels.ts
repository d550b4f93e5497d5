// The labels a table may use in each system, as internal/grading/system.go (System.label) reads them:
// the systems with a list of labels take exactly those texts; Switzerland takes any number from 1 to 6
// with at most two decimals, written with a comma or a dot, and stores it the shortest way ("4,50" is
// "4,5"). Every system allows a table; only Switzerland also has the formula.

/** Every system, in the order an admin picks them (grading.Systems). */
export const TABLE_SYSTEMS = [
  'noten-plus-minus',
  'noten',
  'noten-dezimal',
  'notenpunkte',
  'schweiz',
  'oesterreich',
] as const
export type TableSystem = (typeof TABLE_SYSTEMS)[number]

export const isTableSystem = (id: string): id is TableSystem =>
  (TABLE_SYSTEMS as readonly string[]).includes(id)

const whole = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1))

function plusMinus(): string[] {
  const out: string[] = []
  for (const g of whole(6)) for (const s of ['+', '', '-']) if (!(g === '6' && s === '-')) out.push(g + s)
  return out
}

const LABELS: Record<Exclude<TableSystem, 'schweiz'>, string[]> = {
  'noten-plus-minus': plusMinus(),
  noten: whole(6),
  'noten-dezimal': Array.from({ length: 51 }, (_, i) => ((10 + i) / 10).toFixed(1).replace('.', ',')),
  notenpunkte: Array.from({ length: 16 }, (_, i) => String(15 - i)),
  oesterreich: whole(5),
}

/** The labels to offer for a system, best first (for Switzerland its halves). */
export function labelsOf(system: TableSystem): string[] {
  if (system === 'schweiz') return Array.from({ length: 11 }, (_, i) => String(6 - i / 2).replace('.', ','))
  return LABELS[system]
}

/**
 * The rows a new table of a system starts with: the whole grades, best first (each grade with + and −
 * for the original's system, every point for Notenpunkte), bounds still to be typed.
 */
export function startLabels(system: TableSystem): string[] {
  switch (system) {
    case 'noten-dezimal':
      return whole(6).map((g) => `${g},0`)
    case 'schweiz':
      return whole(6).reverse()
    default:
      return LABELS[system]
  }
}

/** A label read as the system reads it: its stored text and its rank (smaller is better); null if unknown. */
export function readLabel(system: TableSystem, text: string): { text: string; rank: bigint } | null {
  if (system !== 'schweiz') {
    const i = LABELS[system].indexOf(text)
    return i < 0 ? null : { text, rank: BigInt(i) }
  }
  // grading.ParseNumber: an optional sign, digits, one comma or dot; at most 32 characters
  const m = /^[+-]?([0-9]*)(?:[.,]([0-9]*))?$/.exec(text)
  if (m === null || text.length > 32 || `${m[1] ?? ''}${m[2] ?? ''}` === '') return null
  const frac = m[2] ?? ''
  const scale = 10n ** BigInt(frac.length)
  let num = BigInt(`${m[1] ?? ''}${frac}` || '0')
  if (text.startsWith('-')) num = -num
  // a number from 1 to 6 in hundredths at most
  if (num < scale || num > 6n * scale || (num * 100n) % scale !== 0n) return null
  const hundredths = (num * 100n) / scale
  const int = String(hundredths / 100n)
  const rest = String(hundredths % 100n)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return { text: rest === '' ? int : `${int},${rest}`, rank: -hundredths }
}
