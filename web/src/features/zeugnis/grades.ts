import { add, cmp, rational, sub, type Rational } from '@/lib/rational'

// The grammars of docs/spec.md §9, as internal/zeugnis/parse.go: ASCII digits only ([0-9], never \d),
// and only spaces and tabs around a text are cut.

export type ZeugnisSystem = 'de' | 'np' | 'ch' | 'at'

const DE_WHOLE = /^([1-6])([+\-−]?)$/
const DE_DECIMAL = /^[1-6][.,][0-9]{1,2}$/
const NP_POINTS = /^[0-9]{1,2}$/
const CH_GRADE = /^[1-6]([.,][0-9]{1,2})?$/
const AT_GRADE = /^[1-5]$/
const WEIGHT = /^[0-9]{1,9}([.,][0-9]{1,6})?$/

/** Go's strings.Trim(text, " \t"): the only white space a grade, weight or setting may have around it. */
export const trimBlank = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '')

/** A text the grammars above have accepted (digits, at most one comma or dot) as its number. */
function numberOf(text: string): Rational {
  const [whole = '', frac = ''] = text.split(/[.,]/)
  return rational(BigInt(whole + frac), 10n ** BigInt(frac.length))
}

function inRange(value: Rational, lo: bigint, hi: bigint): Rational | null {
  return cmp(value, rational(lo)) < 0 || cmp(value, rational(hi)) > 0 ? null : value
}

/** The number a grade text stands for in its system, or null when the text is no grade of it. */
export function gradeValue(system: ZeugnisSystem, tendency: Rational, text: string): Rational | null {
  const t = trimBlank(text)
  switch (system) {
    case 'de': {
      const m = DE_WHOLE.exec(t)
      if (m !== null) {
        const [, digit = '', sign = ''] = m
        const v = rational(BigInt(digit))
        if (sign === '+') return sub(v, tendency)
        if (sign === '') return v
        // 6- is below the worst grade
        return digit === '6' ? null : add(v, tendency)
      }
      return DE_DECIMAL.test(t) ? inRange(numberOf(t), 1n, 6n) : null
    }
    case 'np':
      return NP_POINTS.test(t) ? inRange(numberOf(t), 0n, 15n) : null
    case 'ch':
      return CH_GRADE.test(t) ? inRange(numberOf(t), 1n, 6n) : null
    case 'at':
      return AT_GRADE.test(t) ? numberOf(t) : null
  }
}

/** A weight: a whole or decimal number with comma or dot, greater than 0; null otherwise. */
export function parseWeight(text: string): Rational | null {
  const t = trimBlank(text)
  if (!WEIGHT.test(t)) return null
  const w = numberOf(t)
  return w.n > 0n ? w : null
}

/** The value of + and − in de: 0,3, 0,25 or exactly a third; null otherwise. */
export function parseTendency(text: string): Rational | null {
  switch (trimBlank(text)) {
    case '0,3':
    case '0.3':
      return rational(3n, 10n)
    case '0,25':
    case '0.25':
      return rational(1n, 4n)
    case '1/3':
      return rational(1n, 3n)
  }
  return null
}

/** The Swiss proposal step: 0,5, 1 or 0,1; null otherwise. */
export function parseStep(text: string): Rational | null {
  switch (trimBlank(text)) {
    case '0,5':
    case '0.5':
      return rational(1n, 2n)
    case '1':
      return rational(1n)
    case '0,1':
    case '0.1':
      return rational(1n, 10n)
  }
  return null
}
