import { csvText, gradeCell } from '@/lib/csv'
import { inNotation } from '@/lib/numbers'
import { languageCells, languageHeading, languageHeads } from './class-language-csv'
import type { ClassSummary, GradedWith } from './class-list'

/** What the list is: its title and date ("23.11.2026"), the total, and the key it was graded with. */
export interface ClassListTitle {
  title: string
  date: string
  total?: string
  scale?: GradedWith
}

/**
 * The list as CSV for spreadsheet programs (lib/csv.ts: semicolons, CRLF, UTF-8 with a byte order mark):
 * what it is above the table (title, date, total, key and version), each pupil, then the average, the
 * failing share and the count per band, so that the file stands on its own.
 */
export function toCsv(
  summary: ClassSummary,
  { title, date, total = '', scale }: ClassListTitle = { title: '', date: '' },
): string {
  // the second label's column, only where the key has second labels
  const alt = (cell: string) => (summary.altTerm === '' ? [] : [cell])
  const heading = [
    title.trim() !== '' && ['Titel', title.trim()],
    date !== '' && ['Datum', date],
    total !== '' && ['Gesamtpunktzahl', total],
    scale !== undefined && ['Notenschlüssel', scale.name],
    scale !== undefined && ['Version', String(scale.version)],
    scale?.adjusted !== undefined && scale.adjusted !== '' && ['Für diese Arbeit angepasst', scale.adjusted],
  ].filter((r) => r !== false)
  const { language } = summary
  if (language !== null) heading.push(...languageHeading(language.rule, language.problem))
  // a column per task, where a header names tasks
  const taskHeads = summary.taskFigures.map((t) => `${t.name} (${t.max})`)
  // a language teacher's list: content, errors, words, Fehlerquotient, deduction and the final grade
  const gradeHeads =
    language === null ? [...taskHeads, 'Punkte', 'Prozent', 'Note'] : languageHeads(language.rule)
  const rows = [
    ...heading,
    ...(heading.length > 0 ? [[]] : []),
    ['Nr.', 'Name', ...gradeHeads, ...alt(summary.altTerm), 'Hinweis'],
  ]
  for (const line of summary.lines) {
    const { number, name, points, cells, result } = line
    const graded = 'grade' in result
    const hint =
      'error' in result
        ? result.error
        : 'absent' in result
          ? 'abwesend'
          : 'unconverted' in result
            ? 'keine Note nach Abzug'
            : ''
    rows.push([
      String(number),
      name,
      ...(language === null
        ? [
            ...taskHeads.map((_, i) => cells?.[i]?.text ?? ''),
            points,
            graded ? result.percentage : '',
            graded ? gradeCell(inNotation(result.grade, summary.notation)) : '',
          ]
        : languageCells(line, summary.notation)),
      ...alt(graded ? gradeCell(result.alt ?? '') : ''),
      hint,
    ])
  }
  rows.push([], ['Durchschnitt', summary.average], [summary.failingTerm, summary.failing])
  if (language !== null)
    rows.push(['Durchschnittlicher Fehlerquotient', inNotation(language.average, summary.notation)])
  if (taskHeads.length > 0)
    rows.push(
      [],
      ['Aufgabe', 'Höchstpunktzahl', 'Durchschnitt', 'gelöst'],
      ...summary.taskFigures.map((t) => [t.name, t.max, t.average, t.solved]),
    )
  if (summary.absent > 0) rows.push(['Abwesend', String(summary.absent)])
  // per band in the key's order (an object's integer keys would come first, sorted), as the counts
  // table shows them; a key of many steps (51 decimals) per whole grade instead
  const bands = summary.groups.flatMap((g) => g.bands)
  const counts =
    bands.length > 16
      ? summary.groups.map((g) => [g.name, summary.byGrade[g.name] ?? 0] as const)
      : bands.map((b) => [b, summary.byBand[b] ?? 0] as const)
  rows.push(
    [],
    ['Note', 'Anzahl'],
    ...counts.map(([grade, n]) => [gradeCell(inNotation(grade, summary.notation)), String(n)]),
  )
  return csvText(rows)
}
