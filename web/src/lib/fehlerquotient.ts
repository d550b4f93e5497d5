// The Fehlerquotient (docs/spec.md §13), the TypeScript copy of internal/grading/fehlerquotient.go, bound
// to it by testdata/grading/fehlerquotient.json: errors × 100 / words, errors in halves, so the quotient is
// exact in integers (halves × 50 / words). Its figure is cut to two decimals and the thresholds compare the
// exact quotient; every published threshold has at most two decimals, so the figure shown reaches a
// threshold exactly when the quotient does (docs/grading-systems.md, "Sprachrichtigkeit").

export type FehlerUnit = 'notenpunkte' | 'drittel'

export interface FehlerRule {
  id: string
  name: string
  unit: FehlerUnit
  /** Ascending: from this quotient on (inclusive) the rule deducts `deduction` units. */
  steps: { from: string; deduction: number }[]
  max: number
  /** Below it the rule does not apply; 0: no minimum. */
  minWords: number
  source: string
}

/** The rules with a primary source: only Hessen's Oberstufe so far (the VOGSV's Anlage is not yet read). */
export const FEHLER_RULES: readonly FehlerRule[] = [
  {
    id: 'hessen-oberstufe',
    name: 'Hessen, gymnasiale Oberstufe',
    unit: 'notenpunkte',
    steps: [
      { from: '3', deduction: 1 },
      { from: '6', deduction: 2 },
    ],
    max: 2,
    minWords: 0,
    source: 'Oberstufen- und Abiturverordnung (OAVO), Anlage 9',
  },
]

export interface FehlerResult {
  quotient: string
  woerter: number
  fehler: string
  rechnung: string[]
  regel?: string
  abzug?: number
  einheit?: string
}

export type FehlerField = 'woerter' | 'fehler' | 'regel'

export type FehlerOutcome =
  { ok: true; result: FehlerResult } | { ok: false; errors: Partial<Record<FehlerField, string>> }

export const FEHLER_MESSAGES = {
  woerterEmpty: 'Bitte die Zahl der Wörter eingeben.',
  woerter: 'Die Zahl der Wörter ist eine ganze Zahl von 1 bis 100000.',
  fehlerEmpty: 'Bitte die Zahl der Fehler eingeben.',
  fehler: 'Die Fehler sind eine Zahl von 0 bis 100000 in halben Schritten, z. B. 10 oder 10,5.',
  regel: `Diese Regel gibt es nicht. Bekannt: ${FEHLER_RULES.map((r) => r.id).join(', ')}.`,
} as const

const LIMIT = 100000n
const WORDS = /^[0-9]{1,6}$/
const ERRORS = /^([0-9]{1,6})(?:[.,]([05]))?$/

/** Spaces and tabs around a typed number are dropped, as in Go. */
const trimBlank = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '')

function readWords(s: string): bigint | null {
  const t = trimBlank(s)
  if (!WORDS.test(t)) return null
  const n = BigInt(t)
  return n >= 1n && n <= LIMIT ? n : null
}

/** A count of errors in halves: "10,5" is 21. */
function readHalves(s: string): bigint | null {
  const m = ERRORS.exec(trimBlank(s))
  if (m?.[1] === undefined) return null
  const h = 2n * BigInt(m[1]) + (m[2] === '5' ? 1n : 0n)
  return h <= 2n * LIMIT ? h : null
}

/** A count of words as the working writes it: "1 Wort", "350 Wörter". */
export const wordsText = (n: bigint | number) => (String(n) === '1' ? '1 Wort' : `${String(n)} Wörter`)

const halvesText = (h: bigint) => `${h / 2n}${h % 2n === 1n ? ',5' : ''}`

/** A published threshold ("3", "3,5") in hundredths. */
function hundredthsOf(s: string): bigint {
  const [whole = '', frac = ''] = s.split(',')
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'))
}

/** A deduction in its unit, as the working and the page write it: "1 Notenpunkt", "⅔ Note". */
export function unitText(rule: Pick<FehlerRule, 'unit'>, n: number): string {
  if (rule.unit === 'drittel') return n === 1 ? '⅓ Note' : n === 2 ? '⅔ Note' : `${n} Drittel einer Note`
  return n === 1 ? '1 Notenpunkt' : `${n} Notenpunkte`
}

