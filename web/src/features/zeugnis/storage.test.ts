import { beforeEach, describe, expect, it } from 'vitest'
import { clearZeugnis, readZeugnis, storeZeugnis, ZEUGNIS_KEY, type StoredZeugnis } from './storage'

const inputs: StoredZeugnis = {
  mode: 'many',
  categories: [
    { name: 'schriftlich', weight: '2', grades: '2+ 3×2' },
    { name: 'mündlich', weight: '1', grades: '' },
  ],
  pupils: 'Anna; 2 3; 1',
}

describe('Zeugnisnote storage', () => {
  beforeEach(() => {
    localStorage.clear()
  })

  it('keeps the inputs under one key as versioned JSON and reads them back', () => {
    storeZeugnis(inputs)
    expect(JSON.parse(localStorage.getItem(ZEUGNIS_KEY) ?? '')).toMatchObject({ version: 1, mode: 'many' })
    expect(readZeugnis()).toEqual(inputs)
  })

  it('keeps the sheet’s columns, the printout’s head and the target, and leaves out a member of another shape', () => {
    const full: StoredZeugnis = {
      ...inputs,
      mode: 'need',
      assign: { KA1: 'schriftlich', Bem: '' },
      report: { klasse: '7b', fach: 'Mathematik', lehrkraft: 'Frau Beispiel', datum: '28.11.2026' },
      need: { grade: '2', category: 'schriftlich', weight: '2' },
    }
    storeZeugnis(full)
    expect(readZeugnis()).toEqual(full)
    localStorage.setItem(
      ZEUGNIS_KEY,
      JSON.stringify({ ...full, version: 1, assign: { KA1: 1 }, report: { klasse: '7b' }, need: 'x' }),
    )
    expect(readZeugnis()).toEqual({ ...inputs, mode: 'need' })
  })

  it('keeps a printout’s head typed before any grade', () => {
    const head = { klasse: '7b', fach: '', lehrkraft: '', datum: '' }
    storeZeugnis({ ...inputs, pupils: '', categories: [], report: head })
    expect(readZeugnis()?.report).toEqual(head)
  })

  it('removes the entry when nothing was typed, and on clear', () => {
    storeZeugnis(inputs)
    storeZeugnis({ ...inputs, pupils: ' ', categories: inputs.categories.map((c) => ({ ...c, grades: '' })) })
    expect(localStorage.getItem(ZEUGNIS_KEY)).toBeNull()
    storeZeugnis(inputs)
    clearZeugnis()
    expect(readZeugnis()).toBeNull()
  })

  it.each([
    ['another version', JSON.stringify({ ...inputs, version: 2 })],
    ['no version', JSON.stringify(inputs)],
    ['a wrong mode', JSON.stringify({ ...inputs, version: 1, mode: 'all' })],
    [
      'a category without grades',
      JSON.stringify({ ...inputs, version: 1, categories: [{ name: 'a', weight: '1' }] }),
    ],
    ['no JSON', '{'],
    ['null', 'null'],
  ])('ignores an entry with %s', (_, raw) => {
    localStorage.setItem(ZEUGNIS_KEY, raw)
    expect(readZeugnis()).toBeNull()
  })
})
