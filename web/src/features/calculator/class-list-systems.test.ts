import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RuleDocument } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { standardLiveConfig, documentOf } from '@/test/live-config'
import { chartLayout } from './chart-layout'
import { summarize, type ClassSummary } from './class-list'
import { toCsv } from './class-list-csv'

// The Notenspiegel in every grading system (docs/grading-systems.md), on the presets' keys: counts per
// band and per whole grade, the average in the system's own numbers and the share below its pass mark,
// each worked out by hand in the comments.

const vectors = join(import.meta.dirname, '../../../../testdata/grading')
const { presets } = JSON.parse(readFileSync(join(vectors, 'presets.json'), 'utf8')) as {
  presets: { id: string; system: string; rule: RuleDocument['rule'] }[]
}
const preset = (id: string) => {
  const p = presets.find((x) => x.id === id)
  if (p === undefined) throw new Error(`no preset ${id}`)
  return keyOf(documentOf({ name: id, system: p.system, rule: p.rule }))
}

function summary(id: string, total: string, points: number[] | string[]): ClassSummary {
  const s = summarize(preset(id), total, points.join('\n'))
  if (s === null) throw new Error('no summary')
  return s
}
const grades = (s: ClassSummary) =>
  s.lines.map((l) =>
    'error' in l.result ? l.result.error : 'grade' in l.result ? l.result.grade : 'abwesend',
  )

