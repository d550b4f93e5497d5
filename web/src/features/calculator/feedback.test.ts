import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { readGradingConfig } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { rational } from '@/lib/rational'
import { standardLiveConfig } from '@/test/live-config'
import { nextBetter } from './feedback'
import { calculate } from './grading'

const standard = keyOf(standardLiveConfig().config)
const { presets } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../testdata/grading/presets.json'), 'utf8'),
) as { presets: { id: string; system: string; rule: object }[] }
/** A preset of the shared vectors as the page reads its document. */
function presetKey(id: string) {
  const p = presets.find((x) => x.id === id)
  const doc = p && readGradingConfig({ name: id, system: p.system, rule: p.rule })
  if (!doc) throw new Error(`no preset ${id}`)
  return keyOf(doc)
}

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('the next better grade on a feedback sheet', () => {
  it('names the grade above and the points it needed, read off the Punkteschlüssel', () => {
    expect(nextBetter(standard, rational(40n), '9,5', '5-', ',')).toEqual({
      grade: '5',
      missing: '1,5',
      from: '11',
    })
    expect(nextBetter(standard, rational(40n), '40', '1', ',')).toBeNull()
  })

  it('agrees with the calculator for every half point of a test', () => {
    for (const key of [standard, presetKey('kmk-oberstufe'), presetKey('schweiz-halbe')]) {
      // from half a point: the calculator shows nothing for 0
      for (let half = 1; half <= 80; half++) {
        const points = String(half / 2).replace('.', ',')
        const { grade } = calculate(key, '40', points)
        const next = nextBetter(key, rational(40n), points, grade, ',')
        if (next === null) {
          expect(key.bands[0]?.label, `${points} points`).toBe(grade)
          continue
        }
        // the better grade starts exactly there: at `from`, not half a point below
        expect(calculate(key, '40', next.from).grade).toBe(next.grade)
        const below = String(Number(next.from.replace(',', '.')) - 0.5).replace('.', ',')
        expect(calculate(key, '40', below).grade).not.toBe(next.grade)
        expect(key.bands.findIndex((b) => b.label === next.grade)).toBeLessThan(
          key.bands.findIndex((b) => b.label === grade),
        )
      }
    }
  })

  it('uses the Punkteschlüssel step of the address', () => {
    window.history.replaceState(null, '', '/?punkte=1')
    expect(nextBetter(standard, rational(40n), '9,5', '5-', ',')?.from).toBe('11')
    window.history.replaceState(null, '', '/?punkte=0,25')
    expect(nextBetter(standard, rational(40n), '9,5', '5-', ',')?.from).toBe('10,75')
  })
})
