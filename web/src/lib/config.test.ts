import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { parseLiveConfig, readGradingConfig, readLiveConfig } from './config'

// The check of a received configuration (config.ts, valibot): what it lets through is what the
// calculator computes with, so a wrong type must be refused, not passed on.

const good = standardLiveConfig(7)
const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x))
/** A copy of good with one member replaced (undefined: removed) at the path. */
function withMember(path: string[], value: unknown): unknown {
  const copy = json(good) as Record<string, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>
  const last = path.at(-1) ?? ''
  if (value === undefined) Reflect.deleteProperty(at, last)
  else at[last] = value
  return copy
}

describe('readLiveConfig', () => {
  it('reads a version as the stream sends it, and one that names its author and is archived', () => {
    expect(readLiveConfig(json(good))).toStrictEqual(good)
    const admins = { ...good, savedBy: 'chefin@schule.de', archived: true }
    expect(readLiveConfig(json(admins))).toStrictEqual(admins)
  })

  it('keeps only the members it knows, at every level', () => {
    const extra = withMember(['config', 'grades', '1', 'colour'], 'green') as Record<string, unknown>
    extra.secret = 'x'
    ;(extra.config as Record<string, unknown>).extra = 1
    expect(readLiveConfig(extra)).toStrictEqual(good)
  })

  it('reads a document without band widths (its grades then read "?")', () => {
    const bare = withMember(['config', 'schema'], {})
    expect(readLiveConfig(bare)?.config.schema).toStrictEqual({})
    const half = withMember(['config', 'schema'], { general: { minus: 30 } })
    expect(readLiveConfig(half)?.config.schema).toStrictEqual({ general: { minus: 30 } })
  })

  it.each([
    ['not an object', null, []],
    ['a version that is not a whole number', 7.5, ['version']],
    ['a version as text', '7', ['version']],
    ['no savedAt', undefined, ['savedAt']],
    ['an author that is not text', 1, ['savedBy']],
    ['archived as text', 'true', ['archived']],
    ['no config', undefined, ['config']],
    ['no name', undefined, ['config', 'name']],
    ['a grade missing', undefined, ['config', 'grades', '4']],
    ['a bound as text', '85', ['config', 'grades', '1', 'min']],
    ['a bound that is null', null, ['config', 'grades', '6', 'max']],
    ['no schema', undefined, ['config', 'schema']],
    ['a width as text', '33,33', ['config', 'schema', 'general', 'minus']],
    ['a width group that is not an object', 5, ['config', 'schema', '6']],
  ])('refuses %s', (_, value, path) => {
    const input = path.length === 0 ? value : withMember(path, value)
    expect(readLiveConfig(input)).toBeNull()
  })
})

describe('readGradingConfig and parseLiveConfig', () => {
  it('reads a document alone, and the text of an event', () => {
    expect(readGradingConfig(json(good.config))).toStrictEqual(good.config)
    expect(readGradingConfig({ name: 'x' })).toBeNull()
    expect(parseLiveConfig(JSON.stringify(good))).toStrictEqual(good)
    expect(parseLiveConfig('{"version":')).toBeNull()
  })
})
