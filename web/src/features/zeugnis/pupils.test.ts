import { describe, expect, it } from 'vitest'
import { notationOf } from '@/lib/numbers'
import { parsePupilRows, pupilsCsv, type PupilRow } from './pupils'
import { zeugnisnote } from './rule'

const categories = ['schriftlich', 'mündlich']

describe('parsePupilRows', () => {
  it('reads a spreadsheet paste: heading, tabs, Windows line ends, blank lines, empty cells at the end', () => {
    const text = 'Name\tSchriftlich\tMündlich\r\nAnna Lange\t2+ 3\t1-\t\t\r\n\r\n  \r\nBen\t4,5\t\r\n'
    expect(parsePupilRows(text, categories, 'de')).toEqual([
      {
        line: 2,
        name: 'Anna Lange',
        grades: [
          { category: 'schriftlich', grades: ['2+', '3'] },
          { category: 'mündlich', grades: ['1-'] },
        ],
        problems: [],
      },
      {
        line: 5,
        name: 'Ben',
        grades: [
          { category: 'schriftlich', grades: ['4,5'] },
          { category: 'mündlich', grades: [] },
        ],
        problems: [],
      },
    ])
  })

  it('reads typed rows with ";" and names each problem by line and category', () => {
    const rows = parsePupilRows('Anna; 2 7; 1\n;3\nCem; 2; 3; 4;\nDora;6-', categories, 'de')
    expect(rows.map((r) => [r.line, r.name])).toEqual([
      [1, 'Anna'],
      [2, ''],
      [3, 'Cem'],
      [4, 'Dora'],
    ])
    expect(rows.flatMap((r) => r.problems)).toEqual([
      { line: 1, category: 'schriftlich', message: '„7“ ist keine Note von 1 bis 6.' },
      { line: 2, category: '', message: 'Die Zeile hat keinen Namen.' },
      { line: 3, category: '', message: 'Die Zeile hat 3 Notenfelder, es gibt aber nur 2 Kategorien.' },
      { line: 4, category: 'schriftlich', message: '„6-“ ist keine Note von 1 bis 6.' },
    ])
  })

  it('checks grades in the given system', () => {
    const [row] = parsePupilRows('Eva; 12 13; 2+', categories, 'np')
    expect(row?.grades[0]?.grades).toEqual(['12', '13'])
    expect(row?.problems).toEqual([
      { line: 1, category: 'mündlich', message: '„2+“ ist keine Punktzahl von 0 bis 15.' },
    ])
  })

  it('takes a first row for a pupil unless its fields after the name are the category names', () => {
    expect(parsePupilRows('schriftlich; mündlich\nAnna; 2; 3', categories, 'de')).toHaveLength(2)
    expect(parsePupilRows('Anna; 2; 3\nName; schriftlich; mündlich', categories, 'de')).toHaveLength(2)
    expect(parsePupilRows('\n Name ; schriftlich ; MÜNDLICH ;\nAnna; 2; 3', categories, 'de')).toHaveLength(1)
  })
})

describe('pupilsCsv', () => {
  const csvOf = (text: string, system = 'de', notation = notationOf('noten-plus-minus')) => {
    const rows = parsePupilRows(text, categories, system)
    const results = rows.map((row: PupilRow) =>
      zeugnisnote({
        system,
        categories: row.grades.map((g) => ({ name: g.category, grades: g.grades })),
      }),
    )
    return pupilsCsv(rows, results, notation)
  }

  it('writes a Swiss average and proposal with a decimal point, the grades as typed', () => {
    expect(csvOf('Anna; 4 4,5; 4,5', 'ch', notationOf('schweiz')).split('\r\n')[1]).toBe(
      '1;Anna;4 4,5;4,5;4.37;4.5;nein;', // (4,25 + 4,5) : 2 = 4,375, cut to 4,37,
    )
  })

  it('writes one row per pupil with the average, the proposal and the borderline, or the message', () => {
    expect(csvOf('Anna; 2 3; 2\nBen; 2; 3\nCem; 7; 2\nDora;;')).toBe(
      '\uFEFF' +
        [
          'Zeile;Name;schriftlich;mündlich;Durchschnitt;Vorschlag;Grenzfall;Hinweis',
          '1;Anna;2 3;2;2,25;2;nein;',
          '2;Ben;2;3;2,50;2;ja;',
          '3;Cem;7;2;;;;schriftlich: „7“ ist keine Note von 1 bis 6.',
          '4;Dora;;;;;;Keine Note angegeben: der Durchschnitt braucht mindestens eine Note.',
        ].join('\r\n') +
        '\r\n',
    )
  })

  it('names a category without grades in the note, as the page does', () => {
    expect(csvOf('Kurz, Eva; 2;').split('\r\n')[1]).toBe(
      '1;Kurz, Eva;2;;2,00;2;nein;Kategorie „mündlich“ hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien.',
    )
  })

  it('writes a grade with − so that a spreadsheet does not read "4-" as −4, as the Notenspiegel does', () => {
    expect(csvOf('Anna; 4-; 3- 2-').split('\r\n')[1]).toBe('1;Anna;4\u2212;3\u2212 2\u2212;3,55;4;ja;')
  })

  it.each(['=1+1', '+49 170', '-5', '@SUMME(A1)'])('lets no name %j start a formula', (name) => {
    const line = csvOf(`${name}; 2; 2`).split('\r\n')[1]
    expect(line).toBe(`1;'${name};2;2;2,00;2;nein;`)
  })
})
