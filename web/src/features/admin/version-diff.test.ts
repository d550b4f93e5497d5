import { describe, expect, it } from 'vitest'
import type { DocumentOf, ScaleDocument } from '@/lib/config'
import { standardLiveConfig } from '@/test/live-config'
import { diffBands, diffSettings } from './version-diff'

const standard = (): DocumentOf<'widths'> => standardLiveConfig().config

/** Standard with the boundary between grade 1 and 2 at 90 and a narrower minus band. */
function changed(): DocumentOf<'widths'> {
  const c = structuredClone(standard())
  c.name = 'Streng'
  c.rule.grades['1'].min = 90
  c.rule.grades['2'].max = 90
  c.rule.schema.general = { minus: 25, normal: 33.33 }
  return c
}

/** Both parts of the comparison of two versions of the original's widths. */
const diffConfigs = (version: DocumentOf<'widths'>, current: DocumentOf<'widths'>) => ({
  settings: diffSettings(version, current),
  bands: diffBands(version, current),
})

describe('diffSettings and diffBands of the original', () => {
  it('finds nothing between a configuration and itself', () => {
    const diff = diffConfigs(standard(), standard())
    expect(diff.settings.filter((s) => s.changed)).toEqual([])
    expect(diff.bands.filter((b) => b.changed)).toEqual([])
    expect(diff.bands.map((b) => b.grade)).toEqual([
      '1',
      '1-',
      '2+',
      '2',
      '2-',
      '3+',
      '3',
      '3-',
      '4+',
      '4',
      '4-',
      '5+',
      '5',
      '5-',
      '6+',
      '6',
    ])
  })

  it('names each changed boundary and width with the version’s and the current value', () => {
    const diff = diffConfigs(changed(), standard())
    expect(diff.settings.filter((s) => s.changed)).toEqual([
      { label: 'Name', version: '„Streng“', current: '„Standard“', changed: true },
      { label: 'Grenze zwischen Note 1 und 2', version: '90 %', current: '85 %', changed: true },
      { label: 'Minus-Bereich der Noten 2–5', version: '25 %', current: '33,33 %', changed: true },
    ])
    expect(diff.settings.find((s) => s.label === 'Grenze zwischen Note 2 und 3')).toEqual({
      label: 'Grenze zwischen Note 2 und 3',
      version: '70 %',
      current: '70 %',
      changed: false,
    })
  })

  it('marks exactly the bands whose range moved: both neighbours of a boundary', () => {
    const c = structuredClone(standard())
    c.rule.grades['1'].min = 90
    c.rule.grades['2'].max = 90
    const diff = diffConfigs(c, standard())
    expect(diff.bands.filter((b) => b.changed).map((b) => b.grade)).toEqual(['1', '1-', '2+', '2', '2-'])
    expect(diff.bands.find((b) => b.grade === '1-')).toMatchObject({
      version: 'über 90 bis 93,333',
      current: 'über 85 bis 89,9995',
    })
    expect(diff.bands.find((b) => b.grade === '6')).toMatchObject({
      version: 'bis 10',
      current: 'bis 10',
      changed: false,
    })
  })

  it('marks every band of grades 2–5 when their minus width changes, and none of 1 and 6', () => {
    const c = structuredClone(standard())
    c.rule.schema.general = { minus: 25, normal: 33.33 }
    const moved = diffConfigs(c, standard())
      .bands.filter((b) => b.changed)
      .map((b) => b.grade)
    expect(moved).toEqual(['2+', '2', '2-', '3+', '3', '3-', '4+', '4', '4-', '5+', '5', '5-'])
  })

  it('sees a difference the table’s two decimals would hide', () => {
    const c = structuredClone(standard())
    c.rule.grades['5'].min = 20.0001
    c.rule.grades['6'].max = 20.0001
    const diff = diffConfigs(c, standard())
    expect(diff.bands.filter((b) => b.changed).map((b) => b.grade)).toEqual(['5+', '5', '5-', '6+', '6'])
    expect(diff.settings.find((s) => s.label === 'Grenze zwischen Note 5 und 6')).toMatchObject({
      version: '20,0001 %',
      current: '20 %',
    })
  })
})

describe('diffSettings of the teachers’ adjustment', () => {
  it('names a key made binding: „Anpassung durch Lehrkräfte: erlaubt → nicht erlaubt“', () => {
    const binding = { ...standard(), adjustable: false as const }
    expect(diffSettings(standard(), binding).filter((s) => s.changed)).toEqual([
      { label: 'Anpassung durch Lehrkräfte', version: 'erlaubt', current: 'nicht erlaubt', changed: true },
    ])
    expect(diffSettings(binding, binding).filter((s) => s.changed)).toEqual([])
  })
})

describe('diffSettings of the Fehlerquotient', () => {
  it('names the conversion of each version in words', () => {
    const hessen = { ...standard(), fehlerquotient: { preset: 'hessen-oberstufe' } }
    const own = {
      ...standard(),
      fehlerquotient: {
        name: 'Englisch',
        unit: 'drittel',
        steps: [{ from: '4', deduction: 1 }],
        max: 2,
        minWords: 100,
      },
    }
    const changed = (a: ScaleDocument, b: ScaleDocument) => diffSettings(a, b).filter((s) => s.changed)
    expect(changed(standard(), hessen)).toEqual([
      {
        label: 'Sprachrichtigkeit',
        version: 'keine Umrechnung',
        current: 'Hessen, gymnasiale Oberstufe',
        changed: true,
      },
    ])
    expect(changed(hessen, own)).toEqual([
      {
        label: 'Sprachrichtigkeit',
        version: 'Hessen, gymnasiale Oberstufe',
        current: 'Regel der Schule „Englisch“: ab 4: ⅓ Note; höchstens ⅔ Note; erst ab 100 Wörtern',
        changed: true,
      },
    ])
    expect(changed(own, own)).toEqual([])
  })
})
