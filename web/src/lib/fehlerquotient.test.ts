import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  deduct,
  FEHLER_MESSAGES,
  FEHLER_RULES,
  fehlerquotient,
  ruleSteps,
  wordsText,
  type FehlerRule,
} from './fehlerquotient'

// The key for this test against testdata/grading/fehlerquotient.json, written by fehlerquotient.py from
// the rule's text in docs/spec.md §13 and bound by internal/grading too.

interface FehlerCase {
  name: string
  woerter: string
  fehler: string
  regel: string
  /** A school's rule given whole (a scale's setting), with which the case is computed. */
  rule?: FehlerRule
  result?: unknown
  errors?: Record<string, string>
}

const file = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../testdata/grading/fehlerquotient.json'), 'utf8'),
) as { messages: Record<string, string>; rules: unknown[]; cases: FehlerCase[] }

describe('fehlerquotient (testdata/grading/fehlerquotient.json, shared with internal/grading)', () => {
  it('has the cases, the rules and the messages', () => {
    expect(file.cases.length).toBeGreaterThan(50)
    expect(FEHLER_RULES).toEqual(file.rules)
    expect(FEHLER_MESSAGES).toEqual(file.messages)
  })

  it.each(file.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const got =
      c.rule === undefined
        ? fehlerquotient(c.woerter, c.fehler, c.regel)
        : fehlerquotient(c.woerter, c.fehler, c.rule.id, [...FEHLER_RULES, c.rule])
    if (c.errors !== undefined) expect(got).toEqual({ ok: false, errors: c.errors })
    else expect(got).toEqual({ ok: true, result: c.result })
  })
})

// No published rule has thirds of a grade or a minimum of words yet; this rule is shaped like the VOGSV's.
describe('a rule in thirds with a minimum of words', () => {
  const rule: FehlerRule = {
    id: 'probe',
    name: 'Probe',
    unit: 'drittel',
    steps: [
      { from: '3,5', deduction: 1 },
      { from: '6,5', deduction: 2 },
    ],
    max: 2,
    minWords: 100,
    source: 'Probe',
  }
  it.each([
    [20n, 99n, 0, 'Unter 100 Wörtern wird der Fehlerquotient nicht angewandt: kein Abzug'],
    [6n, 100n, 0, 'Der Fehlerquotient liegt unter 3,5: kein Abzug'],
    [7n, 100n, 1, 'Der Fehlerquotient erreicht 3,5, aber nicht 6,5: ⅓ Note Abzug'],
    [13n, 100n, 2, 'Der Fehlerquotient erreicht 6,5: ⅔ Note Abzug, der höchste Abzug dieser Regel'],
  ])('%i halves in %i words', (halves, words, d, sentence) => {
    expect(deduct(rule, halves, words)).toEqual([d, sentence])
  })
})

describe('a rule in one line and a count of words', () => {
  const hessen: FehlerRule = {
    id: 'hessen-oberstufe',
    name: 'Hessen, gymnasiale Oberstufe',
    unit: 'notenpunkte',
    steps: [
      { from: '3', deduction: 1 },
      { from: '6', deduction: 2 },
    ],
    max: 2,
    minWords: 0,
    source: 'OAVO',
  }
  it('names the steps, the maximum and the minimum of words, one word in the singular', () => {
    expect(ruleSteps(hessen)).toBe('ab 3: 1 Notenpunkt, ab 6: 2 Notenpunkte; höchstens 2 Notenpunkte')
    expect(ruleSteps({ ...hessen, minWords: 150 })).toBe(
      'ab 3: 1 Notenpunkt, ab 6: 2 Notenpunkte; höchstens 2 Notenpunkte; erst ab 150 Wörtern',
    )
    expect(ruleSteps({ ...hessen, minWords: 1 })).toMatch(/; erst ab 1 Wort$/)
  })
  it('writes one word as „1 Wort“', () => {
    expect([wordsText(1), wordsText(1n), wordsText(350)]).toEqual(['1 Wort', '1 Wort', '350 Wörter'])
  })
})
