import { describe, expect, it } from 'vitest'
import { formatConfigNumber } from '@/lib/config-numbers'
import { standardLiveConfig } from '@/test/live-config'
import { checkConfigForm, fieldForPath, parseTypedNumber, toFormValues } from './config-form'

describe('parseTypedNumber', () => {
  it.each([
    ['12', 12],
    ['12,5', 12.5],
    ['12.5', 12.5],
    [' 33,3300 ', 33.33],
    [',5', 0.5],
    ['12,', 12],
    ['-0', 0],
    ['0,0001', 0.0001],
  ])('reads %j as %d', (text, value) => {
    expect(parseTypedNumber(text)).toEqual({ ok: true, value })
  })

  it.each([
    ['', 'Pflichtfeld.'],
    ['   ', 'Pflichtfeld.'],
    ['abc', 'Muss eine Zahl sein.'],
    ['1,2,3', 'Muss eine Zahl sein.'],
    ['1e2', 'Muss eine Zahl sein.'],
    ['1'.repeat(33), 'Muss eine Zahl sein.'],
    ['33,33333', 'Höchstens 4 Nachkommastellen.'],
    ['1,000000000000000000001', 'Höchstens 4 Nachkommastellen.'],
  ])('refuses %j: %s', (text, message) => {
    expect(parseTypedNumber(text)).toMatchObject({ ok: false, message })
  })
})

describe('formatNumber', () => {
  it.each([
    [85, '85'],
    [33.33, '33,33'],
    [0.0001, '0,0001'],
    [100, '100'],
    [0, '0'],
  ])('%d → %s', (x, text) => {
    expect(formatConfigNumber(x)).toBe(text)
  })
})

describe('fieldForPath', () => {
  it.each([
    ['name', 'name'],
    ['grades.1.min', 'boundary1'],
    ['grades.2.max', 'boundary1'],
    ['grades.2.min', 'boundary2'],
    ['grades.6.max', 'boundary5'],
    ['grades.4', 'boundary4'],
    ['grades.1.max', null], // the fixed ends have no field
    ['grades.6.min', null],
    ['schema.general.minus', 'generalMinus'],
    ['schema.general.plus', 'generalNormal'],
    ['schema.1.normal', 'oneMinus'],
    ['schema.6.minus', 'sixNormal'],
    ['version', null],
    ['grades.7', null],
  ])('%s → %s', (path, field) => {
    expect(fieldForPath(path)).toBe(field)
  })
})

describe('toFormValues', () => {
  it('gives each boundary once: grade g’s min, which is grade g + 1’s max', () => {
    expect(toFormValues(standardLiveConfig().config)).toEqual({
      name: 'Standard',
      boundary1: '85',
      boundary2: '70',
      boundary3: '55',
      boundary4: '40',
      boundary5: '20',
      generalMinus: '33,33',
      generalNormal: '33,33',
      oneMinus: '33,33',
      sixNormal: '50',
    })
  })
})

