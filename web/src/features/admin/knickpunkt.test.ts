import { describe, expect, it } from 'vitest'
import { writeDocument } from '@/lib/write-document'
import { checkConfigDocument, validateConfigDocument } from './config-validation'
import {
  configFromBoundaries,
  KNICKPUNKT_MESSAGES,
  knickpunktBoundaries,
  type KnickpunktRule,
} from './knickpunkt'
import cases from './knickpunkt-cases.json'
import { STANDARD } from './standard'

const checked = checkConfigDocument(writeDocument(STANDARD))
if (!checked.ok) throw new Error('the Standard preset is invalid')
const standard = checked.config
const template = {
  name: 'Knickpunkt',
  schema: { general: { minus: 33.33, normal: 33.33 }, '1': { minus: 33.33 }, '6': { normal: 50 } },
}

describe('knickpunktBoundaries', () => {
  // knickpunkt-cases.json is shared with web/knickpunkt_test.go, which runs each document through the Go validator.
  it.each(cases.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const result = knickpunktBoundaries(c.rule as KnickpunktRule)
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    const config = configFromBoundaries(result.boundaries, template)
    expect(config).toEqual(c.config)
    expect(validateConfigDocument(config)).toEqual({})
  })

  it('makes the Standard preset from pass mark 40 and top 85', () => {
    const result = knickpunktBoundaries({ passMark: 40, top: 85, rounding: 'whole' })
    expect(result.ok && configFromBoundaries(result.boundaries, standard)).toEqual(standard)
  })

  it('keeps the typed pass mark and top and rounds only the boundaries between them', () => {
    // 40,3 + 5/3 = 41,97, 40,3 + 10/3 = 43,63 and 40,3 / 2 = 20,15
    expect(knickpunktBoundaries({ passMark: 40.3, top: 45.3, rounding: 'whole' })).toEqual({
      ok: true,
      boundaries: [45.3, 44, 42, 40.3, 20],
    })
    expect(knickpunktBoundaries({ passMark: 40.3, top: 45.3, rounding: 'half' })).toEqual({
      ok: true,
      boundaries: [45.3, 43.5, 42, 40.3, 20],
    })
  })

  it('rounds exact halves up', () => {
    // 45 / 2 = 22,5 → 23 in whole percent; 45,5 / 2 = 22,75, halfway between 22,5 and 23 → 23 in half percent
    expect(knickpunktBoundaries({ passMark: 45, top: 90, rounding: 'whole' })).toMatchObject({
      boundaries: [90, 75, 60, 45, 23],
    })
    expect(knickpunktBoundaries({ passMark: 45.5, top: 90.5, rounding: 'half' })).toMatchObject({
      boundaries: [90.5, 75.5, 60.5, 45.5, 23],
    })
  })

  it.each([
    ['pass mark 0', { passMark: 0, top: 85 }, { passMark: KNICKPUNKT_MESSAGES.passMark }],
    ['pass mark 100', { passMark: 100, top: 85 }, { passMark: KNICKPUNKT_MESSAGES.passMark }],
    ['negative pass mark', { passMark: -5, top: 85 }, { passMark: KNICKPUNKT_MESSAGES.passMark }],
    ['top 100', { passMark: 40, top: 100 }, { top: KNICKPUNKT_MESSAGES.top }],
    ['top equal to the pass mark', { passMark: 40, top: 40 }, { top: KNICKPUNKT_MESSAGES.top }],
    ['top below the pass mark', { passMark: 60, top: 50 }, { top: KNICKPUNKT_MESSAGES.top }],
    [
      'both out of range',
      { passMark: 120, top: 130 },
      { passMark: KNICKPUNKT_MESSAGES.passMark, top: KNICKPUNKT_MESSAGES.top },
    ],
    ['five decimals', { passMark: 40.00001, top: 85 }, { passMark: KNICKPUNKT_MESSAGES.decimals }],
    [
      'no room for grades 2 and 3 in whole percent',
      { passMark: 40, top: 42 },
      { top: KNICKPUNKT_MESSAGES.tooCloseTop },
    ],
    [
      'no room for grade 5 in whole percent',
      { passMark: 0.5, top: 85 },
      { passMark: KNICKPUNKT_MESSAGES.tooClosePass },
    ],
  ])('refuses %s', (_, numbers, errors) => {
    expect(knickpunktBoundaries({ ...numbers, rounding: 'whole' })).toEqual({ ok: false, errors })
  })

  it('finds room in half percent where whole percent has none', () => {
    expect(knickpunktBoundaries({ passMark: 40, top: 41.5, rounding: 'half' })).toEqual({
      ok: true,
      boundaries: [41.5, 41, 40.5, 40, 20],
    })
  })

  it('makes a valid document for every whole pass mark and top', () => {
    for (let x = 1; x < 100; x++) {
      for (let y = x + 1; y < 100; y++) {
        for (const rounding of ['whole', 'half'] as const) {
          const result = knickpunktBoundaries({ passMark: x, top: y, rounding })
          if (result.ok)
            expect(
              validateConfigDocument(configFromBoundaries(result.boundaries, standard)),
              `${x} ${y} ${rounding}`,
            ).toEqual({})
          else expect(y - x < 3 || x < 2, `${x} ${y} ${rounding}`).toBe(true)
        }
      }
    }
  })
})
