import { csvText, gradeCell } from '@/lib/csv'
import { inNotation, notationOf, type Notation } from '@/lib/numbers'
import { gradeProblem, splitGrades, type ZeugnisAnswer, type ZeugnisSystem } from './rule'

// Several pupils at once: rows "Name; schriftlich; mündlich" pasted from a spreadsheet or typed, one line
// per pupil, and their Zeugnisnoten as a CSV file. Runs only in the browser; names go nowhere.

/** A grade no system takes, or a row that does not fit the categories; category is "" for the whole row. */
export interface PupilProblem {
  /** 1-based line number in the pasted text. */
  line: number
  category: string
  message: string
}

/** One pupil: the name and, per category in the order given, the grades as typed. */
export interface PupilRow {
  line: number
  name: string
  grades: { category: string; grades: string[] }[]
  problems: PupilProblem[]
}

/** A line's fields: a spreadsheet pastes tabs, so a line with a tab is split at tabs, any other at ";". */
export function fieldsOf(line: string): string[] {
  const fields = line.split(line.includes('\t') ? '\t' : ';').map((f) => f.trim())
  // trailing separators, as a spreadsheet writes for empty cells at the end of a row
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop()
  return fields
}

/** Whether the fields after the first are the category names: a heading row ("Name; schriftlich; mündlich"). */
export function isHeading(fields: string[], categoryNames: string[]): boolean {
  const names = categoryNames.map((n) => n.trim().toLocaleLowerCase('de'))
  const rest = fields.slice(1).map((f) => f.toLocaleLowerCase('de'))
  return names.length > 0 && rest.length === names.length && rest.every((f, i) => f === names[i])
}

function readRow(line: number, fields: string[], categoryNames: string[], system: ZeugnisSystem): PupilRow {
  const [name = '', ...cells] = fields
  const problems: PupilProblem[] = []
  if (name === '') problems.push({ line, category: '', message: 'Die Zeile hat keinen Namen.' })
  if (cells.length > categoryNames.length) {
    problems.push({
      line,
      category: '',
      message: `Die Zeile hat ${cells.length} Notenfelder, es gibt aber nur ${categoryNames.length} Kategorien.`,
    })
  }
  const grades = categoryNames.map((category, i) => {
    const texts = splitGrades(cells[i] ?? '')
    for (const text of texts) {
      const message = gradeProblem(system, text)
      if (message !== null) problems.push({ line, category, message })
    }
    return { category, grades: texts }
  })
  return { line, name, grades, problems }
}

/**
 * Reads pasted rows "Name; schriftlich; mündlich" (";" or tab between fields, grades inside a field
 * separated by spaces) for the given categories. Blank lines are skipped, and so is a first row whose
 * fields after the name are the category names; Windows and old Mac line ends are read too.
 */
export function parsePupilRows(text: string, categoryNames: string[], system: ZeugnisSystem): PupilRow[] {
  const rows: PupilRow[] = []
  let first = true
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const fields = fieldsOf(raw)
    if (fields.length === 0) return
    const heading = first && isHeading(fields, categoryNames)
    first = false
    if (!heading) rows.push(readRow(i + 1, fields, categoryNames, system))
  })
  return rows
}

/**
 * The pupils and their Zeugnisnoten as CSV (lib/csv.ts: semicolons, UTF-8 with a byte order mark, no cell
 * that starts a formula): line, name, the grades of each category, average, proposal, borderline, and
 * the message where the rule refused or the warning of a category without grades. A grade with "-" is written with "−" (gradeCell), as the Notenspiegel
 * writes it, so that no spreadsheet reads "4-" as −4. The average and the proposal are in the system's
 * notation (a point in Switzerland, as its Notenspiegel's CSV); the grades stay as typed. `results[i]` is
 * the answer for `rows[i]`.
 */
export function pupilsCsv(
  rows: PupilRow[],
  results: ZeugnisAnswer[],
  notation: Notation = notationOf(''),
): string {
  const categories = rows[0]?.grades.map((g) => g.category) ?? []
  const table = [['Zeile', 'Name', ...categories, 'Durchschnitt', 'Vorschlag', 'Grenzfall', 'Hinweis']]
  rows.forEach((row, i) => {
    const answer = results[i]
    const cells = [String(row.line), row.name, ...row.grades.map((g) => g.grades.map(gradeCell).join(' '))]
    if (answer === undefined) table.push([...cells, '', '', '', ''])
    else if (answer.ok) {
      const { average, proposal, borderline } = answer.result
      const [a, p] = [average, proposal].map((x) => inNotation(x, notation))
      // a category without grades is named, as on the page: the proposal rests on the others
      const note = answer.result.warnings?.join(' ') ?? ''
      table.push([...cells, a ?? '', gradeCell(p ?? ''), borderline ? 'ja' : 'nein', note])
    } else table.push([...cells, '', '', '', answer.message])
  })
  return csvText(table)
}
