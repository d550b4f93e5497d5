import { describe, expect, it } from 'vitest'
import { atRisk, classCsvName, classResults } from './class-results'

const categories = [
  { name: 'schriftlich', weight: '2', grades: '' },
  { name: ' mündlich ', weight: '', grades: '' },
]

describe('classResults', () => {
  it('answers each pasted row with the form’s categories and weights', () => {
    const { rows, answers } = classResults('de', {}, categories, 'Anna; 2+ 3 3; 2 1-\nBen; 2; 3')
    expect(rows.map((r) => r.name)).toEqual(['Anna', 'Ben'])
    expect(answers.map((a) => (a.ok ? [a.result.average, a.result.proposal] : a.message))).toEqual([
      ['2,26', '2'],
      ['2,33', '2'],
    ])
  })

  it('follows the school’s rounding on the middle', () => {
    const half = categories.map((c) => ({ ...c, weight: '1' }))
    const [answer] = classResults('de', { rounding: 'worse' }, half, 'Cem; 2; 3').answers
    expect(answer?.ok && answer.result).toMatchObject({ average: '2,50', proposal: '3', borderline: true })
  })

  it('gives a row with problems its messages, never a proposal', () => {
    const { answers } = classResults('de', {}, categories, 'Ida; 4 7; 3\n; 2; 2\nJo; ; ')
    expect(answers).toEqual([
      { ok: false, message: 'schriftlich: „7“ ist keine Note von 1 bis 6.' },
      { ok: false, message: 'Die Zeile hat keinen Namen.' },
      { ok: false, message: expect.stringContaining('Keine Note') as string },
    ])
  })

  // docs/spec.md §9: worse than the pass mark of a report grade — 5 and 6 in the German 1–6 systems, under 5
  // Notenpunkte, Nicht genügend (5) in Austria, under 4 in Switzerland.
  it.each([
    ['noten-plus-minus', ['4'], ['5', '6']],
    ['noten', ['1', '4'], ['5', '6']],
    ['noten-dezimal', ['4'], ['5', '6']],
    ['notenpunkte', ['5', '15'], ['4', '0']],
    ['schweiz', ['4', '4,5', '6'], ['3,5', '3,9', '1']],
    ['oesterreich', ['4'], ['5']],
  ])('marks „Versetzung gefährdet“ in %s below the pass mark only', (system, safe, risk) => {
    expect(safe.map((p) => atRisk(system, p))).toEqual(safe.map(() => false))
    expect(risk.map((p) => atRisk(system, p))).toEqual(risk.map(() => true))
  })

  it('names the CSV file by the day', () => {
    expect(classCsvName(new Date(2026, 10, 5))).toBe('zeugnisnoten-2026-11-05.csv')
  })
})
