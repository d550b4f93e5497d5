import { describe, expect, it } from 'vitest'
import { inputProblems } from './input-check'

// The calculator's words about its inputs. The results themselves follow docs/spec.md §3 and are
// tested with the shared vectors; these say what a person is told.
describe('inputProblems', () => {
  const level = (total: string, achieved: string) => {
    const p = inputProblems(total, achieved)
    return [p.total?.level ?? null, p.achieved?.level ?? null]
  }

  it('says nothing about empty fields and plain values', () => {
    expect(inputProblems('', '')).toEqual({ total: null, achieved: null })
    expect(inputProblems('40', '31,5')).toEqual({ total: null, achieved: null })
    expect(inputProblems(' 40 ', '40')).toEqual({ total: null, achieved: null }) // the total itself is fine
  })

  it.each(['23 ,5', '20 Punkte', '20%', '1.000,5', 'abc'])('names the accepted forms for %j', (text) => {
    const p = inputProblems(text, text)
    for (const problem of [p.total, p.achieved]) {
      expect(problem?.level).toBe('error')
      expect(problem?.text).toBe(`„${text}“ ist keine Zahl. Möglich sind zum Beispiel 12, 12,5 oder 12.5.`)
    }
  })

  it('shortens a long text it quotes', () => {
    expect(inputProblems('x'.repeat(200), '').total?.text).toBe(
      `„${'x'.repeat(23)}…“ ist keine Zahl. Möglich sind zum Beispiel 12, 12,5 oder 12.5.`,
    )
  })

  it('asks whether a dot with three digits meant thousands, and still reads it as a decimal', () => {
    const p = inputProblems('1.000', '500')
    expect(p.total).toEqual({
      level: 'warning',
      text: '„1.000“ wird als 1,000 gelesen. Für tausend bitte 1000 eingeben.',
    })
    expect(p.achieved?.text).toBe('Mehr als 1 Punkt. Das Ergebnis liegt über 100 % (Note 1+).') // German singular
    expect(inputProblems('40', '2.500').achieved?.text).toBe(
      '„2.500“ wird als 2,500 gelesen. Für tausend bitte 2500 eingeben.',
    )
    expect(inputProblems('1.5', '').total).toBeNull() // one decimal: plainly a decimal
  })

  it('refuses a total of 0 and warns about a negative one', () => {
    expect(inputProblems('0', '5').total).toEqual({
      level: 'error',
      text: 'Die Gesamtpunktzahl muss größer als 0 sein.',
    })
    expect(inputProblems('0,0', '').total?.level).toBe('error')
    expect(level('-40', '20')).toEqual(['warning', null])
  })

  it('warns about achieved points above the total or below zero, and notes 0 points', () => {
    expect(inputProblems('40', '41').achieved).toEqual({
      level: 'warning',
      againstTotal: true,
      text: 'Mehr als 40 Punkte. Das Ergebnis liegt über 100 % (Note 1+).',
    })
    expect(inputProblems('40', '-3').achieved?.text).toBe(
      'Punkte können nicht negativ sein. Das Ergebnis wird trotzdem nach der Regel berechnet (Note 6).',
    )
    expect(level('40', '0')).toEqual([null, 'note'])
    expect(level('abc', '41')).toEqual(['error', null]) // no comparison with a total that is not a number
  })
})