describe('checkConfigForm', () => {
  const standard = () => toFormValues(standardLiveConfig().config)

  it('gives the canonical document of a valid form', () => {
    const config = standardLiveConfig().config
    expect(checkConfigForm(toFormValues(config))).toEqual({ ok: true, doc: config })
  })

  it('derives both neighbours from one boundary: grade 1’s min and grade 2’s max', () => {
    const result = checkConfigForm({ ...standard(), boundary1: '90,5' })
    expect(result.ok && result.doc.rule.grades).toMatchObject({
      '1': { min: 90.5, max: 100 },
      '2': { min: 70, max: 90.5 },
    })
  })

  it('reports the typed text’s own problem and no relation error for that field', () => {
    expect(checkConfigForm({ ...standard(), boundary3: '55,00001' })).toEqual({
      ok: false,
      errors: { boundary3: 'Höchstens 4 Nachkommastellen.' },
    })
  })

  it.each([
    ['an empty boundary', { boundary2: '' }, { boundary2: 'Pflichtfeld.' }],
    ['a boundary above 100', { boundary1: '120' }, { boundary1: 'Muss zwischen 0 und 100 liegen.' }],
    [
      'the widths over 100',
      { generalNormal: '70' },
      { generalNormal: 'Minus- und Normalbereich zusammen dürfen 100 nicht überschreiten.' },
    ],
    ['a boundary at 100', { boundary1: '100' }, { boundary1: 'Muss kleiner als 100 sein.' }],
    ['a boundary at 0', { boundary5: '0' }, { boundary5: 'Muss größer als 0 sein.' }],
    [
      'two boundaries out of order, at both',
      { boundary2: '60', boundary3: '65' },
      {
        boundary2: 'Muss größer sein als die Grenze zwischen Note 3 und 4 (65 %).',
        boundary3: 'Muss kleiner sein als die Grenze zwischen Note 2 und 3 (60 %).',
      },
    ],
    [
      'two equal boundaries (a grade without a range)',
      { boundary4: '55' },
      {
        boundary3: 'Muss größer sein als die Grenze zwischen Note 4 und 5 (55 %).',
        boundary4: 'Muss kleiner sein als die Grenze zwischen Note 3 und 4 (55 %).',
      },
    ],
    [
      'a boundary above the one but one above it, across an unreadable one',
      { boundary2: 'x', boundary3: '90' },
      {
        boundary1: 'Muss größer sein als die Grenze zwischen Note 3 und 4 (90 %).',
        boundary2: 'Muss eine Zahl sein.',
        boundary3: 'Muss kleiner sein als die Grenze zwischen Note 1 und 2 (85 %).',
      },
    ],
    [
      'nothing about order when an unreadable boundary sits between two that fall',
      { boundary2: 'x', boundary3: '75,5' },
      { boundary2: 'Muss eine Zahl sein.' },
    ],
  ])('refuses %s', (_, change, errors) => {
    const result = checkConfigForm({ ...standard(), ...change })
    expect(result).toEqual({ ok: false, errors })
  })

  it('lists the errors in the order of the fields on the page', () => {
    const result = checkConfigForm({ ...standard(), sixNormal: 'x', boundary4: '', name: '' })
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(['name', 'boundary4', 'sixNormal'])
  })

  it('accepts exactly the boundaries that fall strictly from 100 to 0 (600 drawn forms)', () => {
    let seed = 13
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const draw = () => String(Math.floor(next() * 10_201) / 100).replace('.', ',') // 0 … 102, 2 decimals
    let accepted = 0
    for (let i = 0; i < 600; i++) {
      const values = { ...standard() }
      const bounds = [1, 2, 3, 4, 5].map(() => draw())
      // half of the forms in falling order, so that both answers are tried often
      if (i % 2 === 0) bounds.sort((a, b) => Number(b.replace(',', '.')) - Number(a.replace(',', '.')))
      bounds.forEach((b, j) => (values[`boundary${String(j + 1)}` as 'boundary1'] = b))
      const numbers = [100, ...bounds.map((b) => Number(b.replace(',', '.'))), 0]
      const falls =
        numbers.every((x, j) => j === 0 || x < (numbers[j - 1] ?? 0)) && numbers.every((x) => x <= 100)
      const result = checkConfigForm(values)
      expect(result.ok, bounds.join(' / ')).toBe(falls)
      if (result.ok) {
        accepted++
        for (let g = 1; g <= 5; g++) {
          const key = String(g) as '1'
          expect(result.doc.rule.grades[key].min).toBe(numbers[g])
          expect(result.doc.rule.grades[String(g + 1) as '2'].max).toBe(numbers[g])
        }
      } else {
        expect(Object.keys(result.errors).length).toBeGreaterThan(0)
      }
    }
    expect(accepted).toBeGreaterThan(100)
    expect(accepted).toBeLessThan(500)
  })
})
