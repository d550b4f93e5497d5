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
