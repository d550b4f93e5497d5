import { COMMA, parseNumber } from '@/lib/numbers'
import { cmp, rational } from '@/lib/rational'
import { pointsText } from './points-table'

// What the calculator says about its two inputs, in German, at the field. The outputs
// still follow docs/spec.md §3 alone: empty, zero or not a number clears them; a warning never changes a
// result. Loaded after the first render (use-input-feedback.ts): it is not needed before a
// person has typed and paused, and the route's JS has a budget.

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

/** "1.000" or "-2.500": a dot with exactly three digits after it, as a German thousands separator. */
const THOUSANDS = /^\s*[+-]?\d{1,3}\.\d{3}\s*$/

/** The raw text quoted, shortened so that a pasted paragraph does not fill the page. */
function quoted(raw: string): string {
  const t = raw.trim()
  return `„${t.length > 24 ? `${t.slice(0, 23)}…` : t}“`
}

function common(raw: string): InputProblem | null {
  if (raw.trim() === '') return null
  if (parseNumber(raw) === null) return { level: 'error', text: `${quoted(raw)} ist keine Zahl. ${FORMS}` }
  if (THOUSANDS.test(raw)) {
    const t = raw.trim()
    return {
      level: 'warning',
      text: `${quoted(t)} wird als ${t.replace('.', COMMA)} gelesen. Für tausend bitte ${t.replace('.', '')} eingeben.`,
    }
  }
  return null
}

export function inputProblems(totalText: string, achievedText: string): InputProblems {
  const total = parseNumber(totalText)
  const achieved = parseNumber(achievedText)
  let totalProblem = common(totalText)
  let achievedProblem = common(achievedText)
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
    const sign = cmp(achieved, ZERO)
    if (sign === 0)
      achievedProblem = {
        level: 'note',
        text: 'Bei 0 Punkten bleibt das Ergebnis leer; der Punkteschlüssel zählt 0 Punkte als 6.',
      }
    else if (sign < 0)
      achievedProblem = {
        level: 'warning',
        text: 'Punkte können nicht negativ sein. Das Ergebnis wird trotzdem nach der Regel berechnet (Note 6).',
      }
    else if (total !== null && cmp(total, ZERO) > 0 && cmp(achieved, total) > 0) {
      achievedProblem = {
        level: 'warning',
        againstTotal: true,
        text: `Mehr als ${pointsText(total)}. Das Ergebnis liegt über 100 % (Note 1+).`,
      }
    }
  }
  return { total: totalProblem, achieved: achievedProblem }
}
