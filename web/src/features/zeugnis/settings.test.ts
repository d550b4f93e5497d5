import { describe, expect, it } from 'vitest'
import { documentOf } from '@/test/live-config'
import { ruleOptions, ruleParts, schoolSetRule } from './rule-line'
import { zeugnisSettingsOf } from './settings'

const standardGrades = () =>
  Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((g) => [g, { min: 0, max: 0 }])) as Record<
    '1' | '2' | '3' | '4' | '5' | '6',
    { min: number; max: number }
  >

describe('zeugnisSettingsOf', () => {
  it('is the document’s settings, or none', () => {
    const doc = documentOf({ name: 'Standard', grades: standardGrades(), schema: {} })
    expect(zeugnisSettingsOf(doc)).toEqual({})
    expect(zeugnisSettingsOf({ ...doc, zeugnis: { rounding: 'worse' } })).toEqual({ rounding: 'worse' })
  })
})

describe('the rule line', () => {
  it('names the defaults for de', () => {
    expect(ruleParts('de', {})).toEqual([
      'Tendenz: + und − zählen 0,3',
      'Genau auf der Mitte (z. B. 2,50): die bessere Note',
      'Vorschlag in ganzen Noten',
      'Durchschnitt auf zwei Stellen abgeschnitten, nicht gerundet',
    ])
    expect(schoolSetRule({})).toBe(false)
  })

  it('names the school’s choices: a third, the worse note, the Swiss step', () => {
    expect(ruleParts('de', { tendency: '1/3', rounding: 'worse' }).slice(0, 2)).toEqual([
      'Tendenz: + und − zählen ⅓',
      'Genau auf der Mitte (z. B. 2,50): die schlechtere Note',
    ])
    // Swiss numbers with a point, as everywhere on a Swiss page
    expect(ruleParts('ch', { step: '0.1' }).slice(0, 2)).toEqual([
      'Genau auf der Mitte (z. B. 4.45): die bessere Note',
      'Vorschlag in Schritten von 0.1',
    ])
    expect(ruleParts('schweiz', {}).slice(0, 2)).toEqual([
      'Genau auf der Mitte (z. B. 4.25): die bessere Note',
      'Vorschlag in Schritten von 0.5',
    ])
    expect(ruleParts('np', {}).slice(0, 2)).toEqual([
      'Genau auf der Mitte (z. B. 7,50): die bessere Note',
      'Vorschlag in ganzen Punkten',
    ])
    expect(ruleParts('de', { tendency: '0.25' })[0]).toBe('Tendenz: + und − zählen 0,25')
    expect(schoolSetRule({ rounding: 'better' })).toBe(true)
  })

  it('sends the tendency only in de and the step only in ch', () => {
    const all = { tendency: '0,25', rounding: 'worse' as const, step: '1' }
    expect(ruleOptions('de', all)).toEqual({ tendency: '0,25', rounding: 'worse' })
    expect(ruleOptions('ch', all)).toEqual({ rounding: 'worse', step: '1' })
    expect(ruleOptions('np', all)).toEqual({ rounding: 'worse' })
  })
})
