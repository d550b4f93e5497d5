import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RuleDocument } from '@/lib/config'
import { gradeOf, keyOf } from '@/lib/key'
import { formatExact } from '@/lib/numbers'
import { rational } from '@/lib/rational'
import { documentOf } from '@/test/live-config'
import { calculate } from './grading'

// The presets against their published keys (testdata/grading/presets.json, preset-cases.json): each
// preset's rule, as a document carries it, must give the bands typed from its source and grade every
// case as the oracle does; internal/grading passes the same files.
const vectors = join(import.meta.dirname, '../../../../testdata/grading')
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(vectors, name), 'utf8'))

interface PresetVector {
  id: string
  system: string
  basis: string
  included: boolean
  bands: { grade: string; alt?: string; from?: string }[]
  rule: RuleDocument['rule']
}
interface PresetCase {
  preset: string
  total: string
  achieved: string
  percentage: string
  grade: string
  alt?: string
}

const { presets } = readJson('presets.json') as { presets: PresetVector[] }
const { cases } = readJson('preset-cases.json') as { cases: PresetCase[] }
const keys = new Map(
  presets.map((p) => [p.id, keyOf(documentOf({ name: p.id, system: p.system, rule: p.rule }))]),
)

describe('presets', () => {
  it('are all there', () => {
    expect(presets.map((p) => p.id)).toContain('schweiz-zehntel')
    expect(presets).toHaveLength(10)
    expect(cases.length).toBeGreaterThan(1000)
  })

  it.each(presets)('$id gives its published bands', ({ id, system, basis, included, bands }) => {
    const key = keys.get(id)
    expect(key?.system).toBe(system)
    expect(key?.basis).toBe(basis)
    expect(key?.included).toBe(included)
    expect(
      key?.bands.map((b) => ({
        grade: b.label,
        ...(b.alt === undefined ? {} : { alt: b.alt }),
        ...(b.from == null ? {} : { from: formatExact(b.from).replace(',', '.') }),
      })),
    ).toEqual(bands.map(({ grade, alt, from }) => ({ grade, ...(alt && { alt }), ...(from && { from }) })))
  })

  it.each(cases.map((c, i) => ({ ...c, i })))(
    'case $i: $preset total=$total achieved=$achieved → "$percentage" "$grade"',
    ({ preset, total, achieved, percentage, grade, alt }) => {
      const key = keys.get(preset)
      if (key === undefined) throw new Error(`no preset ${preset}`)
      const result = calculate(key, total, achieved)
      expect({ percentage: result.percentage, grade: result.grade, alt: result.alt }).toEqual({
        percentage,
        grade,
        alt,
      })
    },
  )
})

describe('gradeOf', () => {
  it('gives "?" only where an unknown bound might decide', () => {
    const key = keyOf(
      documentOf({
        name: 'x',
        grades: {
          '1': { min: 85, max: 100 },
          '2': { min: 70, max: 85 },
          '3': { min: 55, max: 70 },
          '4': { min: 40, max: 55 },
          '5': { min: 20, max: 40 },
          '6': { min: 0, max: 20 },
        },
        schema: { general: { minus: 30, normal: 40 } }, // no 1.minus, no 6.normal
      }),
    )
    expect(gradeOf(key, rational(90n)).label).toBe('?') // 1 or 1-: the width decides
    expect(gradeOf(key, rational(82n)).label).toBe('2+') // above 70 + 15 · (30 + 40) / 100 = 80,5
    expect(gradeOf(key, rational(10n)).label).toBe('?') // 6+ or 6
    expect(gradeOf(key, rational(0n)).label).toBe('6') // p ≤ 0 is a 6 whatever the widths
    expect(gradeOf(key, rational(101n)).label).toBe('1+')
  })
})
