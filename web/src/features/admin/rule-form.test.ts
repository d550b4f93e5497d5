import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type RuleDocument } from '@/lib/config'
import { writeDocument } from '@/lib/write-document'
import { documentOf } from '@/test/live-config'
import { MESSAGES } from './config-validation'
import {
  checkRuleForm,
  fieldForRulePath,
  RULE_MESSAGES,
  toRuleValues,
  type RuleFormDocument,
  type RuleFormValues,
} from './rule-form'
import { TABLE_SYSTEMS } from './rule-labels'

const dir = join(import.meta.dirname, '../../../../testdata/grading')
const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'))

interface InvalidCase {
  name: string
  document: RuleDocument
  fields: Record<string, string>
}

/** A document as the server sends it, read as the editor gets it. */
const asRead = (doc: RuleDocument) => documentOf(doc) as RuleFormDocument

// The form's values of a document as a person would type them: numbers as written, text as it is.
function typed(doc: RuleDocument): RuleFormValues {
  const text = (x: number | undefined) => (x === undefined ? '' : String(x).replace('.', ','))
  return {
    ...toRuleValues(asRead(doc)),
    name: doc.name,
    bands: (doc.rule.bands ?? []).map((b) => ({ grade: b.grade, from: text(b.from) })),
    pass: text(doc.rule.pass),
  }
}

// The cases the form can express: a known system and kind, every message at a field it shows.
const formCases = (read('invalid-rule-documents.json') as { cases: InvalidCase[] }).cases.filter(
  (c) =>
    (TABLE_SYSTEMS as readonly string[]).includes(c.document.system) &&
    typeof c.document.rule === 'object' &&
    // a bound sent as a JSON string is no typing mistake the form can make
    !(c.document.rule.bands ?? []).some((b) => typeof b.from === 'string') &&
    Object.keys(c.fields).every((p) => fieldForRulePath(p) !== null) &&
    // the member fehlerquotient is bound by lib/fehler-setting.test.ts, its form by fehler-fields.test.tsx
    !Object.keys(c.fields).some((p) => p.startsWith('fehlerquotient')) &&
    !Object.keys(c.fields).some((p) => /^rule\.(step|midpoint|percentage)$/.test(p)) &&
    // the last band's bound has no field (the form never sends one)
    !Object.values(c.fields).includes(RULE_MESSAGES.lastFrom) &&
    // nor has a system without + and − a tendency field, or one but Switzerland a step
    !Object.values(c.fields).some((m) => m === MESSAGES.tendencySystem || m === MESSAGES.zeugnisStepOnly),
)

describe('checkRuleForm (testdata/grading/invalid-rule-documents.json, shared with internal/grading)', () => {
  it('uses the messages of rule-messages.json word for word', () => {
    expect(RULE_MESSAGES).toEqual(read('rule-messages.json'))
  })

  it('covers the bounds out of order, a band left empty, a missing bound and the pass mark', () => {
    const names = formCases.map((c) => c.name)
    for (const n of [
      'bounds out of order',
      'two equal bounds leave a band empty',
      'a bound missing',
      'a pass mark of 100',
      'a grade the system does not have',
      'grades out of order',
      'a grade twice',
      'the grades of 1-6 under Notenpunkte: 1 point is worse than 2',
      'Swiss grades outside 1 to 6',
      'one band only',
      '61 bands',
      'an empty grade',
      'a decimal grade in hundredths',
      'Swiss grades in thousandths or with a space',
      'Austria has no grade 6',
    ])
      expect(names).toContain(n)
  })

  it.each(formCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const result = checkRuleForm(typed(c.document), asRead(c.document))
    const want: Record<string, string> = {}
    for (const [p, m] of Object.entries(c.fields)) want[fieldForRulePath(p) ?? p] = m
    expect(result.ok ? {} : result.errors).toEqual(want)
  })

  it('accepts every valid rule document and gives back its canonical form, Zeugnisnote settings too', () => {
    const { cases } = read('rule-documents.json') as {
      cases: { document: RuleDocument; canonical: RuleDocument }[]
    }
    for (const { document, canonical } of cases) {
      const result = checkRuleForm(toRuleValues(asRead(document)), asRead(document))
      // the document the form makes, as the one writer sends it
      expect(result.ok && writeDocument(result.doc), document.name).toEqual(canonical)
    }
  })

  it('covers the Zeugnisnote settings of rule documents', () => {
    const names = formCases.map((c) => c.name)
    expect(names).toContain('zeugnis: a Swiss step of a quarter')
    expect(names).toContain("zeugnis: a bad weight in a table's document")
  })

  it('drops the preset once the rule differs from it', () => {
    const doc: RuleDocument = {
      name: 'KMK',
      system: 'notenpunkte',
      preset: 'kmk-oberstufe',
      rule: { kind: 'table', percentage: 'exact', bands: [{ grade: '15', from: 95 }, { grade: '14' }] },
    }
    const same = checkRuleForm(toRuleValues(asRead(doc)), asRead(doc))
    expect(same.ok && same.doc.preset).toBe('kmk-oberstufe')
    const changed = checkRuleForm(
      {
        ...toRuleValues(asRead(doc)),
        bands: [
          { grade: '15', from: '94' },
          { grade: '14', from: '' },
        ],
      },
      asRead(doc),
    )
    expect(changed.ok && writeDocument(changed.doc)).toEqual({
      ...doc,
      preset: undefined,
      rule: { ...doc.rule, bands: [{ grade: '15', from: 94 }, { grade: '14' }] },
    })
  })
})
