import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RuleDocument } from '@/lib/config'
import { FEHLER_MESSAGES, FEHLER_RULES, type FehlerRule } from '@/lib/fehlerquotient'
import { keyOf, type Key } from '@/lib/key'
import { documentOf, standardLiveConfig } from '@/test/live-config'
import { languageSetting, lowered, readLanguageHeader } from './class-language'
import { summarize, type ClassSummary } from './class-list'
import { toCsv } from './class-list-csv'

// A language teacher's Notenspiegel (docs/spec.md §2, §13): content points graded with the list's key, the
// Fehlerquotient per pupil, and the deduction of the chosen conversion lowering the content grade.

const vectors = join(import.meta.dirname, '../../../../testdata/grading')
const { presets } = JSON.parse(readFileSync(join(vectors, 'presets.json'), 'utf8')) as {
  presets: { id: string; system: string; rule: RuleDocument['rule'] }[]
}
const preset = (id: string): Key => {
  const p = presets.find((x) => x.id === id)
  if (p === undefined) throw new Error(`no preset ${id}`)
  return keyOf(documentOf({ name: id, system: p.system, rule: p.rule }))
}
const oberstufe = preset('kmk-oberstufe')
const standard = keyOf(standardLiveConfig().config)

const HEADER = 'Name; Inhalt; Fehler; Wörter'

function summary(text: string, total = '40', regel = 'hessen-oberstufe', key = oberstufe): ClassSummary {
  const s = summarize(key, total, text, regel)
  if (s === null) throw new Error('no summary')
  return s
}
const results = (s: ClassSummary) =>
  s.lines.map((l) =>
    'error' in l.result
      ? l.result.error
      : 'grade' in l.result
        ? l.result.grade
        : 'absent' in l.result
          ? 'abwesend'
          : 'ohne Note',
  )

/** A rule in thirds of a grade, as Hessen's Fehlerindex for years 9/10 will be one (its steps made up here). */
const THIRDS: FehlerRule = {
  id: 'drittel-test',
  name: 'Drittel (Test)',
  unit: 'drittel',
  steps: [
    { from: '2', deduction: 1 },
    { from: '4', deduction: 2 },
  ],
  max: 2,
  minWords: 100,
  source: 'Testregel',
}

describe('the header of a language teacher’s list', () => {
  it('reads Inhalt, Fehler and Wörter after the name’s columns, in any case and order, with tabs too', () => {
    expect(readLanguageHeader(HEADER)).toEqual({ lead: 1, order: [0, 1, 2], max: null })
    expect(readLanguageHeader('name\tINHALT\tfehler\tWÖRTER\t')).toMatchObject({ lead: 1 })
    expect(readLanguageHeader('Nr.; Name; Inhalt; Fehler; Wörter')).toMatchObject({ lead: 2 })
    expect(readLanguageHeader('Name; Wörter; Fehler; Inhalt')).toMatchObject({ order: [2, 1, 0] })
    expect(readLanguageHeader('Name; Inhalt (40); Fehler; Woerter')?.max).toEqual({ n: 40n, d: 1n })
    expect(readLanguageHeader('Name; Inhalt (max. 30 Punkte); Fehler; Wörter')?.max).toEqual({
      n: 30n,
      d: 1n,
    })
  })

  it('is none without all three once, without a name column, or with other columns', () => {
    expect(readLanguageHeader('Name; Inhalt; Fehler')).toBeNull()
    expect(readLanguageHeader('Inhalt; Fehler; Wörter')).toBeNull()
    expect(readLanguageHeader('Name; Inhalt; Fehler; Fehler')).toBeNull()
    expect(readLanguageHeader('Name; Inhalt; Fehler; Wörter; Aufbau')).toBeNull()
    expect(readLanguageHeader('Name; Inhalt (0); Fehler; Wörter')).toBeNull()
    expect(readLanguageHeader('Name Inhalt Fehler Wörter')).toBeNull()
    expect(readLanguageHeader('Name; Aufgabe 1 (10); Aufgabe 2 (15)')).toBeNull()
  })
})

