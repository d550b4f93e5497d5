import { roundedDecimal } from '@/lib/decimals'
import { COMMA, type Notation } from '@/lib/numbers'
import { cmp, rational, type Rational } from '@/lib/rational'

// How numbers and typed texts read in the messages and the working, byte for byte as
// internal/zeugnis (working.go, parse.go) writes them.

/** A checked category: its grades as typed (trimmed), their values and weights, and its mean (null without grades). */
export interface CheckedCategory {
  name: string
  weight: Rational
  texts: string[]
  values: Rational[]
  weights: Rational[]
  mean: Rational | null
}

/** Go's big.Rat FloatString with a comma: rounded half away from zero to `places` decimals. */
function fixed(x: Rational, places: number): string {
  const { negative, text } = roundedDecimal(x, places)
  return (negative ? '-' : '') + text
}

/** A number that has at most two decimals, with exactly two and a comma: "2,10". */
export const fixedTwo = (x: Rational) => fixed(x, 2)

/**
 * A number for people: exact with a comma when it has at most four decimals ("1,7", "2", "4,25"),
 * else "≈" and four decimals rounded.
 */
export function decimal(x: Rational): string {
  const text = fixed(x, 4).replace(/0+$/, '').replace(/,$/, '')
  return (x.n * 10_000n) % x.d === 0n ? text : `≈ ${text}`
}

/** "= 2,3" for an exact value and "≈ 2,2611" for one that is not. */
function equals(x: Rational): string {
  const d = decimal(x)
  return d.startsWith('≈') ? d : `= ${d}`
}

/** Go's unicode.IsGraphic: letters, marks, numbers, punctuation, symbols and the space separators. */
const GRAPHIC = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]$/u
const SHORT_ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
}

/** One character as Go's strconv.QuoteToGraphic writes it, the double quote left as it is. */
function graphicChar(c: string): string {
  if (c === '\\') return '\\\\'
  if (c === '"' || GRAPHIC.test(c)) return c
  const short = SHORT_ESCAPES[c]
  if (short !== undefined) return short
  const code = c.codePointAt(0) ?? 0
  const hex = code.toString(16)
  if (code < 0x20 || code === 0x7f) return `\\x${hex.padStart(2, '0')}`
  return code < 0x10000 ? `\\u${hex.padStart(4, '0')}` : `\\U${hex.padStart(8, '0')}`
}

/**
 * A typed text with control and format characters escaped, at most 40 characters and "…": a message
 * cannot act on the terminal. A lone surrogate (no Unicode text) is U+FFFD, as Go reads it from JSON.
 */
export function graphic(text: string): string {
  let chars = Array.from(text.replace(/\p{Surrogate}/gu, '\uFFFD'))
  if (chars.length > 40) chars = [...chars.slice(0, 40), '…']
  return chars.map(graphicChar).join('')
}

/** A typed text as a message shows it: „…“ around the graphic text. */
export const quoted = (text: string) => `„${graphic(text)}“`

/** One sentence of the working: a category's grades, their values and weights, and its mean. */
export function categoryStep(c: CheckedCategory): string {
  const one = rational(1n)
  const parts = c.values.map((v, i) => {
    let part = graphic(c.texts[i] ?? '')
    // "2- = 1,7" for an exact value, "2- ≈ 2,3333" for one that is not (never "= ≈").
    if (decimal(v) !== part) part += ` ${equals(v)}`
    const w = c.weights[i] ?? one
    if (cmp(w, one) !== 0) part += ` (Gewicht ${decimal(w)})`
    return part
  })
  return `Kategorie ${quoted(c.name)} (Gewicht ${decimal(c.weight)}): ${parts.join(', ')}; Durchschnitt ${decimal(c.mean ?? one)}.`
}

/** The sentence of the weighted mean of the categories that have grades. */
export function averageStep(cats: CheckedCategory[], avg: Rational, total: Rational): string {
  const terms = cats.flatMap((c) =>
    c.mean === null ? [] : [`${decimal(c.weight)} · ${decimal(c.mean).replace(/^≈ /, '')}`],
  )
  return `Gewichteter Durchschnitt der Kategorien: (${terms.join(' + ')}) : ${decimal(total)} ${equals(avg)}.`
}

/**
 * A step of the working, a sentence with numbers in it ("4, 4,5; Durchschnitt 4,25") in a system's notation: only a comma between
 * two digits is a decimal one, so the commas that separate a list stay.
 */
export function sentenceInNotation(text: string, { separator }: Notation): string {
  return separator === COMMA ? text : text.replace(/(\d),(?=\d)/g, `$1${separator}`)
}
