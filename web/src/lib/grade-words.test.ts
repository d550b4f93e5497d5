import { describe, expect, it } from 'vitest'
import { shownGrade, wordOf } from './grade-words'
import { keyOf } from './key'
import { inNotation, notationOf, parseNumber } from './numbers'
import { testTerm } from './systems'

// How grades are written per system (internal/grading/system.go): Swiss scales with a point, the
// decimal key and Swiss grades with their words.

describe('the notation of a system', () => {
  it('is a point and " %" in Switzerland, a comma and "%" elsewhere', () => {
    const swiss = notationOf('schweiz')
    expect(inNotation('4,75', swiss)).toBe('4.75')
    expect(inNotation('78,3%', swiss)).toBe('78.3\u00a0%')
    expect(inNotation('5,75–5,5', swiss)).toBe('5.75–5.5')
    for (const system of ['noten-dezimal', 'noten', 'notenpunkte', 'oesterreich', 'noten-plus-minus'])
      expect(inNotation('78,3%', notationOf(system))).toBe('78,3%')
  })

  it('never decides what is typed: both separators read in every system', () => {
    expect(parseNumber('4.5')).toEqual(parseNumber('4,5'))
  })
})

describe('grades in words', () => {
  it('are the decimal key\'s "Note in Worten" (BiBuBAProFPrV Anlage 1)', () => {
    const words = ['1,0', '1,4', '1,5', '2,4', '2,5', '3,4', '3,5', '4,4', '4,5', '5,4', '5,5', '6,0']
    expect(words.map((l) => wordOf('noten-dezimal', l))).toEqual([
      ...['sehr gut', 'sehr gut', 'gut', 'gut', 'befriedigend', 'befriedigend'],
      ...['ausreichend', 'ausreichend', 'mangelhaft', 'mangelhaft', 'ungenügend', 'ungenügend'],
    ])
  })

  it("are the Swiss words, a grade between two with the worse one's word", () => {
    const labels = ['6', '5,75', '5,5', '5', '4,75', '4', '3,9', '1']
    expect(labels.map((l) => wordOf('schweiz', l))).toEqual([
      ...['sehr gut', 'gut', 'gut', 'gut', 'genügend', 'genügend', 'ungenügend', 'ungenügend'],
    ])
  })

  it('are only where the labels are numbers without words of their own', () => {
    expect(wordOf('noten', '2')).toBeUndefined()
    expect(wordOf('notenpunkte', '13')).toBeUndefined()
    expect(wordOf('noten-dezimal', '?')).toBeUndefined()
  })

  it("stand beside the calculator's grade, in the system's notation", () => {
    const swiss = keyOf({
      name: 'x',
      rule: { kind: 'formula', system: 'schweiz', step: 0.25, midpoint: 'up' },
    })
    expect(shownGrade(swiss, '4,75', undefined)).toBe('4.75 (genügend)')
    const decimal = keyOf({
      name: 'x',
      rule: {
        kind: 'table',
        system: 'noten-dezimal',
        percentage: 'round',
        bands: [{ grade: '1,0', from: 50 }, { grade: '6,0' }],
      },
    })
    expect(shownGrade(decimal, '1,4', undefined)).toBe('1,4 (sehr gut)')
    expect(shownGrade(decimal, '', undefined)).toBe('')
  })
})

describe('a written test', () => {
  it('is a "Prüfung" on Swiss scales, a "Schularbeit" on Austrian ones (LBVO § 7)', () => {
    expect(testTerm('schweiz')).toBe('Prüfung')
    expect(testTerm('oesterreich')).toBe('Schularbeit')
    expect(testTerm('noten-dezimal')).toBe('Klassenarbeit')
    expect(testTerm('noten-plus-minus')).toBe('Klassenarbeit')
  })
})
