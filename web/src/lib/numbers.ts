import { POINT_NOTATION } from './notation.gen'
import { rational, type Rational } from './rational'

// Numbers read from people and written for them (docs/spec.md §3): the one place that knows how a
// number is typed and how it is shown. Every writer takes the decimal separator, the comma of the
// German systems by default; notationOf says which one a system writes (internal/grading/system.go).
// Typed numbers take either separator, whatever the system.

/** The decimal separator of the German and Austrian systems, and of labels and the API everywhere. */
export const COMMA = ','

/** How a system writes numbers on the page: its decimal separator and how a percentage ends. */
export interface Notation {
  separator: string
  percent: string
}

const GERMAN: Notation = { separator: COMMA, percent: '%' }

/** A system's notation: "4.5" and "78.3 %" in Switzerland, "4,5" and "78,3%" elsewhere. */
export function notationOf(system: string): Notation {
  const percent = POINT_NOTATION[system]
  return percent === undefined ? GERMAN : { separator: '.', percent }
}

/** Text written with commas (a label "4,75", a range "5,75–5,5", "78,3%") in a system's notation. */
export function inNotation(text: string, { separator, percent }: Notation): string {
  if (separator === COMMA && percent === '%') return text
  return text.replaceAll(COMMA, separator).replace(/%$/, percent)
}

const MAX_INPUT_LENGTH = 32
const NUMBER = /^([+-]?)(?:([0-9]+)(?:[.,]([0-9]*))?|[.,]([0-9]+))$/
const OUTER_WHITE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu

/** The text without Unicode white space at either end, as parseNumber reads it. */
export const trimmed = (input: string): string => input.replace(OUTER_WHITE_SPACE, '')

/**
 * Reads what a person typed: trimmed of Unicode white space, an optional sign, ASCII digits
 * and at most one comma or dot with digits on at least one side. Null when it is not a
 * number, including anything longer than 32 characters.
 */
export function parseNumber(input: string): Rational | null {
  const s = trimmed(input)
  if (s.length > MAX_INPUT_LENGTH) return null
  const m = NUMBER.exec(s)
  if (m === null) return null
  const [, sign = '', whole = '', frac1 = '', frac2 = ''] = m
  const frac = frac1 + frac2
  const digits = BigInt(whole + frac || '0')
  return rational(sign === '-' ? -digits : digits, 10n ** BigInt(frac.length))
}

// A configuration holds percentages as JSON numbers with at most 4 decimals (docs/spec.md §4).
const CONFIG_SCALE = 10_000n

/**
 * Converts a configuration number (a JSON number with at most 4 decimal places) exactly:
 * toFixed(4) gives the decimal the JSON text meant, which is then read as an integer of
 * ten-thousandths. Returns null for values toFixed cannot write in plain notation.
 */
export function fromConfigNumber(x: number): Rational | null {
  const m = /^(-?)(\d+)\.(\d{4})$/.exec(x.toFixed(4))
  if (m === null) return null
  const [, sign = '', whole = '', frac = ''] = m
  const n = BigInt(whole + frac)
  return rational(sign === '-' ? -n : n, CONFIG_SCALE)
}

/** |x| × 10^places rounded half away from zero, and x's sign. */
export function roundHalfAway(x: Rational, places: number): { negative: boolean; units: bigint } {
  const abs = x.n < 0n ? -x.n : x.n
  // floor(|x|·scale + 1/2) = floor((2·|n|·scale + d) / (2·d))
  return { negative: x.n < 0n, units: (2n * abs * 10n ** BigInt(places) + x.d) / (2n * x.d) }
}

/** Units of 10^-places as decimal text with exactly `places` decimals: 1234n, 2 → "12,34". */
export function decimalText(units: bigint, places: number, separator = COMMA): string {
  const digits = units.toString().padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  return places > 0 ? `${whole}${separator}${digits.slice(digits.length - places)}` : whole
}

/**
 * A threshold exactly: as many decimals as it has, trailing zeros dropped ("85", "89,9995").
 * Thresholds of a valid configuration are multiples of 10^-10; anything longer is cut there.
 */
export function formatExact(x: Rational, separator = COMMA): string {
  const places = 10
  const abs = x.n < 0n ? -x.n : x.n
  const digits = ((abs * 10n ** BigInt(places)) / x.d).toString().padStart(places + 1, '0')
  const whole = digits.slice(0, -places)
  const frac = digits.slice(-places).replace(/0+$/, '')
  const text = frac === '' ? whole : `${whole}${separator}${frac}`
  return x.n < 0n && /[1-9]/.test(digits) ? `-${text}` : text
}
