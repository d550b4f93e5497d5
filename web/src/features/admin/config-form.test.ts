import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { checkConfigForm, fieldForPath, formatNumber, parseTypedNumber, toFormValues } from './config-form'

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
    expect(formatNumber(x)).toBe(text)
  })
})

describe('fieldForPath', () => {
  it.each([
    ['name', 'name'],
    ['grades.2.min', 'min2'],
    ['grades.6.max', 'max6'],
    ['grades.4', 'min4'],
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

describe('checkConfigForm', () => {
  it('gives the canonical document of a valid form', () => {
    const config = standardLiveConfig().config
    expect(checkConfigForm(toFormValues(config))).toEqual({ ok: true, config })
  })

  it('reports the typed text’s own problem and no relation error for that field', () => {
    const values = toFormValues(standardLiveConfig().config)
    values.min3 = '55,00001'
    expect(checkConfigForm(values)).toEqual({ ok: false, errors: { min3: 'Höchstens 4 Nachkommastellen.' } })
  })
})
