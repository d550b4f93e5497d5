import { describe, expect, it } from 'vitest'
import { SYSTEMS } from '@/lib/systems.gen'
import { targetsOf, zeugnisNeeded } from './needed'

// The report grades a pupil can aim for come from each system's range and step (lib/systems.gen.ts, the
// school's Swiss step), best first; the worst grade is not offered: "6 oder besser" is always reached.
describe('targetsOf', () => {
  it.each([
    ['noten-plus-minus', undefined, ['1', '2', '3', '4', '5']],
    ['noten', undefined, ['1', '2', '3', '4', '5']],
    ['noten-dezimal', undefined, ['1', '2', '3', '4', '5']],
    ['oesterreich', undefined, ['1', '2', '3', '4']],
    [
      'notenpunkte',
      undefined,
      ['15', '14', '13', '12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1'],
    ],
    ['schweiz', undefined, ['6', '5,5', '5', '4,5', '4', '3,5', '3', '2,5', '2', '1,5']],
    ['schweiz', '0,5', ['6', '5,5', '5', '4,5', '4', '3,5', '3', '2,5', '2', '1,5']],
    ['schweiz', '1', ['6', '5', '4', '3', '2']],
    ['schweiz', '0.1', Array.from({ length: 50 }, (_, i) => String((60 - i) / 10).replace('.', ','))],
  ] as const)('%s with step %s', (system, step, want) => {
    expect(targetsOf(system, step)).toEqual(want)
  })

  it('offers no target to a system this page does not know', () => {
    expect(targetsOf('neu', undefined)).toEqual([])
  })

  it.each(SYSTEMS.map((s) => s.id))('every target of %s is one the rule takes', (system) => {
    for (const grade of targetsOf(system, undefined)) {
      const got = zeugnisNeeded(
        {
          system,
          categories: [
            { name: 'a', grades: [] },
            { name: 'b', grades: ['3'] },
          ],
        },
        { grade, category: 'a' },
      )
      expect(got.ok, `${system} ${grade}`).toBe(true)
    }
  })
})
