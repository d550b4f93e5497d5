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

  it.each(['', 'Mathe', '-x', 'a'.repeat(41), '../config', 'mathe%20'])(
    'ignores an address or a memory that is no slug: %j',
    (slug) => {
      window.history.replaceState(null, '', `/?schluessel=${slug}`)
      expect(readScaleChoice()).toBeNull()
      window.history.replaceState(null, '', '/')
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
