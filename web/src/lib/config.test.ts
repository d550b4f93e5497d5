import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { servedJson } from '@/test/served'
import { parseLiveConfig, readGradingConfig, readLiveConfig } from './config'
import { writeDocument } from './write-document'

// The check of a received configuration (config.ts, valibot): what it lets through is what the
// calculator computes with, so a wrong type must be refused, not passed on.

/** A version as the page reads it, and as the server sends it. */
const good = standardLiveConfig(7)
const sent = JSON.parse(servedJson(good)) as Record<string, unknown>
const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x))
/** A copy of the sent version with one member replaced (undefined: removed) at the path. */
function withMember(path: string[], value: unknown): unknown {
  const copy = json(sent) as Record<string, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>
  const last = path.at(-1) ?? ''
  if (value === undefined) Reflect.deleteProperty(at, last)
  else at[last] = value
  return copy
}

describe('readLiveConfig', () => {
  it('reads a version as the stream sends it, and one that names its author and is archived', () => {
    expect(readLiveConfig(json(sent))).toStrictEqual(good)
    const admins = { savedBy: 'chefin@schule.de', archived: true }
    expect(readLiveConfig(json({ ...sent, ...admins }))).toStrictEqual({ ...good, ...admins })
  })

  it('keeps only the members it knows, at every level', () => {
    const extra = withMember(['config', 'grades', '1', 'colour'], 'green') as Record<string, unknown>
    extra.secret = 'x'
    ;(extra.config as Record<string, unknown>).extra = 1
    expect(readLiveConfig(extra)).toStrictEqual(good)
  })

  it('reads a document without band widths (its grades then read "?")', () => {
    const schemaOf = (x: unknown) => {
      const rule = readLiveConfig(x)?.config.rule
      return rule?.kind === 'widths' ? rule.schema : undefined
    }
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

  // as the page reads them: the system is the rule's (a formula's absent pass mark reads undefined)
  const readTable = {
    name: 'IHK',
    preset: 'ihk',
    rule: { kind: 'table', system: 'noten', percentage: 'round', bands: table.rule.bands },
  }
  const readFormula = {
    name: 'Zehntel',
    rule: { kind: 'formula', system: 'schweiz', step: 0.1, midpoint: 'up' },
  }

  it('reads a table and a formula into their rules, keeping only the members it knows', () => {
    expect(readLiveConfig({ ...sent, config: table })).toEqual({ ...good, config: readTable })
    expect(readLiveConfig({ ...sent, config: formula })).toEqual({ ...good, config: readFormula })
    const extra = { ...table, grades: 1, rule: { ...table.rule, colour: 'green' } }
    expect(readLiveConfig({ ...sent, config: extra })).toEqual({ ...good, config: readTable })
  })

  it('reads a kind other than the formula as a table, as before there were two', () => {
    const other = { ...table, rule: { ...table.rule, kind: 'tabelle' } }
    expect(readLiveConfig({ ...sent, config: other })?.config.rule.kind).toBe('table')
  })

  it.each([
    ['a system that is not text', { ...table, system: 3 }],
    ['no kind', { ...table, rule: { bands: table.rule.bands } }],
    ['bands that are not a list', { ...table, rule: { ...table.rule, bands: { grade: '1' } } }],
    ['a band without a grade', { ...table, rule: { ...table.rule, bands: [{ from: 92 }] } }],
    ['a bound as text', { ...table, rule: { ...table.rule, bands: [{ grade: '1', from: '92' }] } }],
    ['a step as text', { ...formula, rule: { ...formula.rule, step: '0,1' } }],
  ])('refuses %s', (_, config) => {
    expect(readLiveConfig({ ...sent, config })).toBeNull()
  })
})

describe('readGradingConfig and parseLiveConfig', () => {
  it('reads a document alone, and the text of an event', () => {
    expect(readGradingConfig(sent.config)).toStrictEqual(good.config)
    expect(readGradingConfig({ name: 'x' })).toBeNull()
    expect(parseLiveConfig(JSON.stringify(sent))).toStrictEqual(good)
    expect(parseLiveConfig('{"version":')).toBeNull()
  })

  it("reads a document of the original's shape into the rule of widths of 1–6 with + and −", () => {
    const original = {
      name: 'Oberstufe',
      grades: (sent.config as { grades: unknown }).grades,
      schema: { general: { minus: 30 } },
      zeugnis: { tendency: '1/3' },
    }
    expect(readGradingConfig(original)).toStrictEqual({
      name: 'Oberstufe',
      rule: {
        kind: 'widths',
        system: 'noten-plus-minus',
        grades: original.grades,
        schema: { general: { minus: 30 } },
      },
      zeugnis: { tendency: '1/3' },
    })
  })
})

describe('writeDocument', () => {
  // The documents of testdata/grading as the server stores and sends them (internal/grading writes
  // them so): read and written back, each is the same JSON, so what the admin sends back and the page
  // keeps is what the server sent. (JSON.stringify puts a JavaScript object's integer-like keys,
  // the schema's "1" and "6", first, on both sides alike.)
  const vectors = join(import.meta.dirname, '../../../testdata/grading')
  const readJson = (name: string): unknown => JSON.parse(readFileSync(join(vectors, name), 'utf8'))
  const configs = readdirSync(join(vectors, 'configs')).map((f) => [`configs/${f}`, readJson(`configs/${f}`)])
  const { cases } = readJson('rule-documents.json') as { cases: { name: string; canonical: unknown }[] }
  const aliases = readJson('alias-configs.json') as { cases: { name: string; canonical: unknown }[] }
  const documents = [
    ...configs,
    ...cases.map((c) => [`rule-documents.json: ${c.name}`, c.canonical]),
    ...aliases.cases.map((c) => [`alias-configs.json: ${c.name}`, c.canonical]),
  ] as [string, unknown][]

  it('has the shared documents of both shapes', () => {
    expect(configs).toHaveLength(3)
    expect(cases.length).toBeGreaterThanOrEqual(10)
    expect(aliases.cases.length).toBeGreaterThan(0)
  })

  it.each(documents)('gives back %s byte for byte', (_, doc) => {
    const read = readGradingConfig(doc)
    expect(read).not.toBeNull()
    if (read !== null) expect(JSON.stringify(writeDocument(read))).toBe(JSON.stringify(doc))
  })

  it("writes the members in the server's order, whatever order the page built them in", () => {
    const built = writeDocument({
      zeugnis: { tendency: '1/3' },
      rule: {
        bands: [{ grade: '1', from: 50 }, { grade: '6' }],
        percentage: 'cut',
        system: 'noten',
        kind: 'table',
      },
      preset: 'x',
      name: 'T',
    })
    expect(JSON.stringify(built)).toBe(
      '{"name":"T","system":"noten","preset":"x","rule":{"kind":"table","percentage":"cut","bands":[{"grade":"1","from":50},{"grade":"6"}]},"zeugnis":{"tendency":"1/3"}}',
    )
  })
})
