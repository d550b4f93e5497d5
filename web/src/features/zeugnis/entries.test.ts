import { describe, expect, it } from 'vitest'
import { entriesOf, fieldProblems, ruleGrades } from './entries'

describe('typed grades', () => {
  it('split at spaces and read grade × weight in its spellings', () => {
    expect(ruleGrades('2+ 3×2 1- 4 x 0,5 5*2 2X3')).toEqual([
      '2+',
      { grade: '3', weight: '2' },
      '1-',
      { grade: '4', weight: '0,5' },
      { grade: '5', weight: '2' },
      { grade: '2', weight: '3' },
    ])
    expect(entriesOf('')).toEqual([])
    expect(entriesOf('3 × 2')).toEqual([{ text: '3 × 2', grade: '3', weight: '2' }])
    expect(entriesOf('1 2x3 4 *2')).toEqual([
      { text: '1', grade: '1' },
      { text: '2x3', grade: '2', weight: '3' },
      { text: '4 *2', grade: '4', weight: '2' },
    ])
  })

  it('name every wrong grade and weight of a field', () => {
    expect(fieldProblems('de', '2 7 6- 3×0 3×')).toEqual([
      '„7“ ist keine Note von 1 bis 6.',
      '„6-“ ist keine Note von 1 bis 6.',
      '„3×0“: Gewicht „0“ ist keine Zahl größer als 0.',
      '„3×“: nach „×“ fehlt das Gewicht.',
    ])
    expect(fieldProblems('np', '15 13×2 07')).toEqual([])
    // the message quotes what was typed, spaces and sign as they are
    expect(fieldProblems('de', '2 x 1- 3X 0')).toEqual([
      '„2 x 1-“: Gewicht „1-“ ist keine Zahl größer als 0.',
      '„3X 0“: Gewicht „0“ ist keine Zahl größer als 0.',
    ])
  })
})