describe('the lines of a language teacher’s list', () => {
  it('grades the content, takes the Fehlerquotient’s deduction in Notenpunkte, never below 0', () => {
    const s = summary(
      [
        HEADER,
        'Anna; 30; 10,5; 350', // 75 % → 11; 3,00 reaches 3: −1 → 10
        'Ben; 38; 2; 200', // 95 % → 15; 1,00: no deduction
        'Cem; 8; 30; 400', // 20 % → 1; 7,50 reaches 6: −2 → 0, not −1
        'Dora; 20; 5.5; 100', // 50 % → 6; 5,50: −1 → 5
        'Emil; krank',
      ].join('\n'),
    )
    expect(results(s)).toEqual(['10', '15', '0', '5', 'abwesend'])
    expect(s.lines.map((l) => l.language?.content.grade)).toEqual(['11', '15', '1', '6', undefined])
    expect(s.lines.map((l) => l.language?.quotient)).toEqual(['3,00', '1,00', '7,50', '5,50', undefined])
    expect(s.lines.map((l) => l.language?.abzug)).toEqual([1, 0, 2, 1, undefined])
    expect(s.lines[0]?.language?.rechnung).toEqual([
      '10,5 Fehler × 100 : 350 Wörter = 3,00.',
      'Der Fehlerquotient erreicht 3, aber nicht 6: 1 Notenpunkt Abzug (Oberstufen- und Abiturverordnung (OAVO), Anlage 9).',
      '11 Punkte − 1 Notenpunkt = 10 Punkte.',
    ])
    expect(s.lines[2]?.language?.rechnung.at(-1)).toBe(
      '1 Punkt − 2 Notenpunkte = 0 Punkte (nicht unter 0 Punkte).',
    )
    // the counts are the final grades'
    expect(s.byBand).toMatchObject({ '15': 1, '10': 1, '5': 1, '0': 1, '11': 0, '6': 0 })
    expect(s.graded).toBe(4)
    expect(s.absent).toBe(1)
    // (3 + 1 + 7,5 + 5,5) / 4 = 4,25
    expect(s.language?.average).toBe('4,25')
  })

  it('marks a wrong cell in place with the Fehlerquotient’s own messages', () => {
    const s = summary(
      [
        HEADER,
        'Fritz; 30; x; 300',
        'Gül; 30; 3; 0',
        'Hana; 30; 3;',
        'Ivo; 30; 3',
        'Jan; 41; 1; 100',
        'Kim; 30; 10,25; 300',
        'Gina; 30; abc; 0',
      ].join('\n'),
    )
    expect(results(s)).toEqual([
      `Fehler: ${FEHLER_MESSAGES.fehler}`,
      `Wörter: ${FEHLER_MESSAGES.woerter}`,
      `Wörter: ${FEHLER_MESSAGES.woerterEmpty}`,
      '3 Werte erwartet, 2 gefunden.',
      'Inhalt: Mehr als 40 Punkte.',
      `Fehler: ${FEHLER_MESSAGES.fehler}`,
      // two wrong cells: both marked and both named
      `Fehler: ${FEHLER_MESSAGES.fehler} Wörter: ${FEHLER_MESSAGES.woerter}`,
    ])
    expect(s.lines[6]?.cells?.map((c) => c.error !== undefined)).toEqual([false, true, true])
    expect(s.lines[0]?.cells?.map((c) => c.error !== undefined)).toEqual([false, true, false])
    expect(s.lines[4]?.cells?.map((c) => c.error !== undefined)).toEqual([true, false, false])
    expect(s.graded).toBe(0)
    expect(s.language?.average).toBe('')
  })

  it('takes its total from "Inhalt (40)", whatever total the list has; columns in another order', () => {
    const s = summary('Nr.; Name; Wörter; Fehler; Inhalt (20)\n1; Anna; 300; 9; 15', '60')
    expect(s.total).toEqual({ n: 20n, d: 1n })
    expect(s.language?.maxGiven).toBe(true)
    // 75 % → 11; 9 × 100 : 300 = 3,00: −1
    expect(results(s)).toEqual(['10'])
    expect(s.lines[0]?.name).toBe('Anna')
  })

  it('without a conversion: the quotient, and the content grade is the grade', () => {
    const s = summary(`${HEADER}\nAnna; 30; 10,5; 350`, '40', '')
    expect(results(s)).toEqual(['11'])
    expect(s.lines[0]?.language?.abzug).toBeUndefined()
    expect(s.language).toMatchObject({ rule: null, problem: '' })
  })

  it('cuts the quotient after two decimals, as §13 does', () => {
    const s = summary(`${HEADER}\nAnna; 30; 2; 3`)
    expect(s.lines[0]?.language?.quotient).toBe('66,66')
  })
})

