import { afterEach, describe, expect, it } from 'vitest'
import { CHOICE_KEY, readScaleChoice, scaleEventsUrl, scaleStorageKey } from './scale-choice'

afterEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('readScaleChoice', () => {
  it('takes the address first, then the remembered choice, else none (the default)', () => {
    expect(readScaleChoice()).toBeNull()
    localStorage.setItem(CHOICE_KEY, 'deutsch')
    expect(readScaleChoice()).toBe('deutsch')
    window.history.replaceState(null, '', '/?schluessel=mathematik&gesamt=40')
    expect(readScaleChoice()).toBe('mathematik')
  })

  it.each([
    ['Mathematik', 'mathematik'],
    ['%20Deutsch%20Oberstufe', 'deutsch-oberstufe'],
    ['Franz%C3%B6sisch', 'franzoesisch'],
    ['../config', 'config'],
  ])('reads the address as people type it: %j is %j', (typed, slug) => {
    window.history.replaceState(null, '', `/?schluessel=${typed}`)
    expect(readScaleChoice()).toBe(slug)
  })

  it.each(['', '!!!', 'a'.repeat(41)])('ignores an address that names no slug: %j', (typed) => {
    window.history.replaceState(null, '', `/?schluessel=${typed}`)
    expect(readScaleChoice()).toBeNull()
  })

  it.each(['', 'Mathe', '-x', 'a'.repeat(41), '../config', 'mathe '])(
    'ignores a memory that is no slug: %j (this browser wrote only slugs)',
    (slug) => {
      localStorage.setItem(CHOICE_KEY, slug)
      expect(readScaleChoice()).toBeNull()
    },
  )
})

describe('the stream and the offline copy of a choice', () => {
  it('are the default’s without a choice, the scale’s own with one', () => {
    expect(scaleEventsUrl(null)).toBe('/api/v1/config/events')
    expect(scaleStorageKey(null)).toBe('notenrechner.config')
    expect(scaleEventsUrl('mathematik')).toBe('/api/v1/scales/mathematik/events')
    expect(scaleStorageKey('mathematik')).toBe('notenrechner.config.mathematik')
  })
})
