import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  canonicalThreshold,
  checkFehlerSetting,
  FEHLER_SETTING_MESSAGES,
  fehlerRuleOf,
  readFehlerSetting,
  SCHOOL_RULE_ID,
  type DocumentMessages,
  type FehlerSetting,
} from './fehler-setting'
import { FEHLER_RULES, fehlerquotient } from './fehlerquotient'

// The member "fehlerquotient" against every case of it in the shared document vectors of both shapes
// (testdata/grading, written by fehler_member.py and bound by internal/grading too).

const dir = join(import.meta.dirname, '../../../testdata/grading')
type Doc = { fehlerquotient?: unknown } & Record<string, unknown>
const casesOf = <T>(name: string) =>
  (
    JSON.parse(readFileSync(join(dir, name), 'utf8')) as { cases: ({ name: string; document: Doc } & T)[] }
  ).cases.filter((c) => c.name.startsWith('fehlerquotient: '))
const MESSAGES = JSON.parse(readFileSync(join(dir, 'messages.json'), 'utf8')) as DocumentMessages &
  Record<string, string>
const refused = [
  ...casesOf<{ fields: Record<string, string> }>('invalid-configs.json'),
  ...casesOf<{ fields: Record<string, string> }>('invalid-rule-documents.json'),
]
const accepted = [
  ...casesOf<{ canonical: Doc }>('alias-configs.json'),
  ...casesOf<{ canonical: Doc }>('rule-documents.json'),
]

function check(value: unknown) {
  const fields: Record<string, string> = {}
  const setting = checkFehlerSetting(value, (p, m) => (fields[p] ??= m), MESSAGES)
  return { fields, setting }
}

describe('checkFehlerSetting (the shared document vectors)', () => {
  it('uses the messages of messages.json word for word', () => {
    for (const [key, message] of Object.entries(FEHLER_SETTING_MESSAGES)) expect(MESSAGES[key]).toBe(message)
  })

  it('has refused and accepted cases in both shapes', () => {
    expect(refused.length).toBeGreaterThanOrEqual(30)
    expect(accepted.length).toBeGreaterThanOrEqual(10)
  })

  it.each(refused.map((c) => [c.name, c] as const))('refuses %s', (_, c) => {
    expect(check(c.document.fehlerquotient)).toEqual({ fields: c.fields, setting: undefined })
  })

  it.each(accepted.map((c) => [c.name, c] as const))('accepts %s, canonical', (_, c) => {
    const { fields, setting } = check(c.document.fehlerquotient)
    expect(fields).toEqual({})
    // the member's own order too: the admin's document is written as the server writes it
    expect(JSON.stringify(setting)).toBe(JSON.stringify(c.canonical.fehlerquotient))
  })
})

describe('the rule a setting names', () => {
  const own: FehlerSetting = {
    name: 'Deutsch Sek I',
    unit: 'drittel',
    steps: [
      { from: '3,5', deduction: 1 },
      { from: '6', deduction: 2 },
    ],
    max: 2,
  }

  it('is the published rule, or the school’s own as „Regel der Schule“, or none', () => {
    expect(fehlerRuleOf(readFehlerSetting({ preset: 'hessen-oberstufe' }))).toBe(FEHLER_RULES[0])
    expect(fehlerRuleOf(readFehlerSetting(own))).toEqual({
      id: SCHOOL_RULE_ID,
      ...own,
      minWords: 0,
      source: 'Regel der Schule',
    })
    expect(fehlerRuleOf(readFehlerSetting(undefined))).toBeNull()
    // a member the page cannot read is no conversion, never a broken page
    expect(readFehlerSetting({ preset: 'bayern' })).toBeNull()
    expect(readFehlerSetting({ ...own, max: 1 })).toBeNull()
  })

  it('computes with the school’s rule and names it in the working', () => {
    const rule = fehlerRuleOf(readFehlerSetting(own))
    const got = fehlerquotient('100', '3,5', SCHOOL_RULE_ID, rule === null ? [] : [rule])
    expect(got.ok && got.result.rechnung[1]).toBe(
      'Der Fehlerquotient erreicht 3,5, aber nicht 6: ⅓ Note Abzug (Regel der Schule).',
    )
  })

  it('writes thresholds as the published rules do', () => {
    expect(canonicalThreshold(' 3.50 ')).toEqual({ text: '3,5', hundredths: 350 })
    expect(canonicalThreshold('06,25')?.text).toBe('6,25')
    expect(canonicalThreshold('0,05')?.text).toBe('0,05')
    for (const bad of ['0', '100,01', '3,125', '3,', ',5', '-3', '1000', ''])
      expect(canonicalThreshold(bad), bad).toBeNull()
  })
})
