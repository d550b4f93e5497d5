import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DocumentOf } from '@/lib/config'
import { EMPTY, NONE, table, type TableCell } from '@/lib/grade-table'
import { gradeOf, keyOf } from '@/lib/key'
import { parseNumber } from '@/lib/numbers'
import { add, rational } from '@/lib/rational'
import { widthsOf } from '@/test/live-config'
import { calculate, formatPercentage } from './grading'

// The shared vectors of testdata/grading/ (docs/architecture.md), which internal/grading passes too.
const vectors = join(import.meta.dirname, '../../../../testdata/grading')
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(vectors, name), 'utf8'))

interface Case {
  config: string
  total: string
  achieved: string
  percentage: string
  grade: string
}

const configs = new Map<string, DocumentOf<'widths'>>(
  readdirSync(join(vectors, 'configs'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), widthsOf(readJson(`configs/${f}`))]),
)
const { cases } = readJson('cases.json') as { cases: Case[] }
const tables = readJson('tables.json') as Record<string, TableCell[]>

function config(name: string): DocumentOf<'widths'> {
  const c = configs.get(name)
  if (c === undefined) throw new Error(`testdata/grading/configs/${name}.json is missing`)
  return c
}

describe('shared vectors', () => {
  it('are all there', () => {
    expect([...configs.keys()].sort()).toEqual(['extreme', 'fractional', 'standard'])
    expect(cases.length).toBeGreaterThanOrEqual(300)
    expect(Object.keys(tables).sort()).toEqual(['extreme', 'fractional', 'standard'])
  })

  it.each(cases.map((c, i) => ({ ...c, i })))(
    'case $i: $config total=$total achieved=$achieved → "$percentage" "$grade"',
    ({ config: name, total, achieved, percentage, grade }) => {
      expect(calculate(keyOf(config(name)), total, achieved)).toEqual({ percentage, grade })
    },
  )

  it.each(Object.entries(tables))('table %s', (name, cells) => {
    expect(cells).toHaveLength(16)
    expect(table(keyOf(config(name)))).toEqual(cells)
  })

  // The table read as a person reads it. A cell "über a bis b" promises its grade to every
  // percentage above a up to b and to none at a or above b; each promise is checked against the
  // calculator's rule at every threshold and the smallest step beside it (10^-12, finer than any
  // threshold of a valid configuration).
  it.each([...configs.keys()])('table %s agrees with the calculator at every threshold', (name) => {
    const c = config(name)
    const step = rational(1n, 10n ** 12n)
    const read = (text: string) => {
      const x = parseNumber(text)
      if (x === null) throw new Error(`table bound ${text} is not a number a person can type`)
      return x
    }
    let checked = 0
    for (const cell of table(keyOf(c))) {
      if (cell.over === EMPTY) continue
      const upTo = read(cell.upTo)
      expect(gradeOf(keyOf(c), upTo).label, `${cell.grade} at ${cell.upTo}`).toBe(cell.grade)
      expect(gradeOf(keyOf(c), add(upTo, step)).label, `${cell.grade} above ${cell.upTo}`).not.toBe(
        cell.grade,
      )
      if (cell.over === NONE) continue
      const over = read(cell.over)
      expect(gradeOf(keyOf(c), over).label, `${cell.grade} at ${cell.over}`).not.toBe(cell.grade)
      expect(gradeOf(keyOf(c), add(over, step)).label, `${cell.grade} above ${cell.over}`).toBe(cell.grade)
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(5)
  })
})

describe('parseNumber', () => {
  it.each([
    ['12', 12n, 1n],
    ['12,5', 25n, 2n],
    ['12.5', 25n, 2n],
    ['12,', 12n, 1n],
    [',5', 1n, 2n],
    ['-3', -3n, 1n],
    ['+30', 30n, 1n],
    ['\u00a0 7 \t\u2003', 7n, 1n],
    ['1'.repeat(32), BigInt('1'.repeat(32)), 1n],
  ])('reads %j', (input, n, d) => {
    expect(parseNumber(input)).toEqual({ n, d })
  })

  it.each(['', ' ', 'abc', '12abc', '1,2,3', '1.000,5', ',', '-', '+-1', '１２', '1e3', '1'.repeat(33)])(
    'rejects %j',
    (input) => {
      expect(parseNumber(input)).toBeNull()
    },
  )
})

describe('formatPercentage', () => {
  it.each([
    [rational(7667n, 100n), '76,7%'],
    [rational(100n), '100,0%'],
    [rational(-50n), '-50,0%'],
    [rational(5n, 100n), '0,1%'],
    [rational(-5n, 100n), '-0,1%'],
    [rational(-4n, 100n), '0,0%'], // rounds to zero: no sign (docs/spec.md §3)
    [rational(8996n, 100n), '89,96%'], // "90,0%" would read as a 1 (over 89,9995); 89,96 is a 1-
    [rational(899995n, 10000n), '89,9995%'], // the bound itself is still a 1-
    [rational(100n, 3n), '33,333%'], // 5+ is over 33,332: "33,3%" would read as a 5
    [rational(10n ** 12n + 1n, 10n ** 10n), '100,0000000001%'], // over 100 is 1+: rounded towards it
  ])('%o → %s', (p, text) => {
    expect(formatPercentage(keyOf(config('standard')), p)).toBe(text)
  })
})

describe('a configuration without the special entries of 1 and 6', () => {
  const standard = (): DocumentOf<'widths'> => structuredClone(config('standard'))

  it('shows "?" for the cells of 1 when schema["1"] is missing', () => {
    const c = standard()
    delete c.rule.schema['1']
    const cells = table(keyOf(c))
    expect(cells.slice(0, 2)).toEqual([
      { grade: '1', over: '?', upTo: '?' },
      { grade: '1-', over: '?', upTo: '?' },
    ])
    expect(cells.slice(2)).toEqual(tables.standard?.slice(2))
  })

  it('shows "?" for the cells of 6 when schema["6"].normal is missing', () => {
    const c = standard()
    c.rule.schema['6'] = {}
    const cells = table(keyOf(c))
    expect(cells.slice(14)).toEqual([
      { grade: '6+', over: '?', upTo: '?' },
      { grade: '6', over: '?', upTo: '?' },
    ])
    expect(cells.slice(0, 14)).toEqual(tables.standard?.slice(0, 14))
  })

  it('gives "?" only for grades that need the missing entry', () => {
    const c = standard()
    delete c.rule.schema['1']
    delete c.rule.schema['6']
    expect(calculate(keyOf(c), '100', '95')).toEqual({ percentage: '95,0%', grade: '?' })
    expect(calculate(keyOf(c), '100', '5')).toEqual({ percentage: '5,0%', grade: '?' })
    expect(calculate(keyOf(c), '100', '50')).toEqual({ percentage: '50,0%', grade: '4+' })
    expect(calculate(keyOf(c), '100', '101')).toEqual({ percentage: '101,0%', grade: '1+' })
    expect(calculate(keyOf(c), '100', '-1')).toEqual({ percentage: '-1,0%', grade: '6' })
    expect(gradeOf(keyOf(c), rational(0n)).label).toBe('6')
  })
})
