import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keyOf, gradeOf } from '@/lib/key'
import { rational } from '@/lib/rational'
import { writeDocument } from '@/lib/write-document'
import { AB_MESSAGES, knickpunktAb } from './knickpunkt-ab'
import { checkRuleForm, toRuleValues } from './rule-form'

const presets = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../testdata/grading/presets.json'), 'utf8'),
  ) as { presets: { id: string; rule: unknown }[] }
).presets

describe('knickpunktAb', () => {
  it('makes the preset standard-ab from a pass mark of 40', () => {
    const result = knickpunktAb('noten-plus-minus', 40, 'Test')
    // the rule as a document carries it, written by the one writer
    const written = result.ok && (writeDocument(result.doc) as { rule: unknown })
    expect(written && written.rule).toEqual(presets.find((p) => p.id === 'standard-ab')?.rule)
  })

  it.each([
    ['noten-plus-minus', 50, '4-'],
    ['noten-plus-minus', 37.5, '4-'],
    ['oesterreich', 50, '4'],
    ['oesterreich', 62.25, '4'],
  ] as const)('%s at %s: the pass mark itself passes, just below it does not', (system, x, lowest) => {
    const result = knickpunktAb(system, x, 'Test')
    if (!result.ok) throw new Error(result.message)
    const key = keyOf(result.doc)
    const at = rational(BigInt(Math.round(x * 10000)), 10000n)
    const below = rational(BigInt(Math.round(x * 10000) - 1), 10000n)
    expect(gradeOf(key, at).label).toBe(lowest)
    expect(gradeOf(key, below).label).not.toBe(lowest)
    // a document the editor (and so the server's rules) accepts
    expect(checkRuleForm(toRuleValues(result.doc), result.doc).ok).toBe(true)
  })

  it('spreads Austria evenly from the pass mark to 100, rounded half up', () => {
    const result = knickpunktAb('oesterreich', 50, 'Test')
    expect(result.ok && result.doc.rule.bands).toEqual([
      { grade: '1', from: 88 },
      { grade: '2', from: 75 },
      { grade: '3', from: 63 },
      { grade: '4', from: 50 },
      { grade: '5' },
    ])
  })

  it.each([0, 100, -3, Number.NaN])('refuses a pass mark of %s', (x) => {
    expect(knickpunktAb('oesterreich', x, 'Test')).toEqual({ ok: false, message: AB_MESSAGES.passMark })
  })

  it('refuses a pass mark that leaves a band empty once rounded', () => {
    expect(knickpunktAb('noten-plus-minus', 97, 'Test')).toEqual({ ok: false, message: AB_MESSAGES.tooClose })
    expect(knickpunktAb('noten-plus-minus', 2, 'Test')).toEqual({ ok: false, message: AB_MESSAGES.tooClose })
  })
})