/**
 * A rule in one line, as the admin's editor, its history and the Notenspiegel's list name it: "ab 3: 1
 * Notenpunkt, ab 6: 2 Notenpunkte; höchstens 2 Notenpunkte" and, with a minimum, "; erst ab 150 Wörtern".
 */
export function ruleSteps(rule: FehlerRule): string {
  const steps = rule.steps.map((s) => `ab ${s.from}: ${unitText(rule, s.deduction)}`).join(', ')
  const min = rule.minWords > 0 ? `; erst ${fromWordsText(rule.minWords)}` : ''
  return `${steps}; höchstens ${unitText(rule, rule.max)}${min}`
}

/** A rule's minimum of words after "erst": "ab 150 Wörtern", "ab 1 Wort". */
export const fromWordsText = (n: number) => (n === 1 ? 'ab 1 Wort' : `ab ${String(n)} Wörtern`)

/** The deduction and its sentence: quotient ≥ from ⇔ halves × 5000 ≥ from in hundredths × words. */
export function deduct(rule: FehlerRule, halves: bigint, words: bigint): [number, string] {
  if (words < BigInt(rule.minWords))
    return [0, `Unter ${rule.minWords} Wörtern wird der Fehlerquotient nicht angewandt: kein Abzug`]
  let reached = -1
  rule.steps.forEach((s, i) => {
    if (halves * 5000n >= hundredthsOf(s.from) * words) reached = i
  })
  const step = rule.steps[reached]
  if (step === undefined)
    return [0, `Der Fehlerquotient liegt unter ${rule.steps[0]?.from ?? ''}: kein Abzug`]
  const d = Math.min(step.deduction, rule.max)
  const next = rule.steps[reached + 1]
  if (next !== undefined)
    return [
      d,
      `Der Fehlerquotient erreicht ${step.from}, aber nicht ${next.from}: ${unitText(rule, d)} Abzug`,
    ]
  return [
    d,
    `Der Fehlerquotient erreicht ${step.from}: ${unitText(rule, d)} Abzug, der höchste Abzug dieser Regel`,
  ]
}

/**
 * Reads words and errors as typed ("10,5" and "10.5" alike) and, with a rule id (or ""), computes. `rules`
 * are the rules the id may name: the published ones, and on the page the scale's own (lib/fehler-setting.ts).
 */
export function fehlerquotient(
  woerter: string,
  fehler: string,
  regel: string,
  rules: readonly FehlerRule[] = FEHLER_RULES,
): FehlerOutcome {
  const errors: Partial<Record<FehlerField, string>> = {}
  const words = readWords(woerter)
  if (words === null)
    errors.woerter = trimBlank(woerter) === '' ? FEHLER_MESSAGES.woerterEmpty : FEHLER_MESSAGES.woerter
  const halves = readHalves(fehler)
  if (halves === null)
    errors.fehler = trimBlank(fehler) === '' ? FEHLER_MESSAGES.fehlerEmpty : FEHLER_MESSAGES.fehler
  const rule = rules.find((r) => r.id === regel)
  if (regel !== '' && rule === undefined) errors.regel = FEHLER_MESSAGES.regel
  if (words === null || halves === null || Object.keys(errors).length > 0) return { ok: false, errors }

  const hundredths = (halves * 5000n) / words
  const quotient = `${hundredths / 100n},${String(hundredths % 100n).padStart(2, '0')}`
  const exact = (halves * 5000n) % words === 0n
  const first = `${halvesText(halves)} Fehler × 100 : ${wordsText(words)} = ${quotient}${
    exact ? '.' : ' (nach der zweiten Nachkommastelle abgeschnitten).'
  }`
  const result: FehlerResult = {
    quotient,
    woerter: Number(words),
    fehler: halvesText(halves),
    rechnung: [first],
  }
  if (rule === undefined) return { ok: true, result }
  const [abzug, sentence] = deduct(rule, halves, words)
  return {
    ok: true,
    result: {
      ...result,
      rechnung: [first, `${sentence} (${rule.source}).`],
      regel: rule.id,
      abzug,
      einheit: rule.unit === 'drittel' ? 'Drittel einer Note' : 'Notenpunkte',
    },
  }
}
