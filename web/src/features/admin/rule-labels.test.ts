import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isTableSystem, labelsOf, readLabel, startLabels, TABLE_SYSTEMS } from './rule-labels'

// presets.json is written by testdata/grading/presets.py from the published keys, not from this code
const file = join(import.meta.dirname, '../../../../testdata/grading/presets.json')
const { presets } = JSON.parse(readFileSync(file, 'utf8')) as {
  presets: { id: string; system: string; bands: { grade: string }[] }[]
}

const ranksOf = (system: (typeof TABLE_SYSTEMS)[number], labels: string[]) =>
  labels.map((l) => readLabel(system, l)?.rank ?? null)
const strictlyRising = (ranks: (bigint | null)[]) =>
  ranks.every((r, i) => r !== null && (i === 0 || r > (ranks[i - 1] ?? r)))

describe('the labels of each system (internal/grading/system.go)', () => {
  it.each(presets.map((p) => [p.id, p] as const))(
    'reads every grade of the preset %s, best first',
    (_, p) => {
      expect(isTableSystem(p.system)).toBe(true)
      if (!isTableSystem(p.system)) return
      const labels = p.bands.map((b) => b.grade)
      // a formula's tenths read "6,0"; as a table's label Go stores the number the shortest way, "6"
      if (p.system !== 'schweiz')
        expect(labels.map((l) => readLabel(p.system as 'noten', l)?.text)).toEqual(labels)
      expect(strictlyRising(ranksOf(p.system, labels))).toBe(true)
    },
  )

  it.each(TABLE_SYSTEMS.map((s) => [s] as const))(
    'offers and starts %s with its own labels, best first',
    (s) => {
      expect(strictlyRising(ranksOf(s, labelsOf(s)))).toBe(true)
      expect(strictlyRising(ranksOf(s, startLabels(s)))).toBe(true)
    },
  )

  it('reads Swiss grades as numbers from 1 to 6 in hundredths, stored the shortest way', () => {
    expect(readLabel('schweiz', '4.50')?.text).toBe('4,5')
    expect(readLabel('schweiz', '+5')?.text).toBe('5')
    expect(readLabel('schweiz', '4,')?.text).toBe('4') // grading.ParseNumber takes "4," as 4
    for (const bad of ['6,5', '0,75', '4,125', ' 4', '', '-', '4,5,0'])
      expect(readLabel('schweiz', bad)).toBeNull()
    expect(readLabel('noten', '2+')).toBeNull()
  })
})