describe('a conversion whose unit the key does not write', () => {
  it('gives no final grade but says why, in German, on a 1–6 key and on Swiss and Austrian keys', () => {
    const s = summary(`${HEADER}\nAnna; 30; 10,5; 350`, '40', 'hessen-oberstufe', standard)
    expect(results(s)).toEqual(['ohne Note'])
    expect(s.lines[0]?.language?.quotient).toBe('3,00')
    expect(s.graded).toBe(0)
    expect(s.language?.problem).toBe(
      'Die Umrechnung „Hessen, gymnasiale Oberstufe“ zieht Notenpunkte ab, dieser Notenschlüssel gibt aber Noten 1 bis 6 mit + und −: so gibt es keine Note nach Abzug. Bitte „keine Umrechnung“ wählen oder die Liste mit einem Schlüssel in Notenpunkten (15 bis 0) bewerten.',
    )
    for (const id of ['schweiz-zehntel', 'oesterreich', 'ihk', 'ihk-dezimal'])
      expect(languageSetting('hessen-oberstufe', preset(id).system).problem).toMatch(/keine Note nach Abzug/)
    expect(languageSetting('drittel-test', 'notenpunkte', [THIRDS]).problem).toContain(
      'zieht Drittel einer Note ab, dieser Notenschlüssel gibt aber Notenpunkte 15 bis 0',
    )
    expect(languageSetting('drittel-test', 'noten-plus-minus', [THIRDS]).problem).toBe('')
  })

  it('names an unknown rule (kept by a list) with the Fehlerquotient’s message', () => {
    expect(summary(`${HEADER}\nAnna; 30; 1; 100`, '40', 'weg').language?.problem).toBe(FEHLER_MESSAGES.regel)
  })

  it('writes the CSV with the conversion, the columns of the issue and no grade where none is given', () => {
    const csv = toCsv(summary(`${HEADER}\nAnna; 30; 10,5; 350`, '40', 'hessen-oberstufe', standard))
    expect(csv).toContain('1;Anna;30;75,0%;2;10,5;350;3,00;;;keine Note nach Abzug')
  })
})

describe('lowering a grade by thirds on the 1–6 scale with tendencies', () => {
  const third = (grade: string, abzug: number) => lowered(standard, grade, THIRDS, abzug)
  it('steps 2 → 2- → 3+ and stops at 6', () => {
    expect(third('2', 1)).toEqual({ grade: '2-', sentence: 'Note 2, um ⅓ Note gesenkt: Note 2-.' })
    expect(third('2', 2).grade).toBe('3+')
    expect(third('4-', 2).grade).toBe('5')
    expect(third('5-', 2)).toEqual({ grade: '6', sentence: 'Note 5-, um ⅔ Note gesenkt: Note 6.' })
    expect(third('6+', 2)).toEqual({
      grade: '6',
      sentence: 'Note 6+, um ⅔ Note gesenkt: Note 6 (nicht schlechter als 6).',
    })
    expect(third('6', 1).grade).toBe('6')
    expect(third('3', 0)).toEqual({ grade: '3', sentence: 'Ohne Abzug bleibt es bei der Note 3.' })
  })
})

describe('the CSV of a language teacher’s list', () => {
  it('has the content, errors, words, quotient, deduction and final grade, and the class’s average', () => {
    const s = summary(`${HEADER}\nAnna; 30; 10,5; 350\nBen; 38; 2; 200\nCem; krank`)
    const rows = toCsv(s, { title: '', date: '', total: '40' }).slice(1).split('\r\n')
    expect(rows).toContain(
      'Umrechnung der Fehler;Hessen, gymnasiale Oberstufe (Oberstufen- und Abiturverordnung (OAVO), Anlage 9)',
    )
    expect(rows).toContain(
      'Nr.;Name;Inhalt;Prozent;Note Inhalt;Fehler;Wörter;Fehlerquotient;Abzug (Notenpunkte);Note;Note (1–6);Hinweis',
    )
    expect(rows).toContain('1;Anna;30;75,0%;11;10,5;350;3,00;1;10;2−;')
    expect(rows).toContain('2;Ben;38;95,0%;15;2;200;1,00;0;15;1+;')
    expect(rows).toContain('3;Cem;krank;;;;;;;;;abwesend')
    expect(rows).toContain('Durchschnittlicher Fehlerquotient;2,00')
    expect(rows).toContain('Durchschnitt;12,50')
  })

  it('keeps rules with a unit the list knows: every published rule is Notenpunkte or thirds', () => {
    for (const r of FEHLER_RULES) expect(['notenpunkte', 'drittel']).toContain(r.unit)
  })
})

describe('a language teacher’s list on a Swiss key', () => {
  it('writes errors and the working with the point, as every number of a Swiss page', () => {
    const swiss = preset('schweiz-zehntel')
    const s = summary(`${HEADER}\nAnna; 30,5; 10,5; 350\nBen; 30; 2.5; 200`, '40', '', swiss)
    const [anna, ben] = s.lines
    expect(anna?.cells?.map((c) => c.text)).toEqual(['30.5', '10.5', '350'])
    expect(anna?.language?.fehler).toBe('10.5')
    expect(anna?.language?.rechnung[0]).toBe('10.5 Fehler × 100 : 350 Wörter = 3.00.')
    expect(ben?.language?.fehler).toBe('2.5')
    expect(toCsv(s)).toContain('1;Anna;30.5;')
    expect(toCsv(s)).toContain(';10.5;350;3.00;')
    // §13's message names its example in the page's notation too
    const wrong = summary(`${HEADER}\nGina; 30; abc; 350`, '40', '', swiss).lines[0]?.result
    expect(wrong).toEqual({ error: `Fehler: ${FEHLER_MESSAGES.fehler.replace('10,5', '10.5')}` })
  })
})
