import { describe, expect, it } from 'vitest'
import { checkSlug, SLUG_MESSAGES, suggestSlug } from './scale-slug'

describe('suggestSlug', () => {
  it.each([
    ['Mathematik', 'mathematik'],
    ['Mathematik Oberstufe', 'mathematik-oberstufe'],
    ['Übungsklausur Größe', 'uebungsklausur-groesse'],
    ['  IHK (Prüfung) 2026 ', 'ihk-pruefung-2026'],
    ['Café – Französisch', 'cafe-franzoesisch'],
    ['!!!', ''],
    ['a'.repeat(39) + ' b', 'a'.repeat(39)],
  ])('%s → %s', (name, slug) => {
    expect(suggestSlug(name)).toBe(slug)
    if (slug !== '') expect(checkSlug(slug, [])).toBeNull()
  })
})

describe('checkSlug', () => {
  it.each(['', '-mathe', 'mathe-', 'Mathe', 'mathe_1', 'ä', 'a'.repeat(41), 'mathe oberstufe'])(
    'refuses %j',
    (slug) => {
      expect(checkSlug(slug, [])).toBe(SLUG_MESSAGES.invalid)
    },
  )

  it.each(['a', '1', 'mathe-1', 'a--b', 'a'.repeat(40)])('accepts %j', (slug) => {
    expect(checkSlug(slug, ['standard'])).toBeNull()
  })

  it('refuses a slug that exists', () => {
    expect(checkSlug('standard', ['standard', 'ihk'])).toBe(SLUG_MESSAGES.taken)
  })
})
