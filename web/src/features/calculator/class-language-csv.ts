import { gradeCell } from '@/lib/csv'
import type { FehlerRule } from '@/lib/fehlerquotient'
import { inNotation, type Notation } from '@/lib/numbers'
import type { LanguageFigures, LineResult } from './class-language'
import type { TaskCell } from './class-tasks'

// The columns a language teacher's list adds to the Notenspiegel's CSV (class-list.ts toCsv): the content's
// points and grade, errors, words, the Fehlerquotient, the deduction and the final grade.

/** The headings from the content's points to the final grade. */
export function languageHeads(rule: FehlerRule | null): string[] {
  const unit = rule === null ? '' : ` (${rule.unit === 'drittel' ? 'Drittel einer Note' : 'Notenpunkte'})`
  return ['Inhalt', 'Prozent', 'Note Inhalt', 'Fehler', 'Wörter', 'Fehlerquotient', `Abzug${unit}`, 'Note']
}

/** A line's cells under languageHeads; the deduction as a number of its unit, for a spreadsheet. */
export function languageCells(
  line: {
    points: string
    cells?: TaskCell[] | undefined
    language?: LanguageFigures | undefined
    result: LineResult
  },
  notation: Notation,
): string[] {
  const { cells, language: l, result } = line
  const text = (i: number) => cells?.[i]?.text ?? ''
  const final = 'grade' in result ? gradeCell(inNotation(result.grade, notation)) : ''
  if (l === undefined) return [text(0) || line.points, '', '', text(1), text(2), '', '', final]
  return [
    text(0),
    l.content.percentage,
    gradeCell(inNotation(l.content.grade, notation)),
    l.fehler,
    String(l.woerter),
    inNotation(l.quotient, notation),
    l.abzug === undefined ? '' : String(l.abzug),
    final,
  ]
}

/** The conversion above the table: its name and source, or none; and why it gives no final grade. */
export function languageHeading(rule: FehlerRule | null, problem: string): string[][] {
  return [
    ['Umrechnung der Fehler', rule === null ? 'keine Umrechnung' : `${rule.name} (${rule.source})`],
    ...(problem === '' ? [] : [['Hinweis', problem]]),
  ]
}
