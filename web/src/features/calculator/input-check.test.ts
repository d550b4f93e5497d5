import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RuleDocument } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { documentOf, standardLiveConfig } from '@/test/live-config'
import { inputProblems as problemsOn } from './input-check'

const vectors = join(import.meta.dirname, '../../../../testdata/grading')
const { presets } = JSON.parse(readFileSync(join(vectors, 'presets.json'), 'utf8')) as {
  presets: { id: string; system: string; rule: RuleDocument['rule'] }[]
}
const presetKey = (id: string) => {
  const p = presets.find((x) => x.id === id)
  if (p === undefined) throw new Error(`no preset ${id}`)
  return keyOf(documentOf({ name: id, system: p.system, rule: p.rule }))
}
// The original's key (the seed's Standard): 0 points are a 6, above 100 % a 1+.
const original = keyOf(standardLiveConfig().config)
const inputProblems = (total: string, achieved: string) => problemsOn(original, total, achieved)

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
    expect(p.achieved?.text).toBe('Mehr als 1 Punkt. Das Ergebnis liegt über 100\u00a0% (Note 1+).') // German singular
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
      text: 'Mehr als 40 Punkte. Das Ergebnis liegt über 100\u00a0% (Note 1+).',
    })
    expect(inputProblems('40', '-3').achieved?.text).toBe(
      'Punkte können nicht negativ sein. Das Ergebnis wird trotzdem nach der Regel berechnet (Note 6).',
    )
    expect(level('40', '0')).toEqual([null, 'note'])
    expect(level('abc', '41')).toEqual(['error', null]) // no comparison with a total that is not a number
  })
})

// A hint that names a grade takes it from the scale's own key: what the Punkteschlüssel gives 0 points,
// and what the calculator gives a negative value or more than the total.
describe("inputProblems names the grades of the scale's system", () => {
  it.each([
    ['standard-ab', 'Note 6', 'Note 6', 'Note 1+'],
    ['schweiz-zehntel', 'Note 1.0', 'Note 1.0', 'Note 6.0'], // written the Swiss way
    ['schweiz-halbe', 'Note 1', 'Note 1', 'Note 6'],
    ['kmk-oberstufe', '0 Punkte', '0 Punkte', '15 Punkte'],
    ['oesterreich', 'Note 5', 'Note 5', 'Note 1'],
    ['ihk', 'Note 6', 'Note 6', 'Note 1'],
    ['ihk-dezimal', 'Note 6,0', 'Note 6,0', 'Note 1,0'],
  ])('%s: 0 points (%s), below 0 (%s), above the total (%s)', (id, zero, negative, over) => {
    const key = presetKey(id)
    expect(problemsOn(key, '40', '0').achieved).toEqual({
      level: 'note',
      text: `Bei 0 Punkten bleibt das Ergebnis leer; im Punkteschlüssel haben 0 Punkte trotzdem eine Note (${zero}).`,
    })
    expect(problemsOn(key, '40', '-3').achieved?.text).toBe(
      `Punkte können nicht negativ sein. Das Ergebnis wird trotzdem nach der Regel berechnet (${negative}).`,
    )
    expect(problemsOn(key, '40', '41').achieved?.text).toBe(
      `Mehr als 40 Punkte. Das Ergebnis liegt über 100\u00a0% (${over}).`,
    )
  })

  it("names the original's 0 points and its extra credit", () => {
    expect(inputProblems('40', '0').achieved?.text).toBe(
      'Bei 0 Punkten bleibt das Ergebnis leer; im Punkteschlüssel haben 0 Punkte trotzdem eine Note (Note 6).',
    )
    expect(inputProblems('40', '41').achieved?.text).toBe(
      'Mehr als 40 Punkte. Das Ergebnis liegt über 100\u00a0% (Note 1+).',
    )
  })

  it('names no grade where the key cannot tell it (a document that lacks a bound)', () => {
    const rule = { kind: 'table', percentage: 'exact', bands: [{ grade: '1' }, { grade: '2' }] }
    const key = keyOf(documentOf({ name: 'Lücke', system: 'oesterreich', rule }))
    expect(problemsOn(key, '40', '41').achieved?.text).toBe(
      'Mehr als 40 Punkte. Das Ergebnis liegt über 100\u00a0%.',
    )
  })
  it('writes numbers in the Swiss way on a Swiss scale, where a dot with three digits is plainly a decimal', () => {
    const key = presetKey('schweiz-zehntel')
    expect(problemsOn(key, '40,5', '41').achieved?.text).toBe(
      'Mehr als 40.5 Punkte. Das Ergebnis liegt über 100\u00a0% (Note 6.0).',
    )
    expect(problemsOn(key, '1.000', '').total).toBeNull()
    expect(problemsOn(presetKey('ihk-dezimal'), '1.000', '').total?.level).toBe('warning')
  })
})
