import { COMMA, formatExact } from './numbers'
import type { Rational } from './rational'

// The numbers of a configuration as the admin's forms read and write them: JSON numbers with at most
// 4 decimals (docs/spec.md §4). Apart from lib/numbers.ts, which the calculator route loads in its
// first chunk (vite.config.ts), because only the admin needs them.

const CONFIG_SCALE = 10_000n

/** Whether x has at most the 4 decimals a configuration number may have. */
export const fitsConfig = (x: Rational): boolean => CONFIG_SCALE % x.d === 0n

/** x, which fitsConfig, as the JSON number a configuration holds: the double nearest its decimal, never -0. */
export const toConfigNumber = (x: Rational): number => Number(formatExact(x, '.'))

/** A configuration number as a form shows it: no exponent, trailing zeros dropped ("33,33", "85", "0,0001"). */
export function formatConfigNumber(x: number | undefined, separator = COMMA): string {
  if (x === undefined || !Number.isFinite(x)) return ''
  return x
    .toFixed(4)
    .replace(/\.?0+$/, '')
    .replace('.', separator)
    .replace(/^-0$/, '0')
}
