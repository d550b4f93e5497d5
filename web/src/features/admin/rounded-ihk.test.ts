import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RuleDocument, RuleOf } from '@/lib/config'
import type { Preset } from '@/lib/presets'
import { documentOf } from '@/test/live-config'
import { earlierRule, roundedIhkPreset, roundingDifferences } from './rounded-ihk'

// The IHK presets' rule of earlier releases (testdata/grading/presets.json: "earlier" and
// "earlierDiffers", written by presets.py from the sources' rows; internal/grading's earlierRules
// passes the same file).
const vectors = join(import.meta.dirname, '../../../../testdata/grading')
const { presets } = JSON.parse(readFileSync(join(vectors, 'presets.json'), 'utf8')) as {
  presets: {
    id: string
    system: string
    rule: RuleDocument['rule']
    earlier?: RuleDocument['rule']
    earlierDiffers?: [string, string, string][]
  }[]
}
const asPreset = (p: (typeof presets)[number]): Preset => ({
  id: p.id,
  name: p.id,
  system: p.system,
  source: '',
  region: '',
  schoolType: '',
  config: documentOf({ name: p.id, system: p.system, preset: p.id, rule: p.rule }),
})
/** A rule of the vectors, as the app reads it: a table. */
function tableOf(system: string, rule: RuleDocument['rule']): RuleOf<'table'> {
  const read = documentOf({ name: 'x', system, rule }).rule
  if (read.kind !== 'table') throw new Error(`not a table: ${JSON.stringify(rule)}`)
  return read
}
const all = presets.map(asPreset)
const rounded = presets.flatMap(({ earlier, earlierDiffers = [], ...p }) =>
  earlier === undefined ? [] : [{ ...p, earlier, earlierDiffers }],
)

describe('the IHK presets rounded in earlier releases', () => {
  it('are ihk and ihk-dezimal', () => {
    expect(rounded.map((p) => p.id)).toEqual(['ihk', 'ihk-dezimal'])
  })

  it.each(rounded)('$id: the earlier rule from the current one', ({ system, rule, earlier }) => {
    expect(earlierRule(tableOf(system, rule))).toEqual(tableOf(system, earlier))
  })

  it.each(rounded)('$id: a table holding it is found, named anything', ({ id, system, earlier }) => {
    const table = tableOf(system, earlier)
    const doc = { name: 'Abschlussprüfung', rule: table }
    expect(roundedIhkPreset(doc, all)?.id).toBe(id)
    // not once it names a preset, grades the exact percentage or moves a bound
    expect(roundedIhkPreset({ ...doc, preset: id }, all)).toBeUndefined()
    expect(roundedIhkPreset({ ...doc, rule: { ...table, percentage: 'exact' } }, all)).toBeUndefined()
    const bands = table.bands.map((b, i) =>
      i === 1 && b.from !== undefined ? { ...b, from: b.from - 1 } : b,
    )
    expect(roundedIhkPreset({ ...doc, rule: { ...table, bands } }, all)).toBeUndefined()
  })

  it.each(rounded)('$id: says where it grades otherwise', ({ system, rule, earlier, earlierDiffers }) => {
    expect(roundingDifferences(tableOf(system, earlier), tableOf(system, rule))).toEqual(
      earlierDiffers.map(([p, before, after]) => `${p} %: ${before} statt ${after}`),
    )
  })

  it('leaves every other preset alone, rounding or not', () => {
    for (const p of presets.filter((x) => x.earlier === undefined && x.rule.kind === 'table')) {
      expect(roundedIhkPreset(documentOf({ name: 'x', system: p.system, rule: p.rule }), all)).toBeUndefined()
    }
  })
})
