import { describe, expect, it } from 'vitest'
import { applyPreset, newCategoryName, PRESETS, presetsFor, startCategories } from './categories'

describe('categories', () => {
  it('start with the school’s division when it has one, else schriftlich 2 : mündlich 1', () => {
    expect(startCategories({})).toEqual([
      { name: 'schriftlich', weight: '2', grades: '' },
      { name: 'mündlich', weight: '1', grades: '' },
    ])
    const own = { categories: [{ name: 'Klausur', weight: '3' }] }
    expect(startCategories(own)).toEqual([{ name: 'Klausur', weight: '3', grades: '' }])
    expect(presetsFor(own).map((p) => p.label)).toEqual([
      'Vorgabe der Schule (Klausur 3)',
      ...PRESETS.map((p) => p.label),
    ])
  })

  it('keep the grades of a category that stays when another division is chosen', () => {
    const vornote = PRESETS.find((p) => p.id === 'vornote-5-3-2')
    if (vornote === undefined) throw new Error('no Vornote preset')
    const typed = [
      { name: ' schriftlich ', weight: '2', grades: '2 3' },
      { name: 'Projekt', weight: '1', grades: '1' },
    ]
    expect(applyPreset(typed, vornote)).toEqual([
      { name: 'Vornote', weight: '5', grades: '' },
      { name: 'schriftlich', weight: '3', grades: '2 3' },
      { name: 'mündlich', weight: '2', grades: '' },
    ])
  })

  it('name a new category so that no two have the same name', () => {
    const list = [
      { name: 'Kategorie 3', weight: '1', grades: '' },
      { name: 'b', weight: '1', grades: '' },
    ]
    expect(newCategoryName(list)).toBe('Kategorie 4')
    expect(newCategoryName([])).toBe('Kategorie 1')
  })

  it('offers Bavaria’s divisions of GSO § 28 by the number of Schulaufgaben, naming the source', () => {
    const weights = (id: string) => {
      const p = PRESETS.find((x) => x.id === id)
      return [p?.label.includes('GSO § 28'), p?.categories.map((c) => c.weight)]
    }
    expect(weights('by-gso-2')).toEqual([true, ['1', '1']])
    expect(weights('by-gso-3')).toEqual([true, ['2', '1']])
  })
})
