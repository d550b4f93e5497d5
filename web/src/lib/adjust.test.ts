import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { documentOf } from '@/test/live-config'
import {
  adjust,
  adjustableFields,
  MESSAGES,
  readAdjustment,
  writeAdjustment,
  type Adjustment,
} from './adjust'
import type { ScaleDocument } from './config'
import { keyOf } from './key'
import { cmp, rational } from './rational'

const noten: ScaleDocument = {
  name: 'Mathematik',
  rule: {
    kind: 'table',
    system: 'noten',
    percentage: 'exact',
    bands: [
      { grade: '1', from: 90 },
      { grade: '2', from: 80 },
      { grade: '3', from: 65 },
      { grade: '4', from: 50 },
      { grade: '5', from: 25 },
      { grade: '6' },
    ],
  },
}

const standard: ScaleDocument = {
  name: 'Standard',
  rule: {
    kind: 'widths',
    system: 'noten-plus-minus',
    grades: {
      '1': { min: 85, max: 100 },
      '2': { min: 70, max: 85 },
      '3': { min: 55, max: 70 },
      '4': { min: 40, max: 55 },
      '5': { min: 20, max: 40 },
      '6': { min: 0, max: 20 },
    },
    schema: { general: { minus: 33.33, normal: 33.33 }, '1': { minus: 33.33 }, '6': { normal: 50 } },
  },
}

const swiss: ScaleDocument = {
  name: 'Schweiz',
  rule: { kind: 'formula', system: 'schweiz', step: 0.5, midpoint: 'up' },
}

const froms = (doc: ScaleDocument) => (doc.rule.kind === 'table' ? doc.rule.bands.map((b) => b.from) : [])

describe('adjust', () => {
  it('moves the pass bound and the bounds around it along the bent line', () => {
    const r = adjust(noten, { pass: '45' })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    // above: 45 + (v − 50)·(90 − 45)/(90 − 50); below: v·45/50, rounded half up to whole percent
    expect(froms(r.doc)).toEqual([90, 79, 62, 45, 23, undefined])
    expect(r.changes).toEqual([
      { grade: '2', from: '79', was: '80' },
      { grade: '3', from: '62', was: '65' },
      { grade: '4', from: '45', was: '50' },
      { grade: '5', from: '23', was: '25' },
    ])
    expect(r.doc.name).toBe('Mathematik')
  })

  it('takes the pass and top as typed, with a comma or a dot', () => {
    const r = adjust(noten, { pass: '47,5', top: '92.25' })
    expect(r.ok && froms(r.doc)).toEqual([92.25, 81, 64, 47.5, 24, undefined])
  })

  it('keeps a key without a pass bound below its top one as it is', () => {
    const two: ScaleDocument = {
      name: 'Zwei',
      rule: { kind: 'table', system: 'notenpunkte', bands: [{ grade: '15', from: 95 }, { grade: '0' }] },
    }
    expect(adjust(two, {})).toEqual({ ok: true, doc: two, changes: [] })
    expect(adjust(two, { pass: '45' })).toEqual({ ok: false, errors: { pass: MESSAGES.pass } })
  })

  it('keeps the school document when nothing is typed', () => {
    const r = adjust(noten, { pass: ' ', top: '' })
    expect(r.ok && r.doc).toEqual(noten)
    expect(r.ok && r.changes).toEqual([])
  })

  it('gives each field its message', () => {
    expect(adjust(noten, { pass: 'abc' })).toEqual({ ok: false, errors: { pass: MESSAGES.number } })
    expect(adjust(noten, { pass: '45,12345' })).toEqual({ ok: false, errors: { pass: MESSAGES.places } })
    expect(adjust(noten, { pass: '0' })).toEqual({ ok: false, errors: { pass: MESSAGES.pass } })
    expect(adjust(noten, { pass: '100' })).toEqual({ ok: false, errors: { pass: MESSAGES.pass } })
    expect(adjust(noten, { top: '101' })).toEqual({ ok: false, errors: { top: MESSAGES.top } })
    expect(adjust(noten, { pass: '60', top: '55' })).toEqual({ ok: false, errors: { top: MESSAGES.top } })
    expect(adjust(noten, { step: '0,5' })).toEqual({ ok: false, errors: { step: MESSAGES.noStep } })
    expect(adjust(standard, { top: '100' })).toEqual({ ok: false, errors: { top: MESSAGES.topWidths } })
    expect(adjust(swiss, { top: '90' })).toEqual({ ok: false, errors: { top: MESSAGES.noTop } })
    expect(adjust(swiss, { step: '0,2' })).toEqual({ ok: false, errors: { step: MESSAGES.step } })
  })

  it('refuses bounds that rounding makes meet', () => {
    expect(adjust(noten, { pass: '88', top: '89' })).toEqual({
      ok: false,
      errors: { top: MESSAGES.topCrowded },
    })
    expect(adjust(noten, { pass: '1' })).toEqual({ ok: false, errors: { pass: MESSAGES.passCrowded } })
  })

  it('moves the widths’ grade mins and the maxes that meet them', () => {
    const r = adjust(standard, { pass: '45' })
    expect(r.ok).toBe(true)
    if (!r.ok || r.doc.rule.kind !== 'widths') return
    const { grades } = r.doc.rule
    // 4 from 45; 3 and 2 along 45 + (v − 40)·40/45; 5 = 20·45/40 = 22,5 → 23
    expect(grades['4']).toEqual({ min: 45, max: 58 })
    expect(grades['3']).toEqual({ min: 58, max: 72 })
    expect(grades['2']).toEqual({ min: 72, max: 85 })
    expect(grades['1']).toEqual({ min: 85, max: 100 })
    expect(grades['5']).toEqual({ min: 23, max: 45 })
    expect(grades['6']).toEqual({ min: 0, max: 23 })
    // the grade mins; the bands within a grade follow by the widths
    expect(r.changes).toEqual([
      { grade: '2-', from: '72', was: '70' },
      { grade: '3-', from: '58', was: '55' },
      { grade: '4-', from: '45', was: '40' },
      { grade: '5-', from: '23', was: '20' },
    ])
  })

  it('sets the Swiss formula’s pass mark and step', () => {
    const r = adjust(swiss, { pass: '55', step: '0.25' })
    expect(r.ok && r.doc.rule).toEqual({
      kind: 'formula',
      system: 'schweiz',
      step: 0.25,
      midpoint: 'up',
      pass: 55,
    })
  })

  it('rounds to half percent where the school’s key has a bound that is not whole', () => {
    const ihk: ScaleDocument = {
      name: 'IHK',
      rule: {
        kind: 'table',
        system: 'noten',
        bands: [
          { grade: '1', from: 91.5 },
          { grade: '2', from: 80.5 },
          { grade: '3', from: 66.5 },
          { grade: '4', from: 49.5 },
          { grade: '5', from: 29.5 },
          { grade: '6' },
        ],
      },
    }
    const r = adjust(ihk, { pass: '45' })
    // 45 + (80,5 − 49,5)·46,5/42 = 79,32… → 79,5; (66,5 …) = 63,82… → 64; 29,5·45/49,5 = 26,81… → 27
    expect(r.ok && froms(r.doc)).toEqual([91.5, 79.5, 64, 45, 27, undefined])
  })
})

