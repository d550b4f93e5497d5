import { afterEach, describe, expect, it } from 'vitest'
import { readLiveConfig } from './config'
import { EMBEDDED_CONFIG_ID, pageStart, readEmbeddedConfig } from './embedded-config'
import { storeConfig } from './store-config'
import { STORAGE_KEY } from './stored-config'

/** A version as the server sends it. */
const sent = {
  version: 7,
  savedAt: '2026-11-23T08:00:00Z',
  config: {
    name: 'Eingebettet </script> \u2028',
    grades: {
      '1': { min: 85, max: 100 },
      '2': { min: 70, max: 85 },
      '3': { min: 55, max: 70 },
      '4': { min: 40, max: 55 },
      '5': { min: 20, max: 40 },
      '6': { min: 0, max: 20 },
    },
    schema: { general: { minus: 33.33, normal: 33.33 } },
  },
}
/** The same version as the page reads it. */
const version = (() => {
  const read = readLiveConfig(sent)
  if (read === null) throw new Error('not a version')
  return read
})()

function embed(text: string, slug = '') {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = EMBEDDED_CONFIG_ID
  block.dataset.schluessel = slug
  block.textContent = text
  document.head.append(block)
}

afterEach(() => {
  document.getElementById(EMBEDDED_CONFIG_ID)?.remove()
  localStorage.clear()
})

describe('readEmbeddedConfig', () => {
  it('reads the version the server put into the page, escaped as the server escapes it', () => {
    // json.HTMLEscape on the server: <, > and U+2028 as \u escapes, which JSON.parse turns back.
    embed(
      JSON.stringify(sent)
        .replace(/</g, '\\u003c')
        .replace(/>/g, '\\u003e')
        .replace(/\u2028/g, '\\u2028'),
    )
    expect(readEmbeddedConfig(null, document)).toEqual(version)
  })

  it('reads the block only on the address it was made for', () => {
    embed(JSON.stringify(sent), 'bio')
    expect(readEmbeddedConfig('bio', document)).toEqual(version)
    expect(readEmbeddedConfig('chemie', document)).toBeUndefined()
    expect(readEmbeddedConfig(null, document)).toBeUndefined()
  })

  it('does not take the block of the plain address (the precached page) for a scale', () => {
    embed(JSON.stringify(sent))
    expect(readEmbeddedConfig('bio', document)).toBeUndefined()
  })

  it.each([
    ['no block', null],
    ['an empty block', ''],
    ['no JSON', '{kaputt'],
    ['not a configuration', '{"version":7}'],
  ])('gives nothing for %s, so that the page waits for the stream', (_, text) => {
    if (text !== null) embed(text)
    expect(readEmbeddedConfig(null, document)).toBeUndefined()
  })
})

describe('pageStart', () => {
  const kept = (v: number, savedAt = version.savedAt) => {
    storeConfig({ ...version, version: v, savedAt }, '2026-11-20T08:00:00.000Z', STORAGE_KEY)
  }

  it.each([
    ['nothing kept: the page', () => undefined, { initial: version }],
    [
      'the same version kept: the page, received when it was kept',
      () => {
        kept(7)
      },
      { initial: version, initialReceivedAt: '2026-11-20T08:00:00.000Z' },
    ],
    [
      'an older version kept: the page',
      () => {
        kept(6)
      },
      { initial: version },
    ],
    [
      'the same number saved at another time (a new database): the page',
      () => {
        kept(7, '2026-11-01T00:00:00Z')
      },
      { initial: version },
    ],
    [
      'a newer version kept (an older precached page): nothing, as without a block',
      () => {
        kept(8)
      },
      {},
    ],
  ])('%s', (_, keep, want) => {
    embed(JSON.stringify(sent))
    keep()
    expect(pageStart(null, STORAGE_KEY)).toEqual(want)
  })

  it('starts with nothing without a block', () => {
    kept(7)
    expect(pageStart(null, STORAGE_KEY)).toEqual({})
  })
})