describe('the Notenspiegel in every system', () => {
  it('1–6 with + and − on a table (standard-ab): the plain grade, 5 and 6 fail', () => {
    // 100 % → 1, 85 → 1- (ab 85), 50 → 4+ (ab 50), 40 → 4- (ab 40), 39 → 5+ (ab 33), 5 → 6
    const s = summary('standard-ab', '100', [100, 85, 50, 40, 39, 5])
    expect(grades(s)).toEqual(['1', '1-', '4+', '4-', '5+', '6'])
    expect(s.byGrade).toEqual({ '1': 2, '2': 0, '3': 0, '4': 2, '5': 1, '6': 1 })
    expect(s.average).toBe('3,50') // (1 + 1 + 4 + 4 + 5 + 6) / 6 = 21 / 6
    expect(s.averageText).toBe('3,50')
    expect(s.failing).toBe('33,3%') // 5+ and 6: 2 of 6
    expect(s.failingTerm).toBe('Anteil 5 und 6')
  })

  it('whole grades (ihk, the exact percentage): the grade, 5 and 6 fail', () => {
    // 95 → 1 (ab 92), 85 → 2 (ab 81), 70 → 3 (ab 67), 50 → 4 (ab 50), 49,4 → 5 (unter 50),
    // 29,5 → 6 (unter 30: the key names no rounding), 20 → 6
    const s = summary('ihk', '100', ['95', '85', '70', '50', '49,4', '29,5', '20'])
    expect(grades(s)).toEqual(['1', '2', '3', '4', '5', '6', '6'])
    expect(s.byGrade).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1, '5': 1, '6': 2 })
    expect(s.average).toBe('3,86') // (1 + 2 + 3 + 4 + 5 + 6 + 6) / 7 = 27 / 7 = 3,857…
    expect(s.failing).toBe('42,9%') // 5, 6, 6: 3 of 7 = 42,857…
    expect(s.lines.map((l) => 'alt' in l.result && l.result.alt)).toContain('mangelhaft')
  })

  it('decimal grades (ihk-dezimal): the number itself, 4,5 and worse fail, grouped as they round', () => {
    // passed (50) is judged unrounded, then the points are rounded commercially: 100 → 1,0; 91,5 → 92 → 1,4;
    // 91 → 1,5; 75 → 2,8; 50 → 4,4; 49,5 fails, so it stays below 50 → 4,5; 49,4 → 49 → 4,5 (48 und 49); 0 → 6,0
    const s = summary('ihk-dezimal', '100', ['100', '91,5', '91', '75', '50', '49,5', '49,4', '0'])
    expect(grades(s)).toEqual(['1,0', '1,4', '1,5', '2,8', '4,4', '4,5', '4,5', '6,0'])
    expect(s.byBand).toMatchObject({ '1,0': 1, '1,4': 1, '4,4': 1, '4,5': 2, '6,0': 1, '2,0': 0 })
    // 1,0–1,4 is a 1 and 1,5–2,4 a 2, as the 100-point key grades 92 and 91 points
    expect(s.byGrade).toEqual({
      '1,0–1,4': 2,
      '1,5–2,4': 1,
      '2,5–3,4': 1,
      '3,5–4,4': 1,
      '4,5–5,4': 2,
      '5,5–6,0': 1,
    })
    // 1,0 + 1,4 + 1,5 + 2,8 + 4,4 + 4,5 + 4,5 + 6,0 = 26,1; 26,1 / 8 = 3,2625
    expect(s.average).toBe('3,26')
    expect(s.failing).toBe('37,5%') // 4,5, 4,5 and 6,0: 3 of 8 (4,4 passes: 50 points)
    expect(s.failingTerm).toBe('Anteil ab 4,5')
  })

  it('Notenpunkte (kmk-oberstufe): the points, below 5 points fails, grouped by the grade', () => {
    // of 60: 60 = 100 % → 15; 54 = 90 % → 14; 40 = 66,7 % → 9 (ab 65); 30 = 50 % → 6; 27 = 45 % → 5;
    // 26,9 = 44,8 % → 4; 12 = 20 % → 1; 11 = 18,3 % → 0
    const s = summary('kmk-oberstufe', '60', ['60', '54', '40', '30', '27', '26,9', '12', '11'])
    expect(grades(s)).toEqual(['15', '14', '9', '6', '5', '4', '1', '0'])
    expect(s.lines.map((l) => 'alt' in l.result && l.result.alt)).toEqual([
      '1+',
      '1',
      '3+',
      '4+',
      '4',
      '4-',
      '5-',
      '6',
    ])
    // 15, 14 are a 1; 9 a 3; 6, 5, 4 a 4; 1 a 5; 0 a 6
    expect(s.byGrade).toEqual({ '1': 2, '2': 0, '3': 1, '4': 3, '5': 1, '6': 1 })
    expect(s.average).toBe('6,75') // (15 + 14 + 9 + 6 + 5 + 4 + 1 + 0) / 8 = 54 / 8
    expect(s.averageText).toBe('6,75 Punkte') // as the page shows it: an average of points is points
    expect(s.failing).toBe('37,5%') // 4, 1 and 0 points: 3 of 8
    expect(s.failingTerm).toBe('Anteil unter 5 Punkten')
  })

  it('Switzerland in quarters: the grade, below 4 fails, grouped by the half grade below, written the Swiss way', () => {
    // 1 + 5 · P/40 to the quarter, a midpoint up: 40 → 6; 37 → 5,625 → 5,75; 30 → 4,75; 24 → 4;
    // 23 → 3,875 → 4; 22,9 → 3,8625 → 3,75; 10 → 2,25; 0 → 1
    const s = summary('schweiz-viertel', '40', ['40', '37', '30', '24', '23', '22,9', '10', '0'])
    expect(grades(s)).toEqual(['6', '5,75', '4,75', '4', '4', '3,75', '2,25', '1'])
    // the half grade below, so that 3,75 (failing) never joins 4 (passing)
    expect(s.byGrade).toEqual({
      ...{ '6': 1, '5,5': 1, '5': 0, '4,5': 1, '4': 2, '3,5': 1 },
      ...{ '3': 0, '2,5': 0, '2': 1, '1,5': 0, '1': 1 },
    })
    expect(s.groups.map((g) => g.bands)[1]).toEqual(['5,75', '5,5'])
    // eleven half grades: one bar each, named below it, no caption that would not fit a phone
    const chart = chartLayout(s.groups)
    expect(chart.captions).toBe(false)
    expect(chart.groups.flatMap((g) => g.bars.map((b) => b.label))).toEqual(s.groups.map((g) => g.name))
    expect(s.groups.map((g) => g.word)).toEqual([
      ...['sehr gut', 'gut', 'gut', 'genügend', 'genügend'],
      ...['ungenügend', 'ungenügend', 'ungenügend', 'ungenügend', 'ungenügend', 'ungenügend'],
    ])
    // 6 + 5,75 + 4,75 + 4 + 4 + 3,75 + 2,25 + 1 = 31,5; 31,5 / 8 = 3,9375 → 3,94, with a point
    expect(s.average).toBe('3.94')
    expect(s.failing).toBe('37.5\u00a0%') // 3,75, 2,25 and 1: 3 of 8
    expect(s.failingTerm).toBe('Anteil unter 4')
    expect(s.lines.map((l) => ('grade' in l.result ? [l.result.percentage, l.result.alt] : []))[1]).toEqual([
      '92.5\u00a0%',
      'gut',
    ])
    expect(s.altTerm).toBe('Note in Worten')
  })

  it('Switzerland in tenths: groups from 6 down by half grades, each named by its half grade', () => {
    const s = summary('schweiz-zehntel', '50', ['50', '25']) // 6,0 and 1 + 2,5 = 3,5
    expect(s.groups.map((g) => g.name)).toEqual([
      '6',
      '5,5',
      '5',
      '4,5',
      '4',
      '3,5',
      '3',
      '2,5',
      '2',
      '1,5',
      '1',
    ])
    expect(s.groups.map((g) => g.bands)[1]).toEqual(['5,9', '5,8', '5,7', '5,6', '5,5'])
    expect(s.byGrade).toMatchObject({ '6': 1, '3,5': 1 })
    expect(s.average).toBe('4.75') // (6,0 + 3,5) / 2
    expect(s.failing).toBe('50.0\u00a0%')
  })

  it('Austria: the grade, Nicht genügend fails', () => {
    // of 50: 50 = 100 % → 1; 40 = 80 % → 2; 35 = 70 % → 3; 25 = 50 % → 4; 24,5 = 49 % → 5; 10 → 5
    const s = summary('oesterreich', '50', ['50', '40', '35', '25', '24,5', '10'])
    expect(grades(s)).toEqual(['1', '2', '3', '4', '5', '5'])
    expect(s.byGrade).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1, '5': 2 })
    expect(s.average).toBe('3,33') // (1 + 2 + 3 + 4 + 5 + 5) / 6 = 20 / 6 = 3,333…
    expect(s.failing).toBe('33,3%') // two 5: 2 of 6
    expect(s.failingTerm).toBe('Anteil Nicht genügend')
  })
})

