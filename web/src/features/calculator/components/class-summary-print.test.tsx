import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readGradingConfig } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { summarize } from '../class-list'
import { fullColumns } from './class-summary-print'

const { presets } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../../testdata/grading/presets.json'), 'utf8'),
) as { presets: { id: string; system: string; rule: object }[] }

function presetKey(id: string) {
  const p = presets.find((x) => x.id === id)
  const doc = p && readGradingConfig({ name: id, system: p.system, rule: p.rule })
  if (!doc) throw new Error(`no preset ${id}`)
  return keyOf(doc)
}

describe('the Aushang’s columns', () => {
  it('counts every Notenpunkte value apart, 15 to 0, each with its points', () => {
    const key = presetKey('kmk-oberstufe')
    const s = summarize(key, '60', '60\n59\n30\n0')
    if (s === null) throw new Error('no summary')
    const columns = fullColumns(s, key)
    expect(columns.map((c) => c.name)).toEqual(key.bands.map((b) => b.label))
    expect(columns).toHaveLength(16)
    expect(columns[0]).toMatchObject({ name: '15', count: 2, points: '57–60' })
    expect(columns.reduce((n, c) => n + c.count, 0)).toBe(4)
  })

  it('counts every Swiss half grade apart', () => {
    const key = presetKey('schweiz-halbe')
    const s = summarize(key, '20', '20\n15')
    if (s === null) throw new Error('no summary')
    expect(fullColumns(s, key).map((c) => c.name)).toEqual(key.bands.map((b) => b.label))
    expect(fullColumns(s, key)).toHaveLength(11)
  })

  it('counts a key of more than 16 bands per whole grade', () => {
    const key = presetKey('ihk-dezimal')
    const s = summarize(key, '100', '100\n91\n50')
    if (s === null) throw new Error('no summary')
    const columns = fullColumns(s, key)
    expect(columns.map((c) => c.name)).toEqual(s.groups.map((g) => g.name))
    expect(columns.reduce((n, c) => n + c.count, 0)).toBe(3)
  })
})
