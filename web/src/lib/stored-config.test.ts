import { afterEach, describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { servedJson } from '@/test/served'
import { storeConfig } from './store-config'
import { readStoredConfig } from './stored-config'

// The copy this browser keeps of the last configuration (stored-config.ts): kept as the server sent it,
// so that a copy kept by an older page and one kept now are read alike.

const KEY = 'notenrechner.test'

afterEach(() => {
  localStorage.clear()
})

describe('storeConfig', () => {
  it('keeps the version with its document as the server sent it, and reads it back as the page does', () => {
    const live = standardLiveConfig(4)
    storeConfig(live, '2026-11-20T08:00:00.000Z', KEY)
    expect(localStorage.getItem(KEY)).toBe(servedJson({ live, storedAt: '2026-11-20T08:00:00.000Z' }))
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toMatchObject({ live: { config: { grades: {} } } })
    expect(readStoredConfig(KEY)).toStrictEqual({ live, storedAt: '2026-11-20T08:00:00.000Z' })
  })

  it('keeps a table in its shape: system and preset beside the rule', () => {
    const live = {
      version: 2,
      savedAt: '2026-11-22T08:00:00Z',
      config: {
        name: 'IHK',
        preset: 'ihk',
        rule: {
          kind: 'table' as const,
          system: 'noten',
          percentage: 'round',
          bands: [{ grade: '1', from: 92 }, { grade: '6' }],
        },
      },
    }
    storeConfig(live, '2026-11-20T08:00:00.000Z', KEY)
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toEqual({
      live: {
        ...live,
        config: {
          name: 'IHK',
          system: 'noten',
          preset: 'ihk',
          rule: { kind: 'table', percentage: 'round', bands: [{ grade: '1', from: 92 }, { grade: '6' }] },
        },
      },
      storedAt: '2026-11-20T08:00:00.000Z',
    })
    expect(readStoredConfig(KEY)?.live).toEqual(live)
  })
})
