import { roundedDecimal } from '@/lib/decimals'
import { parseNumber, type Notation } from '@/lib/numbers'
import { add, cmp, div, mul, rational, type Rational } from '@/lib/rational'
import { formatPoints } from './points-table'

// Points per task in the Notenspiegel (docs/spec.md §2): a first line that names the tasks with their
// maximum, "Name; Aufgabe 1 (10); Aufgabe 2 (15)" (also tab-separated, as a spreadsheet copies it), makes
// every following line a pupil's points per task; the pupil's total is their sum, the test's total the sum
// of the maxima, and the class sees per task the average and the share solved.

/** A task of the header: its name as written and its maximum. */
export interface Task {
  name: string
  max: Rational
}

/** A task's figures for the class: the average of the graded pupils and the share of the maximum solved. */
export interface TaskFigures {
  name: string
  max: string
  /** "6,5", "" without graded pupils. */
  average: string
  /** "65,0 %" of the maximum on average, "" without graded pupils. */
  solved: string
  /** The share solved as a number from 0 to 1, for the chart's bar. */
  fraction: number
}

/**
 * A pupil's cell for one task: the text as pasted (valid points with the key's separator) and, where it is
 * no valid points, why.
 */
export interface TaskCell {
  text: string
  error?: string | undefined
}

// "Aufgabe 1 (10)", "A2 (7,5)", "Nr. 3 (10 P.)", "Aufgabe 4 (max. 12 Punkte)"
export const TASK =
  /^(.*\S)\s*\(\s*(?:max\.?\s*)?([0-9]+(?:[.,][0-9]+)?)\s*(?:p\.?|pkt\.?|punkte?|be)?\s*\)$/iu
export const NUMBER = /^[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)$/u

/** The cells of a line of columns: split at semicolons, or at tabs where it has no semicolon. */
export const columns = (line: string): string[] =>
  (line.includes(';') ? line.split(';') : line.split('\t')).map((c) => c.trim())

/** The columns without the empty ones at the end (a spreadsheet's row copied with its last tab). */
export const trimmedColumns = (line: string): string[] => {
  const cells = columns(line)
  while (cells.length > 0 && cells.at(-1) === '') cells.pop()
  return cells
}

/** The tasks of a header, and how many columns before them name the pupil ("Nr.; Name"). */
export interface TaskHeader {
  tasks: Task[]
  lead: number
}

/**
 * The tasks a first line names, or null when it is no such header: columns that name the pupil ("Name",
 * "Nr.; Name"), then at least one column written "Task (maximum)" with a maximum above 0, every one after
 * the first task so.
 */
export function readTaskHeader(line: string): TaskHeader | null {
  if (!line.includes(';') && !line.includes('\t')) return null
  const cells = trimmedColumns(line)
  const lead = cells.findIndex((c) => TASK.test(c))
  if (lead < 1) return null
  const tasks: Task[] = []
  for (const cell of cells.slice(lead)) {
    const m = TASK.exec(cell)
    const max = m?.[2] === undefined ? null : parseNumber(m[2])
    if (m?.[1] === undefined || max === null || max.n <= 0n) return null
    tasks.push({ name: m[1], max })
  }
  return { tasks, lead }
}

/**
 * Whether a line of a plain list holds several numbers in its columns ("Ben; 5; 5"): points per task
 * without a header that names the tasks, which must not be graded as one number.
 */
export const severalNumbers = (line: string): boolean =>
  (line.includes(';') || line.includes('\t')) &&
  trimmedColumns(line)
    .slice(1)
    .filter((c) => NUMBER.test(c)).length >= 2

/** A pupil's line split into the name and `n` cells, or the word that marks the pupil absent. */
export interface PupilCells {
  name: string
  texts: string[]
  /** Too few or too many cells: the count expected and found. */
  error?: string
  absent?: string
}

/**
 * The name and the cells of a pupil's line under a header whose first `lead` columns name the pupil. Columns
 * split at semicolons or tabs; a line without either takes its last words as the cells ("Anna Berg 8 12,5
 * 10"). A line that holds only a word of `isAbsent` after the name marks the pupil absent.
 */
