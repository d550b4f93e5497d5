import { csvText } from '@/lib/csv'
import { gradeOf, type Key } from '@/lib/key'
import { add, cmp, div, mul, rational, roundedDecimal, type Rational } from '@/lib/rational'
import { groupsOf, systemOf, type GradeGroup } from '@/lib/systems'
import { formatPercentage, parseNumber } from './grading'
import { pointsText } from './points-table'

// The Notenspiegel: one achieved value per line ("27,5" or "Name; 27,5"), graded with the
// calculator's rule for the entered total. Runs only in the browser; nothing is sent anywhere.

export interface ClassLine {
  /** 1-based line number in the text. */
  line: number
  name: string
  /** The points as typed (trimmed). */
  points: string
  /** The grade as the system writes it, and its second label where the system has one ("13", "1-"). */
  result: { percentage: string; grade: string; alt?: string | undefined } | { error: string }
}

export interface ClassSummary {
  lines: ClassLine[]
  /** A first line that names the columns ("Name⇥Punkte", pasted from a spreadsheet): skipped, not graded. */
  header: string | null
  /** Valid lines. */
  graded: number
  /** The count of each band of the key, by its label. */
  byBand: Record<string, number>
  /** The count of each whole grade (lib/systems.ts groupsOf), by the group's name. */
  byGrade: Record<string, number>
  /** The key's bands as whole grades, best first. */
  groups: GradeGroup[]
  /** The mean of the values in the system's own numbers (lib/systems.ts), "2,43"; "" without valid lines. */
  average: string
  /** How the average counts, where that needs saying. */
  averageNote: string
  /** The share of grades below the system's pass mark, "12,5 %"; "" without valid lines. */
  failing: string
  /** What that share is called: "Anteil 5 und 6", "Anteil unter 5 Punkten". */
  failingTerm: string
  /** The heading of the second labels' column, "" when the key has none. */
  altTerm: string
}

const HUNDRED = rational(100n)
const ZERO = rational(0n)

/** Splits "Name; 27,5" (a tab works too, as pasted from a spreadsheet) at the last separator. */
function splitLine(text: string): { name: string; points: string } {
  const at = Math.max(text.lastIndexOf(';'), text.lastIndexOf('\t'))
  if (at < 0) return { name: '', points: text.trim() }
  return { name: text.slice(0, at).trim(), points: text.slice(at + 1).trim() }
}

function gradeLine(key: Key, total: Rational, points: string): ClassLine['result'] {
  if (points === '') return { error: 'Punkte fehlen.' }
  const a = parseNumber(points)
  if (a === null) return { error: `„${points}“ ist keine Zahl.` }
  if (cmp(a, ZERO) < 0) return { error: 'Punkte können nicht negativ sein.' }
  if (cmp(a, total) > 0) return { error: `Mehr als ${pointsText(total)}.` }
  const p = div(mul(HUNDRED, a), total)
  const { label, alt } = gradeOf(key, p)
  // a is in [0, total] here, so the grade is one of the key's bands unless the configuration lacks a width
  if (label === '?') return { error: 'Die Konfiguration ist unvollständig.' }
  return { percentage: formatPercentage(key, p), grade: label, alt }
}

/** The points column's heading as people write it: "Punkte", "Punktzahl", "Erreichte Punkte", "Ergebnis". */
const POINTS_HEADING = /^(erreichte\s+)?(punkte?|punktzahl|ergebnis|bewertung|points?|score)$/i

/** Reads the text for a total above 0 (null otherwise); blank lines and a heading line are skipped. */
export function summarize(key: Key, totalText: string, text: string): ClassSummary | null {
  const total = parseNumber(totalText)
  if (total === null || total.n <= 0n) return null
  const lines: ClassLine[] = []
  let header: string | null = null
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (raw.trim() === '') return
    const { name, points } = splitLine(raw)
    if (lines.length === 0 && header === null && POINTS_HEADING.test(points)) {
      header = raw.trim()
      return
    }
    lines.push({ line: i + 1, name, points, result: gradeLine(key, total, points) })
  })
  return { lines, header, ...figures(key, lines) }
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
  for (const { result } of lines) {
    if ('error' in result) continue
    byBand[result.grade] = (byBand[result.grade] ?? 0) + 1
    const group = groupOf.get(result.grade) ?? ''
    byGrade[group] = (byGrade[group] ?? 0) + 1
    sum = add(sum, system.value(result.grade))
    if (system.fails(result.grade)) failing++
    graded++
  }
  const n = BigInt(graded)
  return {
    graded,
    byBand,
    byGrade,
    groups,
    average: graded === 0 ? '' : roundedDecimal(div(sum, rational(n)), 2).text,
    averageNote: system.averageNote,
    failing: graded === 0 ? '' : `${roundedDecimal(rational(BigInt(failing) * 100n, n), 1).text}%`,
    failingTerm: system.failingTerm,
    altTerm: key.bands.some((b) => b.alt !== undefined) ? system.altTerm : '',
  }
}

/** What the list is: its title and date ("23.11.2026"), written above the table when given. */
export interface ClassListTitle {
  title: string
  date: string
}

/** The list as CSV for spreadsheet programs: semicolons, CRLF, UTF-8 with a byte order mark. */
export function toCsv(
  summary: ClassSummary,
  { title, date }: ClassListTitle = { title: '', date: '' },
): string {
  // the second label's column, only where the key has second labels
  const alt = (cell: string) => (summary.altTerm === '' ? [] : [cell])
  const heading = [title.trim() !== '' && ['Titel', title.trim()], date !== '' && ['Datum', date]].filter(
    (r) => r !== false,
  )
  const rows = [
    ...heading,
    ...(heading.length > 0 ? [[]] : []),
    ['Zeile', 'Name', 'Punkte', 'Prozent', 'Note', ...alt(summary.altTerm), 'Hinweis'],
  ]
  for (const { line, name, points, result } of summary.lines) {
    rows.push(
      'error' in result
        ? [String(line), name, points, '', '', ...alt(''), result.error]
        : [String(line), name, points, result.percentage, result.grade, ...alt(result.alt ?? ''), ''],
    )
  }
  rows.push([], ['Durchschnitt', summary.average], [summary.failingTerm, summary.failing])
  return csvText(rows)
}