describe('the CSV in every system', () => {
  const rows = (s: ClassSummary) => toCsv(s).slice(1).split('\r\n')

  it('has a column for the second label where the system has one', () => {
    const s = summary('kmk-oberstufe', '60', ['Anna; 60', 'Ben; =1', 'Cem; 11'])
    expect(rows(s)).toEqual([
      'Nr.;Name;Punkte;Prozent;Note;Note (1–6);Hinweis',
      '1;Anna;60;100,0%;15;1+;',
      "2;Ben;'=1;;;;„=1“ ist keine Zahl.",
      '3;Cem;11;18,3%;0;6;',
      '',
      'Durchschnitt;7,50', // (15 + 0) / 2
      'Anteil unter 5 Punkten;50,0%',
      '',
      'Note;Anzahl',
      '15;1',
      ...['14', '13', '12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1'].map((p) => `${p};0`),
      '0;1',
      '',
    ])
    const austria = summary('oesterreich', '50', ['10'])
    expect(rows(austria).slice(0, 2)).toEqual([
      'Nr.;Name;Punkte;Prozent;Note;Note in Worten;Hinweis',
      '1;;10;20,0%;5;Nicht genügend;',
    ])
  })

  it("writes a Swiss scale the Swiss way, with the grades' words", () => {
    const s = summary('schweiz-viertel', '40', ['37'])
    expect(rows(s).slice(0, 2)).toEqual([
      'Nr.;Name;Punkte;Prozent;Note;Note in Worten;Hinweis',
      '1;;37;92.5\u00a0%;5.75;gut;',
    ])
    expect(rows(s)).toContain('5.5;1')
  })

  it('has the words where the system names its decimal grades in words', () => {
    const s = summary('ihk-dezimal', '100', ['49,4'])
    expect(rows(s)).toEqual([
      'Nr.;Name;Punkte;Prozent;Note;Note in Worten;Hinweis',
      '1;;49,4;49,4%;4,5;mangelhaft;',
      '',
      'Durchschnitt;4,50',
      'Anteil ab 4,5;100,0%',
      '',
      'Note;Anzahl', // 51 steps: per whole grade, as the IHK's key groups them
      '1,0–1,4;0',
      '1,5–2,4;0',
      '2,5–3,4;0',
      '3,5–4,4;0',
      '4,5–5,4;1',
      '5,5–6,0;0',
      '',
    ])
  })
})

