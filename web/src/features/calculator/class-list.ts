import { roundedDecimal } from '@/lib/decimals'
import { FEHLER_RULES, type FehlerRule } from '@/lib/fehlerquotient'
import { wordOf } from '@/lib/grade-words'
import { gradeOf, type Key } from '@/lib/key'
import { inNotation, notationOf, parseNumber, type Notation } from '@/lib/numbers'
import { add, cmp, div, mul, rational, type Rational } from '@/lib/rational'
import { groupsOf, systemOf, withUnit, type GradeGroup } from '@/lib/systems'
import {
  averageQuotient,
  languageLine,
  languageSetting,
  readLanguageHeader,
  type LanguageFigures,
  type LanguageHeader,
  type LanguageSetting,
  type LineResult,
} from './class-language'
import {
  readTaskHeader,
  readTaskLine,
  severalNumbers,
  taskFigures,
  tasksTotal,
  typedPoints,
  type Task,
  type TaskHeader,
  type TaskCell,
  type TaskFigures,
} from './class-tasks'
import { formatPercentage } from './grading'
import { formatPoints, pointsText } from './points-table'

// The Notenspiegel: one achieved value per line ("27,5" or "Name; 27,5"), graded with the
// calculator's rule for the entered total. Runs only in the browser; nothing is sent anywhere.

export interface ClassLine {
  /** 1-based line number in the text. */
  line: number
  /** The pupil's number: 1 for the first pupil's line, whatever blank lines or heading come before. */
  number: number
  name: string
  /**
   * The points as typed (trimmed; graded ones with the key's separator, "7.5" as 7,5), their sum under a task
   * header, or the word that marks the pupil absent ("krank").
   */
  points: string
  /** Under a task header: the pupil's cell per task, a wrong one marked (class-tasks.ts). */
  cells?: TaskCell[] | undefined
  /** Under a language header (class-language.ts): the content grade, the Fehlerquotient, the deduction. */
  language?: LanguageFigures | undefined
  /**
   * The grade as the key holds it, its second label or word where the system has one ("13", "1-"; "1,4",
   * "sehr gut"), the percentage in the system's notation ("78.3 %" in Switzerland). Under a language header
   * the final grade, after the deduction; `unconverted` where the chosen conversion does not fit the key.
   */
  result: LineResult
}

/** A language teacher's list: the conversion, why it cannot apply, the class's average Fehlerquotient. */
export interface LanguageSummary extends LanguageSetting {
  /** "3,25", cut to two decimals; '' without valid lines. */
  average: string
  /** Whether the header named the content's maximum ("Inhalt (40)"), which is then the total. */
  maxGiven: boolean
}

export interface ClassSummary {
  lines: ClassLine[]
  /** A first line that names the columns ("Name⇥Punkte", pasted from a spreadsheet): skipped, not graded. */
  header: string | null
  /** The total the list is graded against: the one given, or the sum of the tasks' maxima. */
  total: Rational
  /** The tasks a header names with their maxima (class-tasks.ts), and their figures for the class; [] without. */
  tasks: Task[]
  taskFigures: TaskFigures[]
  /** Under a header `Name; Inhalt; Fehler; Wörter`; null otherwise. */
  language: LanguageSummary | null
  /** Valid lines. */
  graded: number
  /** Pupils marked absent ("fehlt", "krank"): counted apart, neither graded nor an error. */
  absent: number
  /** The count of each band of the key, by its label. */
  byBand: Record<string, number>
  /** The count of each whole grade (lib/systems.ts groupsOf), by the group's name. */
  byGrade: Record<string, number>
  /** The key's bands as whole grades, best first. */
  groups: GradeGroup[]
  /** The mean of the values in the system's own numbers (lib/systems.ts), "2,43"; "" without valid lines. */
  average: string
  /** The average as the page shows it, with the system's word for a result: "6,75 Punkte", "2,43". */
  averageText: string
  /** How the average counts, where that needs saying. */
  averageNote: string
  /** The share of grades below the system's pass mark, "12,5 %"; "" without valid lines. */
  failing: string
  /** How many grades are below the pass mark. */
  failingCount: number
  /** What that share is called: "Anteil 5 und 6", "Anteil unter 5 Punkten". */
  failingTerm: string
  /** The heading of the second labels' or words' column, "" when the key has none. */
  altTerm: string
  /** How the system writes numbers: the figures above are written so; labels and group names need inNotation. */
  notation: Notation
}

const HUNDRED = rational(100n)
const ZERO = rational(0n)

const SEVERAL =
  'Mehrere Zahlen: Punkte je Aufgabe brauchen als erste Zeile die Aufgaben mit ihrer Höchstpunktzahl, z. B. „Name; Aufgabe 1 (10); Aufgabe 2 (15)“.'

