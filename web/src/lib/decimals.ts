import { COMMA, decimalText, roundHalfAway } from './numbers'
import type { Rational } from './rational'

// Rounded decimals for the parts that load after the first render (the Punkteschlüssel, the Notenspiegel,
// the Zeugnisnote, the table of systems); apart from numbers.ts, whose module is part of the calculator
// route's first download (its budget: docs/benchmarks.md).

/**
 * Rounds |x| × 10^places half away from zero and writes it keeping exactly `places` decimals. The
 * sign is returned separately so callers decide how to show it.
 */
export function roundedDecimal(
  x: Rational,
  places: number,
  separator = COMMA,
): { negative: boolean; text: string } {
  const { negative, units } = roundHalfAway(x, places)
  return { negative, text: decimalText(units, places, separator) }
}

/** x at most `places` decimals, half away from zero, trailing zeros dropped: "33,5", "36", "0,25". */
export function formatDecimal(x: Rational, places: number, separator = COMMA): string {
  const { negative, units } = roundHalfAway(x, places)
  let digits = places
  let shown = units
  while (digits > 0 && shown % 10n === 0n) {
    shown /= 10n
    digits--
  }
  return `${negative ? '-' : ''}${decimalText(shown, digits, separator)}`
}
