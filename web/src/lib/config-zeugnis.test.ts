import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { servedJson } from '@/test/served'
import { readLiveConfig, type ZeugnisSettings } from './config'
import { liveConfigSchema } from './config-schema'

// The Zeugnisnote settings of a scale (member `zeugnis`, docs/spec.md §9) as the page receives them.

const settings: ZeugnisSettings = {
  tendency: '0,25',
  rounding: 'worse',
  categories: [
    { name: 'schriftlich', weight: '2' },
    { name: 'mündlich', weight: '1' },
  ],
}
/** A version as the server sends it. */
const json = (x: unknown): unknown => JSON.parse(servedJson(x))
const withSettings = (zeugnis: unknown) => {
  const version = json(standardLiveConfig(3)) as { config: Record<string, unknown> }
  version.config.zeugnis = zeugnis
  return version
}
const swiss = (zeugnis: unknown) => ({
  version: 2,
  savedAt: '2026-11-22T08:00:00Z',
  config: { name: 'CH', system: 'schweiz', rule: { kind: 'formula', step: 0.5, midpoint: 'up' }, zeugnis },
})

describe('the member zeugnis', () => {
  it('is read in both shapes, with only the members it knows', () => {
    expect(readLiveConfig(withSettings({ ...settings, extra: 1 }))?.config.zeugnis).toStrictEqual(settings)
    expect(readLiveConfig(swiss({ step: '0,1', rounding: 'better' }))?.config.zeugnis).toStrictEqual({
      step: '0,1',
      rounding: 'better',
    })
  })

  it('is absent when the document has none', () => {
    const read = readLiveConfig(json(standardLiveConfig(3)))
    expect(read).not.toBeNull()
    expect(read !== null && 'zeugnis' in read.config).toBe(false)
  })

  it('is left out on the calculator when it cannot be read, but the document still shows', () => {
    for (const bad of [{ rounding: 'sideways' }, { categories: [{ name: 'a' }] }, 'x', { tendency: 0.3 }]) {
      const read = readLiveConfig(withSettings(bad))
      expect(read?.config.name, JSON.stringify(bad)).toBe('Standard')
      expect(read?.config.zeugnis).toBeUndefined()
    }
  })

  it('fails an admin answer (valibot) when it cannot be read', () => {
    expect(v.parse(liveConfigSchema, withSettings(settings)).config.zeugnis).toStrictEqual(settings)
    expect(v.safeParse(liveConfigSchema, withSettings({ rounding: 'sideways' })).success).toBe(false)
    expect(v.safeParse(liveConfigSchema, json(standardLiveConfig(3))).success).toBe(true)
  })
})

describe('the conversion of the Fehlerquotient in an admin answer', () => {
  const withFehler = (fehlerquotient: unknown) => {
    const live = json(standardLiveConfig(3)) as { config: Record<string, unknown> }
    return { ...live, config: { ...live.config, fehlerquotient } }
  }
  it('is kept as it came, and fails the answer (valibot) when it cannot be read', () => {
    const hessen = { preset: 'hessen-oberstufe' }
    expect(readLiveConfig(withFehler(hessen))?.config.fehlerquotient).toStrictEqual(hessen)
    expect(v.parse(liveConfigSchema, withFehler(hessen)).config.fehlerquotient).toStrictEqual(hessen)
    expect(v.safeParse(liveConfigSchema, withFehler({ preset: 'bayern' })).success).toBe(false)
  })
})
