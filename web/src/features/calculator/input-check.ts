import { gradeOf, type Key } from '@/lib/key'
import { COMMA, inNotation, notationOf, parseNumber, type Notation } from '@/lib/numbers'
import { cmp, div, mul, rational, type Rational } from '@/lib/rational'
import { gradeName } from '@/lib/systems'
import { pointsText } from './points-table'

// What the calculator says about its two inputs, in German, at the field. The outputs
// still follow docs/spec.md §3 alone: empty, zero or not a number clears them; a warning never changes a
// result. A grade a sentence names is the scale's own, from its key: 0 points are a 6 in the original,
// a 1 in Switzerland, 0 Punkte in the Oberstufe. Loaded after the first render (use-input-feedback.ts):
// it is not needed before a person has typed and paused, and the route's JS has a budget.

export interface InputProblem {
  text: string
  /** An error (the value cannot be used) or a warning (it is used, by the rule, but looks wrong). */
  level: 'error' | 'warning' | 'note'
  /** The achieved points judged against the total: shown only when neither field is being typed in. */
  againstTotal?: true
}

export interface InputProblems {
  total: InputProblem | null
  achieved: InputProblem | null
}

const FORMS = 'Möglich sind zum Beispiel 12, 12,5 oder 12.5.'
const ZERO = rational(0n)
const HUNDRED = rational(100n)

/** " (Note 6)", " (0 Punkte)", " (Note 6.0)": the grade the key gives p; "" where there is none to tell. */
function named(key: Key, p: Rational | null): string {
  if (p === null) return ''
  const { label } = gradeOf(key, p)
  return label === '?' ? '' : ` (${gradeName(key, inNotation(label, notationOf(key.system)))})`
}

/** "1.000" or "-2.500": a dot with exactly three digits after it, as a German thousands separator. */
const THOUSANDS = /^\s*[+-]?\d{1,3}\.\d{3}\s*$/

/** The raw text quoted, shortened so that a pasted paragraph does not fill the page. */
function quoted(raw: string): string {
  const t = raw.trim()
  return `„${t.length > 24 ? `${t.slice(0, 23)}…` : t}“`
}

// Where a system writes decimals with a point (Switzerland), "1.000" is plainly one, not a thousand.
function common(raw: string, { separator }: Notation): InputProblem | null {
  if (raw.trim() === '') return null
  if (parseNumber(raw) === null) return { level: 'error', text: `${quoted(raw)} ist keine Zahl. ${FORMS}` }
  if (separator === COMMA && THOUSANDS.test(raw)) {
    const t = raw.trim()
    return {
      level: 'warning',
      text: `${quoted(t)} wird als ${t.replace('.', COMMA)} gelesen. Für tausend bitte ${t.replace('.', '')} eingeben.`,
    }
  }
  return null
}

export function inputProblems(key: Key, totalText: string, achievedText: string): InputProblems {
  const total = parseNumber(totalText)
  const achieved = parseNumber(achievedText)
  const notation = notationOf(key.system)
  let totalProblem = common(totalText, notation)
  let achievedProblem = common(achievedText, notation)
  if (totalProblem === null && total !== null) {
    const sign = cmp(total, ZERO)
    if (sign === 0) totalProblem = { level: 'error', text: 'Die Gesamtpunktzahl muss größer als 0 sein.' }
    else if (sign < 0)
      totalProblem = {
        level: 'warning',
        text: 'Die Gesamtpunktzahl ist negativ. Das Ergebnis wird trotzdem nach der Regel berechnet.',
      }
  }
  if (achievedProblem === null && achieved !== null) {
    // the percentage the calculator grades (docs/spec.md §3), where the total allows one
    const percentage = total !== null && total.n !== 0n ? div(mul(HUNDRED, achieved), total) : null
    const sign = cmp(achieved, ZERO)
    if (sign === 0)
      achievedProblem = {
        level: 'note',
        text: `Bei 0 Punkten bleibt das Ergebnis leer; im Punkteschlüssel haben 0 Punkte trotzdem eine Note${named(key, ZERO)}.`,
      }
    else if (sign < 0)
      achievedProblem = {
        level: 'warning',
        text: `Punkte können nicht negativ sein. Das Ergebnis wird trotzdem nach der Regel berechnet${named(key, percentage)}.`,
      }
    else if (total !== null && cmp(total, ZERO) > 0 && cmp(achieved, total) > 0) {
      achievedProblem = {
        level: 'warning',
        againstTotal: true,
        text: `Mehr als ${pointsText(total, notation.separator)}. Das Ergebnis liegt über 100\u00a0%${named(key, percentage)}.`,
      }
    }
  }
  return { total: totalProblem, achieved: achievedProblem }
}