describe('the chart', () => {
  const standard = keyOf(standardLiveConfig().config)

  it("draws the original's 16 bands in six groups in its six colours", () => {
    const s = summarize(standard, '40', '40')
    if (s === null) throw new Error('no summary')
    const { groups } = chartLayout(s.groups)
    expect(groups.map((g) => g.bars.map((b) => b.label))).toEqual([
      ['1', '1-'],
      ['2+', '2', '2-'],
      ['3+', '3', '3-'],
      ['4+', '4', '4-'],
      ['5+', '5', '5-'],
      ['6+', '6'],
    ])
    expect(groups.map((g) => g.colour)).toEqual([
      'fill-green-700',
      'fill-lime-700',
      'fill-yellow-700',
      'fill-amber-600',
      'fill-orange-700',
      'fill-red-700',
    ])
  })

  it('draws one wide bar for a whole grade without + and −, named by its caption', () => {
    const s = summary('oesterreich', '50', ['50'])
    const { groups, captions } = chartLayout(s.groups)
    expect(groups.map((g) => g.bars.map((b) => [b.label, b.width]))).toEqual(Array(5).fill([['', 36]]))
    expect(captions).toBe(true)
    expect(groups.map((g) => g.group.caption)).toEqual(['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5'])
    expect(groups.map((g) => g.colour)).toEqual([
      'fill-green-700',
      'fill-lime-700',
      'fill-yellow-700',
      'fill-amber-600',
      'fill-red-700', // the one failing grade: red, as the original's 6
    ])
  })

  it('draws one bar per whole grade for a key of many bands', () => {
    const s = summary('ihk-dezimal', '100', ['100'])
    const { groups } = chartLayout(s.groups)
    expect(groups.map((g) => g.bars.map((b) => b.bands.length))).toEqual([[5], [10], [10], [10], [10], [6]])
    expect(groups.map((g) => g.group.failing)).toEqual([false, false, false, false, true, true])
  })

  it('keeps a bar per band for Notenpunkte, a group that fails only in part passes', () => {
    const s = summary('kmk-oberstufe', '60', ['60'])
    const { groups } = chartLayout(s.groups)
    expect(groups.map((g) => g.bars.map((b) => b.label).join(' '))).toEqual([
      '15 14 13',
      '12 11 10',
      '9 8 7',
      '6 5 4',
      '3 2 1',
      '0', // a group of one band, named below its bar as the others
    ])
    expect(groups.map((g) => g.colour).slice(3)).toEqual([
      'fill-amber-600',
      'fill-orange-700',
      'fill-red-700',
    ])
  })
})