/** Words that mark a pupil absent instead of points, in any case: "Anna fehlt", "Ben; krank". */
const ABSENT = /^(?:fehlt|krank|abwesend|entschuldigt)$/iu

/** The points at the end of a line, after white space or a comma: "Anna 31,5", "Anna, 31,5", "Anna,31". */
const TRAILING_POINTS = /(?:^|[\s,])([+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+))$/u

/**
 * Splits a line into name and points. With a semicolon or a tab (a spreadsheet's columns), the points
 * are what follows the last one. Otherwise they are the number at the end of the line, after a space or
 * a comma, or a word of ABSENT; a name must hold a letter, so "1,2,3" stays one (wrong) number rather
 * than the pupil "1,2" with 3 points. Without either, the line's last word is taken as the points, and
 * its error names it.
 */
function splitLine(text: string): { name: string; points: string } {
  const trimmed = text.trim()
  const at = Math.max(trimmed.lastIndexOf(';'), trimmed.lastIndexOf('\t'))
  if (at >= 0) return { name: trimmed.slice(0, at).trim(), points: trimmed.slice(at + 1).trim() }
  const number = TRAILING_POINTS.exec(trimmed)
  const points = number?.[1] ?? trimmed.split(/[\s,]+/u).pop() ?? ''
  const name = trimmed
    .slice(0, trimmed.length - points.length)
    .replace(/[\s,]+$/u, '')
    .trim()
  if (name !== '' && !/\p{L}/u.test(name)) return { name: '', points: trimmed }
  return { name, points }
}

function gradeLine(key: Key, total: Rational, points: string): LineResult {
  if (points === '') return { error: 'Punkte fehlen.' }
  if (ABSENT.test(points)) return { absent: true }
  const a = parseNumber(points)
  if (a === null) return { error: `„${points}“ ist keine Zahl.` }
  if (cmp(a, ZERO) < 0) return { error: 'Punkte können nicht negativ sein.' }
  const notation = notationOf(key.system)
  if (cmp(a, total) > 0) return { error: `Mehr als ${pointsText(total, notation.separator)}.` }
  const p = div(mul(HUNDRED, a), total)
  const { label, alt } = gradeOf(key, p)
  // a is in [0, total] here, so the grade is one of the key's bands unless the configuration lacks a width
  if (label === '?') return { error: 'Die Konfiguration ist unvollständig.' }
  const percentage = inNotation(formatPercentage(key, p), notation)
  return { percentage, grade: label, alt: alt ?? wordOf(key.system, label) }
}

/** The points column's heading as people write it: "Punkte", "Punktzahl", "Erreichte Punkte", "Ergebnis". */
const POINTS_HEADING = /^(erreichte\s+)?(punkte?|punktzahl|ergebnis|bewertung|points?|score)$/i

/** What the first line makes of the list: points per task, a language teacher's columns, or plain points. */
function headerOf(raws: string[], first: number, totalText: string) {
  const line = first < 0 ? '' : (raws[first] ?? '')
  const language = first < 0 ? null : readLanguageHeader(line)
  const tasks = first < 0 || language !== null ? null : readTaskHeader(line)
  const total = tasks !== null ? tasksTotal(tasks.tasks) : (language?.max ?? parseNumber(totalText))
  return { language, tasks, total, named: language !== null || tasks !== null ? line.trim() : null }
}

/**
 * Reads the text for a total above 0 (null otherwise); blank lines and a heading line are skipped. A first
 * line naming tasks with their maxima (class-tasks.ts) makes the lines points per task and the total their
 * sum; a first line "Name; Inhalt; Fehler; Wörter" (class-language.ts) makes them content points, errors and
 * words, lowered by the conversion `regel` (an id of lib/fehlerquotient.ts, '' for none).
 */
