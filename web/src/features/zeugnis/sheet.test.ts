import { describe, expect, it } from 'vitest'
import { atRisk, classResults } from './class-results'
import { guessCategory, parseSheet } from './sheet'

const categories = ['schriftlich', 'mündlich']

describe('parseSheet', () => {
  it('reads a gradebook sheet: a heading row, each column to its category, one grade per cell', () => {
    const sheet = parseSheet(
      'Name\tKA1\tKA2\tmdl1\tmdl2\nKurz, Eva\t2\t3-\t1\t\nLang, Tom\t4\t\t2+\t3',
      categories,
      'de',
    )
    expect(sheet.columns).toEqual(['KA1', 'KA2', 'mdl1', 'mdl2'])
    expect(sheet.assigned).toEqual(['schriftlich', 'schriftlich', 'mündlich', 'mündlich'])
    expect(sheet.rows.map((r) => [r.line, r.name, r.grades, r.problems])).toEqual([
      [
        2,
        'Kurz, Eva',
        [
          { category: 'schriftlich', grades: ['2', '3-'] },
          { category: 'mündlich', grades: ['1'] },
        ],
        [],
      ],
      [
        3,
        'Lang, Tom',
        [
          { category: 'schriftlich', grades: ['4'] },
          { category: 'mündlich', grades: ['2+', '3'] },
        ],
        [],
      ],
    ])
  })

  it('follows the teacher’s assignment, and leaves a column assigned to nothing out', () => {
    const text = 'Name; Test; Referat; Bemerkung\nAnna; 2; 1; fehlt oft'
    const sheet = parseSheet(text, categories, 'de', { Test: 'mündlich', Bemerkung: '' })
    expect(sheet.assigned).toEqual(['mündlich', 'mündlich', ''])
    expect(sheet.rows[0]?.grades).toEqual([
      { category: 'schriftlich', grades: [] },
      { category: 'mündlich', grades: ['2', '1'] },
    ])
    // an assignment to a category that is gone is a guess again
    expect(parseSheet(text, categories, 'de', { Test: 'Projekt' }).assigned[0]).toBe('schriftlich')
  })

  it('marks a cell with two grades and a text that is no grade, by its column, and drops nothing', () => {
    const [row] = parseSheet('Name;KA1;KA2;mdl\nBen; 2 3; 7; x; 4', categories, 'de').rows
    expect(row?.grades).toEqual([
      { category: 'schriftlich', grades: ['2 3', '7'] },
      { category: 'mündlich', grades: ['x'] },
    ])
    expect(row?.problems.map((p) => `${p.category}: ${p.message}`)).toEqual([
      ': Die Zeile hat 4 Notenfelder, die Kopfzeile aber nur 3 Spalten.',
      'schriftlich: Spalte „KA1“: „2 3“ sind mehrere Noten in einer Zelle.',
      'schriftlich: Spalte „KA2“: „7“ ist keine Note von 1 bis 6.',
      'mündlich: Spalte „mdl“: „x“ ist keine Note von 1 bis 6.',
    ])
  })

  it('reads a heading of the category names, or none, one field per category as before', () => {
    expect(parseSheet('Name; schriftlich; mündlich\nAnna; 2 3; 1', categories, 'de').columns).toEqual([])
    const plain = parseSheet('Anna; 2 3; 1', categories, 'de')
    expect([plain.columns, plain.rows[0]?.grades[0]?.grades]).toEqual([[], ['2', '3']])
  })

  it.each([
    ['KA 1', 'schriftlich'],
    ['SA2', 'schriftlich'],
    ['Klausur', 'schriftlich'],
    ['mdl.', 'mündlich'],
    ['Mündl 3', 'mündlich'],
    ['schriftl', 'schriftlich'],
    ['Bemerkung', ''],
  ])('guesses %j as %j', (heading, category) => {
    expect(guessCategory(heading, categories)).toBe(category)
  })

  // With the Bavarian presets' categories a Stegreifaufgabe (Ex) or a test is a kleiner Leistungsnachweis.
  it.each([
    ['SA1', 'Schulaufgaben'],
    ['Ex 2', 'kleine Leistungsnachweise'],
    ['Test1', 'kleine Leistungsnachweise'],
    ['Kurzarbeit', 'kleine Leistungsnachweise'],
    ['mdl', 'kleine Leistungsnachweise'],
  ])('guesses %j among Bavaria’s categories as %j', (heading, category) => {
    expect(guessCategory(heading, ['Schulaufgaben', 'kleine Leistungsnachweise'])).toBe(category)
  })

  it('keeps a test and an Ex in a written category where no category is kleine', () => {
    expect([guessCategory('Test 1', categories), guessCategory('Ex', categories)]).toEqual([
      'schriftlich',
      'schriftlich',
    ])
  })
})

describe('classResults', () => {
  it('flags a pupil with an empty category instead of grading on the others without a word', () => {
    const cats = [
      { name: 'schriftlich', weight: '2', grades: '' },
      { name: 'mündlich', weight: '1', grades: '' },
    ]
    const { answers, means } = classResults('noten-plus-minus', {}, cats, 'Kurz, Eva; 2;')
    expect(answers[0]).toMatchObject({
      ok: true,
      result: {
        average: '2,00',
        warnings: [
          'Kategorie „mündlich“ hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien.',
        ],
      },
    })
    expect(means).toEqual([['2,00', '']])
  })
})

describe('atRisk', () => {
  it.each([
    ['noten-plus-minus', '4', false],
    ['noten-plus-minus', '5', true],
    ['noten', '6', true],
    ['noten-dezimal', '4', false],
    ['notenpunkte', '5', false],
    ['notenpunkte', '4', true],
    ['notenpunkte', '0', true],
    ['oesterreich', '4', false],
    ['oesterreich', '5', true],
    ['schweiz', '4', false],
    ['schweiz', '3,5', true],
  ])('%s %s → %s', (system, proposal, risk) => {
    expect(atRisk(system, proposal)).toBe(risk)
  })
})
