import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RuleDocument } from '@/lib/config'
import type { Preset } from '@/lib/presets'
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
  config: { name: p.id, system: p.system, preset: p.id, rule: p.rule },
})
const all = presets.map(asPreset)
const rounded = presets.flatMap(({ earlier, earlierDiffers = [], ...p }) =>
  earlier === undefined ? [] : [{ ...p, earlier, earlierDiffers }],
)

describe('the IHK presets rounded in earlier releases', () => {
  it('are ihk and ihk-dezimal', () => {
    expect(rounded.map((p) => p.id)).toEqual(['ihk', 'ihk-dezimal'])
  })

  it.each(rounded)('$id: the earlier rule from the current one', ({ rule, earlier }) => {
    expect(earlierRule(rule)).toEqual(earlier)
  })

  it.each(rounded)('$id: a table holding it is found, named anything', ({ id, system, earlier }) => {
    const doc = { name: 'Abschlussprüfung', system, rule: earlier }
    expect(roundedIhkPreset(doc, all)?.id).toBe(id)
    // not once it names a preset, grades the exact percentage or moves a bound
    expect(roundedIhkPreset({ ...doc, preset: id }, all)).toBeUndefined()
    expect(roundedIhkPreset({ ...doc, rule: { ...doc.rule, percentage: 'exact' } }, all)).toBeUndefined()
    const bands = (doc.rule.bands ?? []).map((b, i) =>
      i === 1 && b.from !== undefined ? { ...b, from: b.from - 1 } : b,
    )
    expect(roundedIhkPreset({ ...doc, rule: { ...doc.rule, bands } }, all)).toBeUndefined()
  })

  it.each(rounded)('$id: says where it grades otherwise', ({ rule, earlier, earlierDiffers }) => {
    expect(roundingDifferences(earlier, rule)).toEqual(
      earlierDiffers.map(([p, before, after]) => `${p} %: ${before} statt ${after}`),
    )
  })

  it('leaves every other preset alone, rounding or not', () => {
    for (const p of presets.filter((x) => x.earlier === undefined && x.rule.kind === 'table')) {
      expect(roundedIhkPreset({ name: 'x', system: p.system, rule: p.rule }, all)).toBeUndefined()
    }
  })
})
