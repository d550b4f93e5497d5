import { describe, expect, it } from 'vitest'
import type { ScaleDocument } from '@/lib/config'
import { sourceOf, wantedVersion } from './adjusted-source'

const doc = (four: number): ScaleDocument => ({
  name: 'Mathematik',
  rule: {
    kind: 'table',
    system: 'noten',
    percentage: 'exact',
    bands: [
      { grade: '1', from: 90 },
      { grade: '2', from: 80 },
      { grade: '3', from: 65 },
      { grade: '4', from: four },
      { grade: '5', from: 25 },
      { grade: '6' },
    ],
  },
})
const now = doc(50)
const then = doc(45)
const link = '?schluessel=mathematik&stand=7&bestehen=40'

describe('the version a link’s adjustment applies to', () => {
  it('fetches the link’s version only when the page holds a newer one', () => {
    expect(wantedVersion(link, 9)).toBe(7)
    expect(wantedVersion(link, 7)).toBeNull()
    expect(wantedVersion(link, 5)).toBeNull()
    expect(wantedVersion('?schluessel=mathematik&stand=7&punkte=1', 9)).toBeNull()
    expect(wantedVersion('?schluessel=mathematik&bestehen=40', 9)).toBeNull()
  })

  it('applies to the page’s version when it is the link’s, or when there is no adjustment', () => {
    expect(sourceOf(link, now, 7, null)).toEqual({
      config: now,
      version: 7,
      stand: 7,
      since: null,
      unavailable: false,
      loading: false,
    })
    expect(sourceOf('?schluessel=mathematik', now, 9, null)).toMatchObject({
      version: 9,
      stand: 0,
      since: null,
    })
  })

  it('applies to the link’s version once fetched and says what changed since', () => {
    expect(sourceOf(link, now, 9, { stand: 7, state: 'loading' })).toMatchObject({
      version: 9,
      loading: true,
    })
    expect(sourceOf(link, now, 9, null)).toMatchObject({ version: 9, loading: true })
    expect(sourceOf(link, now, 9, { stand: 7, state: 'ok', config: then })).toEqual({
      config: then,
      version: 7,
      stand: 7,
      since: ['4: ab 50 % (vorher ab 45 %)'],
      unavailable: false,
      loading: false,
    })
  })

  it('applies to the page’s version and says so when the link’s cannot be had', () => {
    expect(sourceOf(link, now, 9, { stand: 7, state: 'failed' })).toMatchObject({
      config: now,
      version: 9,
      unavailable: true,
    })
    // a page holding an older copy than the link's (offline)
    expect(sourceOf(link, now, 5, null)).toMatchObject({ config: now, version: 5, unavailable: true })
  })
})