export function readCells(
  line: string,
  lead: number,
  n: number,
  isAbsent: (word: string) => boolean,
): PupilCells {
  const columned = line.includes(';') || line.includes('\t')
  const parts = columned ? columns(line) : spaced(line, n)
  const first = columned ? lead : 1
  // the columns before the cells name the pupil; a pupil's number among them is not part of the name
  const name = parts
    .slice(0, first)
    .filter((p) => /\p{L}/u.test(p) || first === 1)
    .join(' ')
  const texts = parts.slice(first)
  // empty cells after the last one (a copied row's last tab) are no cells
  while (texts.length > n && texts.at(-1) === '') texts.pop()
  // "Ben; krank", "Ben; fehlt; ;", "Ben Kraus krank": the word alone marks the pupil absent
  const given = texts.filter((t) => t !== '')
  const last = given.at(-1) ?? ''
  if (isAbsent(last) && (given.length === 1 || !columned)) {
    const absentName = columned ? name : line.trim().slice(0, -last.length).trim()
    return { name: absentName, texts: [], absent: last }
  }
  if (texts.length !== n)
    return {
      name,
      texts,
      error: `${String(n)} ${n === 1 ? 'Wert' : 'Werte'} erwartet, ${String(texts.length)} gefunden.`,
    }
  return { name, texts }
}

/**
 * Valid points as typed, with the key's decimal separator ("7.5" is written 7,5 on a German key): the table,
 * the CSV (where a spreadsheet would read „7.5“ as a date) and the feedback sheets write every number alike.
 */
export const typedPoints = (text: string, separator: string): string => text.trim().replace(/[.,]/, separator)

/**
 * A pupil's line under a task header (readCells): each cell must be points from 0 to the task's maximum; a
 * wrong cell is marked with why, the others stay as they are.
 */
export function readTaskLine(
  line: string,
  { tasks, lead }: TaskHeader,
  separator: string,
  isAbsent: (word: string) => boolean,
): { name: string; cells: TaskCell[]; sum: Rational | null; error?: string; absent?: string } {
  const { name, texts, error, absent } = readCells(line, lead, tasks.length, isAbsent)
  if (absent !== undefined) return { name, cells: [], sum: null, absent }
  if (error !== undefined) return { name, cells: texts.map((text) => ({ text })), sum: null, error }
  let sum: Rational | null = rational(0n)
  const cells = tasks.map((task, i): TaskCell => {
    const text = texts[i] ?? ''
    const error = cellError(text, task.max, separator)
    const points = error === undefined ? parseNumber(text) : null
    sum = sum === null || points === null ? null : add(sum, points)
    return error === undefined
      ? { text: typedPoints(text, separator) }
      : { text, error: `${task.name}: ${error}` }
  })
  const wrong = cells.find((c) => c.error !== undefined)
  return wrong?.error === undefined ? { name, cells, sum } : { name, cells, sum: null, error: wrong.error }
}

/**
 * A line without columns ("Anna Berg 8 12,5", "Carl, 8, 9"): its numbers at the end (at most `n`) are the
 * cells, the words before them the name.
 */
function spaced(line: string, n: number): string[] {
  const words = line
    .trim()
    .split(/\s+/u)
    .map((w) => w.replace(/,$/u, ''))
  let numbers = 0
  while (numbers < n && numbers < words.length && NUMBER.test(words[words.length - 1 - numbers] ?? ''))
    numbers++
  // the absent word takes a cell's place
  if (numbers === 0 && words.length > 1) numbers = 1
  return [words.slice(0, words.length - numbers).join(' '), ...words.slice(words.length - numbers)]
}

/** Why a cell is no points from 0 to `max`, or undefined. */
export function cellError(text: string, max: Rational, separator: string): string | undefined {
  if (text === '') return 'Punkte fehlen (0, wenn nicht bearbeitet).'
  const points = parseNumber(text)
  if (points === null) return `„${text}“ ist keine Zahl.`
  if (points.n < 0n) return 'Punkte können nicht negativ sein.'
  if (cmp(points, max) > 0) return `Mehr als ${formatPoints(max, separator)} Punkte.`
  return undefined
}

/** The test's total: the sum of the tasks' maxima. */
export const tasksTotal = (tasks: Task[]): Rational => tasks.reduce((s, t) => add(s, t.max), rational(0n))

/** Per task the class's average and the share solved, over the pupils whose every cell is valid. */
export function taskFigures(tasks: Task[], rows: TaskCell[][], notation: Notation): TaskFigures[] {
  const n = BigInt(rows.length)
  return tasks.map((task, i) => {
    const sum = rows.reduce(
      (s, cells) => add(s, parseNumber(cells[i]?.text ?? '0') ?? rational(0n)),
      rational(0n),
    )
    const max = formatPoints(task.max, notation.separator)
    if (n === 0n) return { name: task.name, max, average: '', solved: '', fraction: 0 }
    const average = div(sum, rational(n))
    const share = div(average, task.max)
    return {
      name: task.name,
      max,
      average: roundedDecimal(average, 1, notation.separator).text,
      solved: `${roundedDecimal(mul(share, rational(100n)), 1, notation.separator).text}${notation.percent}`,
      fraction: Number(share.n) / Number(share.d),
    }
  })
}
