import { describe, expect, it } from 'vitest'
import { keyOf } from '@/lib/key'
import { standardLiveConfig } from '@/test/live-config'
import { summarize } from './class-list'
import { readTaskHeader } from './class-tasks'
import { calculate } from './grading'

const standard = keyOf(standardLiveConfig().config)
const HEADER = 'Name; Aufgabe 1 (10); Aufgabe 2 (15); Aufgabe 3 (15)'

const summary = (text: string, total = '') => {
  const s = summarize(standard, total, text)
  if (s === null) throw new Error('no summary')
  return s
}
const gradeOf = (points: string, total: string) => calculate(standard, total, points).grade

describe('a header naming the tasks with their maxima', () => {
  it('reads names and maxima, in the forms teachers write them', () => {
    expect(readTaskHeader(HEADER)?.tasks.map((t) => [t.name, t.max.n, t.max.d])).toEqual([
      ['Aufgabe 1', 10n, 1n],
      ['Aufgabe 2', 15n, 1n],
      ['Aufgabe 3', 15n, 1n],
    ])
    expect(
      readTaskHeader('Name\tA1 (7,5)\tNr. 2 (10 P.)\tAufgabe 3 (max. 12 Punkte)\tA4 (6 BE)\t')?.tasks.map(
        (t) => t.name,
      ),
    ).toEqual(['A1', 'Nr. 2', 'Aufgabe 3', 'A4'])
    expect(readTaskHeader('Nr.; Name; A1 (10); A2 (15)')).toMatchObject({ lead: 2 })
  })

  it('is no header without a maximum above 0 in every task column, or without columns', () => {
    expect(readTaskHeader('Name; Punkte')).toBeNull()
    expect(readTaskHeader('Name; Aufgabe 1 (10); Aufgabe 2')).toBeNull()
    expect(readTaskHeader('Name; Aufgabe 1 (0)')).toBeNull()
    expect(readTaskHeader('Aufgabe 1 (10)')).toBeNull()
    expect(readTaskHeader('Anna; 31,5')).toBeNull()
    expect(readTaskHeader('A1 (10); A2 (15)')).toBeNull()
  })
})

describe('points per task', () => {
  it('grades each pupil on the sum, against the sum of the maxima, whatever total is typed', () => {
    const s = summary(`${HEADER}\nAnna Berg; 8; 12,5; 10\nBen Kraus; 10; 15; 15`, '60')
    expect(s.header).toBe(HEADER)
    expect(s.total).toEqual({ n: 40n, d: 1n })
    expect(s.lines.map((l) => [l.name, l.points])).toEqual([
      ['Anna Berg', '30,5'],
      ['Ben Kraus', '40'],
    ])
    const anna = s.lines[0]?.result
    expect(anna && 'grade' in anna ? anna.grade : null).toBe(gradeOf('30,5', '40'))
    expect(s.graded).toBe(2)
  })

  it('reads tab-separated rows from a spreadsheet and rows of words, names with spaces kept', () => {
    const s = summary(`Name\tA1 (10)\tA2 (10)\nAnna Berg\t5\t6\nCem Yilmaz 7 8,5\n9 10`)
    expect(s.lines.map((l) => [l.name, l.points])).toEqual([
      ['Anna Berg', '11'],
      ['Cem Yilmaz', '15,5'],
      ['', '19'],
    ])
  })

  it('marks a wrong cell in place and keeps the rest of the list', () => {
    const s = summary(`${HEADER}\nAnna; 8; 16; 10\nBen; 8; x; 10\nCem; 8; ; 10\nDora; 8; 9\nEmil; 1; 2; 3`)
    expect(s.lines.map((l) => ('error' in l.result ? l.result.error : 'ok'))).toEqual([
      'Aufgabe 2: Mehr als 15 Punkte.',
      'Aufgabe 2: „x“ ist keine Zahl.',
      'Aufgabe 2: Punkte fehlen (0, wenn nicht bearbeitet).',
      '3 Werte erwartet, 2 gefunden.',
      'ok',
    ])
    expect(s.lines[1]?.cells?.map((c) => c.error)).toEqual([
      undefined,
      'Aufgabe 2: „x“ ist keine Zahl.',
      undefined,
    ])
    expect(s.graded).toBe(1)
  })

  it('counts a pupil absent by the word alone, in columns or words', () => {
    const s = summary(`${HEADER}\nAnna; krank\nBen Kraus fehlt\nCem; fehlt; ;\nDora; 1; 2; 3`)
    expect(s.lines.map((l) => [l.name, 'absent' in l.result])).toEqual([
      ['Anna', true],
      ['Ben Kraus', true],
      ['Cem', true],
      ['Dora', false],
    ])
    expect(s.absent).toBe(3)
  })

  it('gives per task the average and the share solved of the valid rows only', () => {
    const s = summary(`${HEADER}\nAnna; 8; 12; 10\nBen; 10; 15; 5\nCem; 8; x; 10\nDora; krank`)
    expect(s.taskFigures.map((t) => [t.name, t.max, t.average, t.solved])).toEqual([
      ['Aufgabe 1', '10', '9,0', '90,0%'],
      ['Aufgabe 2', '15', '13,5', '90,0%'],
      ['Aufgabe 3', '15', '7,5', '50,0%'],
    ])
    expect(s.taskFigures[2]?.fraction).toBe(0.5)
  })

  it('reads the pupil from the columns before the tasks, and ignores a copied row’s last tab', () => {
    const s = summary('Nr.; Name; A1 (10); A2 (15);\n1; Anna; 8; 12;\n2; Ben; 10; 15\nCem\t4\t5\t')
    expect(s.lines.map((l) => [l.name, l.points])).toEqual([
      ['Anna', '20'],
      ['Ben', '25'],
      ['Cem', ''],
    ])
    const tabbed = summary('Name\tA1 (10)\tA2 (15)\t\nAnna\t8\t12\t')
    expect(tabbed.lines[0]?.points).toBe('20')
  })

  it('counts the numbers at the end of a line of words, commas after them too', () => {
    const s = summary('Name; A1 (10); A2 (10)\nAnna Berg 8\nCarl, 8, 9')
    expect(s.lines.map((l) => [l.name, 'error' in l.result ? l.result.error : l.points])).toEqual([
      ['Anna Berg', '2 Werte erwartet, 1 gefunden.'],
      ['Carl', '17'],
    ])
  })

  it('never grades a plain list’s line of several numbers as its last one', () => {
    // a header the parser cannot read: the lines say why instead of grading 5 of 60
    const s = summary('Name; A1; A2\nBen; 5; 5\nAnna; 31,5', '60')
    expect(s.tasks).toEqual([])
    expect(s.lines.map((l) => ('error' in l.result ? l.result.error.slice(0, 15) : 'ok'))).toEqual([
      '„A2“ ist keine ',
      'Mehrere Zahlen:',
      'ok',
    ])
  })

  it('leaves a plain list of totals as it was: no tasks', () => {
    const s = summary('Name; Punkte\nAnna; 31,5', '40')
    expect(s.tasks).toEqual([])
    expect(s.taskFigures).toEqual([])
    expect(s.lines[0]?.cells).toBeUndefined()
  })
})
