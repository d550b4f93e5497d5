import { fieldsOf, isHeading, parsePupilRows, type PupilProblem, type PupilRow } from './pupils'
import { gradeProblem, splitGrades, type ZeugnisSystem } from './rule'

// A gradebook sheet as it is pasted: a heading row "Name; KA1; KA2; mdl1; mdl2" and one grade per cell.
// Each column is assigned to one category (a guess from its heading, which the teacher can change), and
// the row's grades of a category are the cells of its columns. A paste whose heading names the
// categories themselves ("Name; schriftlich; mündlich"), or that has no heading, is read as before: one
// field per category (pupils.ts).

/** Which category each column heading belongs to; "" leaves a column out. */
export type Assignment = Record<string, string>

export interface Sheet {
  /** The column headings after the name; empty when the paste is read one field per category. */
  columns: string[]
  /** The category of each column, in order ("" for none). */
  assigned: string[]
  rows: PupilRow[]
}

const NAME =
  /^(name|namen|schüler|schülerin|schüler\/-?in|schüler\*in|schülerinnen und schüler|nachname|vorname)$/iu

// The usual abbreviations of a gradebook, by what the category's name says of itself; the first kind whose
// heading matches and whose category the form has wins. Bavaria's school rules count the Stegreifaufgabe (Ex),
// the Kurzarbeit and the fachliche Leistungstest among the kleine Leistungsnachweise, not with the
// Schulaufgaben: with a category named so (the GSO § 28 presets) they go there, else to a written one.
const KINDS: { category: RegExp; heading: RegExp }[] = [
  { category: /klein/iu, heading: /^(ex|stegreifaufgabe|kurzarbeit|test)[\s.\-_]*[0-9]*$/iu },
  {
    category: /schrift|klausur|schulaufgabe|groß|klassenarbeit/iu,
    heading: /^(ka|sa|kl|la|lk|klausur|klassenarbeit|schulaufgabe|schriftl?|test|ex)[\s.\-_]*[0-9]*$/iu,
  },
  {
    category: /münd|mdl|klein|sonst|mitarbeit/iu,
    heading: /^(mdl|mündl?|mü|mu|m|somi|sonst|mitarbeit|ma|ref|referat|kl\.?\s*ln)[\s.\-_]*[0-9]*$/iu,
  },
  { category: /vornote/iu, heading: /^(vn|vornote)[\s.\-_]*[0-9]*$/iu },
]

/** The category a column heading most likely belongs to, or "". */
export function guessCategory(heading: string, categories: string[]): string {
  const h = heading.trim().toLocaleLowerCase('de')
  const stem = h.replace(/[\s.\-_]*[0-9]+$/, '')
  const named = categories.find((c) => {
    const n = c.trim().toLocaleLowerCase('de')
    return n !== '' && (stem === n || (stem.length >= 3 && n.startsWith(stem)) || h.startsWith(n))
  })
  if (named !== undefined) return named
  for (const kind of KINDS) {
    if (!kind.heading.test(h)) continue
    const c = categories.find((name) => kind.category.test(name))
    if (c !== undefined) return c
  }
  return ''
}

/** One pupil's row of a sheet: each assigned cell one grade, a bad cell named by its column. */
function sheetRow(
  line: number,
  fields: string[],
  columns: string[],
  assigned: string[],
  categories: string[],
  system: ZeugnisSystem,
): PupilRow {
  const [name = '', ...cells] = fields
  const problems: PupilProblem[] = []
  if (name === '') problems.push({ line, category: '', message: 'Die Zeile hat keinen Namen.' })
  if (cells.length > columns.length) {
    problems.push({
      line,
      category: '',
      message: `Die Zeile hat ${String(cells.length)} Notenfelder, die Kopfzeile aber nur ${String(columns.length)} Spalten.`,
    })
  }
  const grades = categories.map((category) => ({ category, grades: [] as string[] }))
  cells.forEach((cell, i) => {
    const category = assigned[i] ?? ''
    const target = grades.find((g) => g.category === category)
    const texts = splitGrades(cell)
    if (target === undefined || texts.length === 0) return
    // One grade per cell: "2 3" is kept whole, so that it shows (and is refused) where it stands.
    const text = texts.length === 1 ? (texts[0] ?? '') : cell.trim()
    target.grades.push(text)
    const column = columns[i] ?? ''
    const problem =
      texts.length > 1 ? `„${text}“ sind mehrere Noten in einer Zelle.` : gradeProblem(system, text)
    if (problem !== null) problems.push({ line, category, message: `Spalte „${column}“: ${problem}` })
  })
  return { line, name, grades, problems }
}

/**
 * Reads a paste: with a heading row of its own (its first field "Name", "Schüler", …, its other fields
 * not just the category names), cell by cell through `assignment` (a column not in it gets its guess);
 * otherwise one field per category as parsePupilRows does.
 */
export function parseSheet(
  text: string,
  categories: string[],
  system: ZeugnisSystem,
  assignment: Assignment = {},
): Sheet {
  const lines = text.split(/\r\n|\r|\n/)
  const first = lines.findIndex((l) => fieldsOf(l).length > 0)
  const heading = first < 0 ? [] : fieldsOf(lines[first] ?? '')
  if (heading.length < 2 || !NAME.test(heading[0] ?? '') || isHeading(heading, categories)) {
    return { columns: [], assigned: [], rows: parsePupilRows(text, categories, system) }
  }
  const columns = heading.slice(1)
  const assigned = columns.map((c) => {
    const chosen = assignment[c]
    return chosen !== undefined && (chosen === '' || categories.includes(chosen))
      ? chosen
      : guessCategory(c, categories)
  })
  const rows: PupilRow[] = []
  lines.forEach((raw, i) => {
    const fields = fieldsOf(raw)
    if (i <= first || fields.length === 0) return
    rows.push(sheetRow(i + 1, fields, columns, assigned, categories, system))
  })
  return { columns, assigned, rows }
}
