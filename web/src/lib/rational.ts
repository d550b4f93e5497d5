// Exact rational arithmetic on native BigInt. Grade decisions and every number the app
// displays go through here, never through binary floating point (docs/spec.md §3).

/** A fraction n/d in lowest terms with d > 0. */
export interface Rational {
  readonly n: bigint
  readonly d: bigint
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) {
    ;[x, y] = [y, x % y]
  }
  return x
}

export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('rational: division by zero')
  if (d < 0n) {
    n = -n
    d = -d
  }
  const g = gcd(n, d)
  return g > 1n ? { n: n / g, d: d / g } : { n, d }
}

export const add = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d)
export const sub = (a: Rational, b: Rational): Rational => rational(a.n * b.d - b.n * a.d, a.d * b.d)
export const mul = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d)
export const div = (a: Rational, b: Rational): Rational => rational(a.n * b.d, a.d * b.n)

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function cmp(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.n * b.d
  const r = b.n * a.d
  return l < r ? -1 : l > r ? 1 : 0
}

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
  return rational(sign === '-' ? -n : n, 10_000n)
}

/**
 * Rounds |x| × 10^places half away from zero and writes it with a comma, keeping
 * exactly `places` decimals. The sign is returned separately so callers decide how to show it.
 */
export function roundedDecimal(x: Rational, places: number): { negative: boolean; text: string } {
  const scale = 10n ** BigInt(places)
  const abs = x.n < 0n ? -x.n : x.n
  // floor(|x|·scale + 1/2) = floor((2·|n|·scale + d) / (2·d))
  const q = (2n * abs * scale + x.d) / (2n * x.d)
  const digits = q.toString().padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const frac = digits.slice(digits.length - places)
  return { negative: x.n < 0n, text: places > 0 ? `${whole},${frac}` : whole }
}
