import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { parseLiveConfig, readGradingConfig, readLiveConfig, type GradingConfig } from './config'

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
    const schemaOf = (x: unknown) => (readLiveConfig(x)?.config as GradingConfig | undefined)?.schema
    expect(schemaOf(withMember(['config', 'schema'], {}))).toStrictEqual({})
    const half = withMember(['config', 'schema'], { general: { minus: 30 } })
    expect(schemaOf(half)).toStrictEqual({ general: { minus: 30 } })
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

describe('readLiveConfig of a rule document', () => {
  const table = {
    name: 'IHK',
    system: 'noten',
    preset: 'ihk',
    rule: { kind: 'table', percentage: 'round', bands: [{ grade: '1', from: 92 }, { grade: '6' }] },
  }
  const formula = { name: 'Zehntel', system: 'schweiz', rule: { kind: 'formula', step: 0.1, midpoint: 'up' } }

  it('reads a table and a formula, keeping only the members it knows', () => {
    expect(readLiveConfig({ ...good, config: table })).toStrictEqual({ ...good, config: table })
    expect(readLiveConfig({ ...good, config: formula })).toStrictEqual({ ...good, config: formula })
    const extra = { ...table, grades: 1, rule: { ...table.rule, colour: 'green' } }
    expect(readLiveConfig({ ...good, config: extra })).toStrictEqual({ ...good, config: table })
  })

  it.each([
    ['a system that is not text', { ...table, system: 3 }],
    ['no kind', { ...table, rule: { bands: table.rule.bands } }],
    ['bands that are not a list', { ...table, rule: { ...table.rule, bands: { grade: '1' } } }],
    ['a band without a grade', { ...table, rule: { ...table.rule, bands: [{ from: 92 }] } }],
    ['a bound as text', { ...table, rule: { ...table.rule, bands: [{ grade: '1', from: '92' }] } }],
    ['a step as text', { ...formula, rule: { ...formula.rule, step: '0,1' } }],
  ])('refuses %s', (_, config) => {
    expect(readLiveConfig({ ...good, config })).toBeNull()
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