describe('adjustableFields', () => {
  it('offers what each kind of rule has, with the school’s values', () => {
    expect(adjustableFields(noten)).toEqual({ pass: '50', top: '90' })
    expect(adjustableFields(standard)).toEqual({ pass: '40', top: '85' })
    expect(adjustableFields(swiss)).toEqual({ pass: '60', step: '0,5' })
  })
})

describe('the address', () => {
  it('reads an adjustment and its version', () => {
    expect(readAdjustment('?schluessel=m&stand=7&bestehen=45&beste=92,5&gesamt=40')).toEqual({
      version: 7,
      adjustment: { pass: '45', top: '92,5' },
    })
    expect(readAdjustment('?punkte=1')).toEqual({ version: 0, adjustment: {}, points: '1' })
    expect(readAdjustment('?schluessel=m&gesamt=40')).toBeNull()
  })

  it('writes it after the scale, the other parameters kept in their order', () => {
    expect(
      writeAdjustment('?gesamt=40&schluessel=m&erreicht=31,5', 7, { pass: '45.5', step: '0,25' }, '1'),
    ).toBe('?schluessel=m&stand=7&bestehen=45,5&rundung=0,25&punkte=1&gesamt=40&erreicht=31,5')
    expect(writeAdjustment('?schluessel=m&stand=7&bestehen=45&gesamt=40', 7, null)).toBe(
      '?schluessel=m&gesamt=40',
    )
    expect(writeAdjustment('?stand=3&beste=90', 3, null, '0,5')).toBe('')
    expect(writeAdjustment('', 2, { top: '95' })).toBe('?stand=2&beste=95')
  })
})

const read = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../testdata/grading', name), 'utf8')) as unknown
const documents = [
  documentOf(read('configs/standard.json')),
  ...(read('rule-documents.json') as { cases: { canonical?: unknown }[] }).cases.flatMap((c) =>
    c.canonical === undefined ? [] : [documentOf(c.canonical)],
  ),
]

describe('every adjusted document', () => {
  const adjustments: Adjustment[] = [
    { pass: '45' },
    { pass: '30', top: '80' },
    { pass: '60,5', top: '95' },
    { top: '99' },
  ]
  it.each(documents.map((d) => [`${d.name} (${d.rule.system} ${d.rule.kind})`, d] as const))(
    'is a key of the same system and kind whose bounds fall and stay above 0, or a message: %s',
    (_, doc) => {
      const messages = new Set<string>(Object.values(MESSAGES))
      let made = 0
      for (const a of adjustments) {
        // the Swiss formula has no top (its message is tested above)
        if (doc.rule.kind === 'formula' && a.top !== undefined) continue
        const r = adjust(doc, a)
        if (!r.ok) {
          for (const m of Object.values(r.errors)) expect(messages).toContain(m)
          continue
        }
        made += 1
        expect(r.doc.rule.kind).toBe(doc.rule.kind)
        expect(r.doc.rule.system).toBe(doc.rule.system)
        const key = keyOf(r.doc)
        const bounds = key.bands.flatMap((b) => (b.from ? [b.from] : []))
        bounds.forEach((b, i) => {
          expect(b.n > 0n).toBe(true)
          const next = bounds[i + 1]
          if (next !== undefined) expect(cmp(b, next) > 0 || (cmp(b, next) === 0 && !key.included)).toBe(true)
        })
        expect(key.bands.map((b) => b.label)).toEqual(keyOf(doc).bands.map((b) => b.label))
        if (doc.rule.kind === 'table' && a.top !== undefined)
          expect(bounds[0]).toEqual(rational(BigInt(a.top), 1n))
      }
      // a table of two bands has one bound, which cannot be both the top and the pass bound; a binding key
      // (the school's "adjustable": false) refuses every adjustment
      if (keyOf(doc).bands.length > 2 && doc.adjustable !== false) expect(made).toBeGreaterThan(0)
    },
  )
})