export function summarize(
  key: Key,
  totalText: string,
  text: string,
  regel = '',
  rules: readonly FehlerRule[] = FEHLER_RULES,
): ClassSummary | null {
  const notation = notationOf(key.system)
  const raws = text.split(/\r\n|\r|\n/)
  const first = raws.findIndex((raw) => raw.trim() !== '')
  const { language, tasks: header_, total, named } = headerOf(raws, first, totalText)
  const tasks = header_?.tasks ?? null
  if (total === null || total.n <= 0n) return null
  const setting = language === null ? null : languageSetting(regel, key.system, rules)
  const lines: ClassLine[] = []
  let header = named
  raws.forEach((raw, i) => {
    if (raw.trim() === '' || (i === first && named !== null)) return
    const number = lines.length + 1
    if (language !== null && setting !== null) {
      lines.push({ line: i + 1, number, ...pupilLanguage(key, total, language, setting, raw) })
      return
    }
    if (header_ !== null) {
      lines.push({ line: i + 1, number, ...taskLine(key, total, header_, raw) })
      return
    }
    const { name, points } = splitLine(raw)
    if (lines.length === 0 && header === null && POINTS_HEADING.test(points)) {
      header = raw.trim()
      return
    }
    // "Ben; 5; 5": points per task without the header that names them, never graded as its last number
    const result = severalNumbers(raw) ? { error: SEVERAL } : gradeLine(key, total, points)
    const shown = 'grade' in result ? typedPoints(points, notation.separator) : points
    lines.push({ line: i + 1, number, name, points: shown, result })
  })
  const valid = lines.flatMap((l) => ('grade' in l.result && l.cells ? [l.cells] : []))
  return {
    lines,
    header,
    total,
    tasks: tasks ?? [],
    taskFigures: tasks === null ? [] : taskFigures(tasks, valid, notation),
    language:
      setting === null
        ? null
        : { ...setting, average: averageQuotient(lines), maxGiven: language?.max != null },
    ...figures(key, lines),
  }
}

/** A pupil's line under a language header (class-language.ts), graded with the list's key. */
function pupilLanguage(
  key: Key,
  total: Rational,
  header: LanguageHeader,
  setting: LanguageSetting,
  raw: string,
): Omit<ClassLine, 'line' | 'number'> {
  return languageLine(raw, header, total, setting, {
    key,
    separator: notationOf(key.system).separator,
    isAbsent: (word) => ABSENT.test(word),
    grade: (points) => gradeLine(key, total, points),
  })
}

/** A pupil's line under a task header: absent ("Ben; krank"), or the cells and the grade of their sum. */
function taskLine(
  key: Key,
  total: Rational,
  header: TaskHeader,
  raw: string,
): Omit<ClassLine, 'line' | 'number'> {
  const { separator } = notationOf(key.system)
  const read = readTaskLine(raw, header, separator, (word) => ABSENT.test(word))
  if (read.absent !== undefined) return { name: read.name, points: read.absent, result: { absent: true } }
  if (read.sum === null)
    return { name: read.name, points: '', cells: read.cells, result: { error: read.error ?? '' } }
  const points = formatPoints(read.sum, separator)
  return { name: read.name, points, cells: read.cells, result: gradeLine(key, total, formatPoints(read.sum)) }
}

/** The counts, the average and the failing share of the graded lines. */
function figures(key: Key, lines: ClassLine[]) {
  const system = systemOf(key)
  const groups = groupsOf(key)
  const byBand = Object.fromEntries(key.bands.map((b) => [b.label, 0]))
  const byGrade = Object.fromEntries(groups.map((g) => [g.name, 0]))
  const groupOf = new Map(groups.flatMap((g) => g.bands.map((l) => [l, g.name])))
  let sum: Rational = ZERO
  let graded = 0
  let failing = 0
  let absent = 0
  for (const { result } of lines) {
    if ('absent' in result) absent++
    if (!('grade' in result)) continue
    byBand[result.grade] = (byBand[result.grade] ?? 0) + 1
    const group = groupOf.get(result.grade) ?? ''
    byGrade[group] = (byGrade[group] ?? 0) + 1
    sum = add(sum, system.value(result.grade))
    if (system.fails(result.grade)) failing++
    graded++
  }
  const n = BigInt(graded)
  const notation = notationOf(key.system)
  const share = roundedDecimal(rational(BigInt(failing) * 100n, n || 1n), 1, notation.separator).text
  const average = graded === 0 ? '' : roundedDecimal(div(sum, rational(n)), 2, notation.separator).text
  return {
    graded,
    absent,
    byBand,
    byGrade,
    groups,
    average,
    averageText: average === '' ? '' : withUnit(key.system, average),
    averageNote: system.averageNote,
    failing: graded === 0 ? '' : `${share}${notation.percent}`,
    failingCount: failing,
    failingTerm: system.failingTerm,
    altTerm: key.bands.some((b) => b.alt !== undefined || wordOf(key.system, b.label) !== undefined)
      ? system.altTerm
      : '',
    notation,
  }
}

/**
 * Which key a Notenspiegel grades with: the scale's name and version, and a teacher's adjustment of it for
 * this test in one line (docs/spec.md §10; absent or "" without).
 */
export interface GradedWith {
  name: string
  version: number
  adjusted?: string | undefined
}

/** The key as the Notenspiegel's screen and prints name it: "„Name“, Version 3" and the adjustment. */
export const gradedText = ({ name, version, adjusted }: GradedWith): string =>
  `„${name}“, Version ${String(version)}${adjusted ? `; für diese Arbeit angepasst: ${adjusted}` : ''}`
