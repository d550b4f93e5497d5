import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DocumentOf } from '@/lib/config'
import { GRADE_LABELS } from '@/lib/grade-table'
import { gradeOf, keyOf } from '@/lib/key'
import { parseNumber } from '@/lib/numbers'
import { add, cmp, div, mul, rational, sub, type Rational } from '@/lib/rational'
import { widthsOf } from '@/test/live-config'
import { formatPoints, POINT_STEPS, pointsText, pointsTable, type PointsBand } from './points-table'

const vectors = join(import.meta.dirname, '../../../../testdata/grading')
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(vectors, name), 'utf8'))
const names = ['standard', 'fractional', 'extreme'] as const
const configs = Object.fromEntries(names.map((n) => [n, widthsOf(readJson(`configs/${n}.json`))])) as Record<
  (typeof names)[number],
  DocumentOf<'widths'>
>

const num = (s: string): Rational => {
  const x = parseNumber(s)
  if (x === null) throw new Error(`not a number: ${s}`)
  return x
}
const asNumber = (x: Rational | null): number | null => (x === null ? null : Number(x.n) / Number(x.d))
const HUNDRED = rational(100n)

interface VectorTable {
  config: (typeof names)[number]
  total: string
  step: string
  bands: { grade: string; min: number | null; max: number | null }[]
}

describe('pointsTable against the oracle (testdata/grading/points-tables.json)', () => {
  const { tables } = readJson('points-tables.json') as { tables: VectorTable[] }
  it('has the vectors', () => {
    expect(tables.length).toBeGreaterThanOrEqual(100)
  })
  it.each(tables)('$config total $total step $step', ({ config, total, step, bands }) => {
    const got = pointsTable(keyOf(configs[config]), num(total), num(step))
    // quarters are exact in binary floating point, so comparing numbers here is exact
    expect(got?.map((b) => ({ grade: b.grade, min: asNumber(b.min), max: asNumber(b.max) }))).toEqual(bands)
  })
})

/**
 * The property, against gradeOf itself: each multiple of the step in [0, total] lies in exactly one
 * range, the one of its grade, and every range's ends carry its grade (so no range is too wide, and
 * with the first part none is too narrow). Small totals check every multiple; large ones the ends,
 * their neighbours and pseudo-random multiples.
 */
function checkProperty(
  config: DocumentOf<'widths'>,
  total: Rational,
  step: Rational,
  samples?: number,
): void {
  const key = keyOf(config)
  const bands = pointsTable(key, total, step)
  if (bands === null) throw new Error('no table')
  expect(bands.map((b) => b.grade)).toEqual(GRADE_LABELS)
  const grade = (points: Rational) => gradeOf(key, div(mul(HUNDRED, points), total)).label
  const inRange = (b: PointsBand, x: Rational) =>
    b.min !== null && b.max !== null && cmp(b.min, x) <= 0 && cmp(x, b.max) <= 0
  const check = (x: Rational) => {
    const holders = bands.filter((b) => inRange(b, x)).map((b) => b.grade)
    if (holders.length !== 1 || holders[0] !== grade(x)) {
      throw new Error(
        `${formatPoints(x)} of ${formatPoints(total)} (grade ${grade(x)}) lies in ${holders.join(', ') || 'no range'}`,
      )
    }
  }
  const inside = (x: Rational) => x.n >= 0n && cmp(x, total) <= 0
  for (const b of bands) {
    if (b.min === null || b.max === null) continue
    expect([grade(b.min), grade(b.max)]).toEqual([b.grade, b.grade])
    for (const x of [sub(b.min, step), add(b.max, step)]) if (inside(x)) check(x)
  }
  const q = div(total, step)
  const n = q.n / q.d
  if (samples === undefined) {
    for (let k = 0n; k <= n; k++) check(mul(rational(k), step))
    return
  }
  let seed = 0x2545f491n
  for (let i = 0; i < samples; i++) {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n
    check(mul(rational(seed % (n + 1n)), step))
  }
}

describe('pointsTable property', () => {
  const small = [
    ...Array.from({ length: 30 }, (_, i) => String(i + 1)),
    '0,25',
    '0,5',
    '0,75',
    '7,5',
    '12,75',
    '37,3',
    '42,5',
    '45,75',
    '66,6',
    '99,99',
    '120',
    '137,25',
  ]
  const large = ['10000', '123457', '14285714285,7', '1' + '0'.repeat(30)]
  for (const name of names) {
    for (const { value, step } of POINT_STEPS) {
      it(`${name}, step ${value}, every multiple of ${small.length} totals`, () => {
        for (const t of small) checkProperty(configs[name], num(t), step)
      })
      it(`${name}, step ${value}, large totals`, () => {
        for (const t of large) checkProperty(configs[name], num(t), step, 150)
      })
    }
  }
})

describe('pointsTable edge cases', () => {
  it('gives no table for a total of 0 or below, or a configuration without widths', () => {
    const half = rational(1n, 2n)
    expect(pointsTable(keyOf(configs.standard), rational(0n), half)).toBeNull()
    expect(pointsTable(keyOf(configs.standard), rational(-5n), half)).toBeNull()
    expect(
      pointsTable(
        keyOf({ ...configs.standard, rule: { ...configs.standard.rule, schema: {} } }),
        rational(40n),
        half,
      ),
    ).toBeNull()
  })

  it('formats points the German way', () => {
    expect(formatPoints(rational(67n, 2n))).toBe('33,5')
    expect(formatPoints(rational(36n))).toBe('36')
    expect(formatPoints(rational(1n, 4n))).toBe('0,25')
    expect(formatPoints(rational(0n))).toBe('0')
    expect(pointsText(rational(1n))).toBe('1 Punkt')
    expect(pointsText(rational(1n, 2n))).toBe('0,5 Punkte')
    expect(pointsText(rational(40n))).toBe('40 Punkte')
  })
})
