import { describe, expect, it } from 'vitest'
import { keyOf } from '@/lib/key'
import { standardLiveConfig } from '@/test/live-config'
import { summarize } from './class-list'
import { MIN_GROUP, publicGroups } from './class-summary'

const standard = keyOf(standardLiveConfig().config)
/** A class on the standard key, 40 points: 40 is a 1, 30 a 2, 25 a 3, 20 a 4, 10 a 5, 2 a 6. */
const POINTS: Record<string, string> = { '1': '40', '2': '30', '3': '25', '4': '20', '5': '10', '6': '2' }
function classOf(counts: Record<string, number>) {
  const lines = Object.entries(counts).flatMap(([grade, n]) => Array<string>(n).fill(POINTS[grade] ?? ''))
  const s = summarize(standard, '40', lines.join('\n'))
  if (s === null) throw new Error('no summary')
  return s
}

describe('publicGroups', () => {
  it('keeps every whole grade apart when none is held by one or two pupils', () => {
    const s = classOf({ '1': 3, '2': 5, '3': 0, '4': 4, '5': 3, '6': 0 })
    expect(publicGroups(s)).toEqual([
      { name: '1', count: 3 },
      { name: '2', count: 5 },
      { name: '3', count: 0 },
      { name: '4', count: 4 },
      { name: '5', count: 3 },
      { name: '6', count: 0 },
    ])
  })

  it('merges a grade of one or two pupils with the smaller neighbour, until no group is small', () => {
    // the single 6 joins the 5s (its only neighbour); the two 1s join the 2s (4 < the 3s' 6)
    const s = classOf({ '1': 2, '2': 4, '3': 6, '4': 5, '5': 3, '6': 1 })
    expect(publicGroups(s)).toEqual([
      { name: '1–2', count: 6 },
      { name: '3', count: 6 },
      { name: '4', count: 5 },
      { name: '5–6', count: 4 },
    ])
    // a 1 beside an empty 2 and a small 3 grows through both
    expect(publicGroups(classOf({ '1': 1, '2': 0, '3': 1, '4': 9 }))).toEqual([
      { name: '1–4', count: 11 }, // 1–3 would still hold only two
      { name: '5', count: 0 },
      { name: '6', count: 0 },
    ])
  })

  it('never prints a group of one or two while there is more than one group, and keeps the total', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const counts = Object.fromEntries(
        ['1', '2', '3', '4', '5', '6'].map((g, i) => [g, (seed * (i + 7) * 2654435761) % 5]),
      )
      const s = classOf(counts)
      const groups = publicGroups(s)
      const total = Object.values(counts).reduce((a, b) => a + b, 0)
      expect(groups.reduce((a, g) => a + g.count, 0)).toBe(total)
      if (groups.length > 1) expect(groups.filter((g) => g.count > 0 && g.count < MIN_GROUP)).toEqual([])
    }
  })
})
