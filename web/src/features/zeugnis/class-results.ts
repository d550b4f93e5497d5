import type { ZeugnisSettings } from '@/lib/config'
import { cmp } from '@/lib/rational'
import { decimal as tableNumber, systemData } from '@/lib/systems'
import type { CategoryInput } from './categories'
import type { PupilRow } from './pupils'
import { zeugnisnote, type ZeugnisAnswer, type ZeugnisSystem } from './rule'
import { ruleOptions } from './rule-line'
import { parseSheet, type Assignment } from './sheet'

// "Mehrere Schüler": each pasted row is one pupil's grades for the form's categories (names and
// weights as in "Ein Schüler"), each answered by the rule like one pupil's form.

export interface ClassResults {
  rows: PupilRow[]
  /** The answer for rows[i]: a row with problems gets them as its message, never a proposal. */
  answers: ZeugnisAnswer[]
  /** Each row's category averages (the rule's cut average of that category alone), "" without grades. */
  means: string[][]
  /** The column headings of a sheet with a heading row of its own, and the category of each. */
  columns: string[]
  assigned: string[]
}

export function classResults(
  system: ZeugnisSystem,
  settings: ZeugnisSettings,
  categories: CategoryInput[],
  text: string,
  assignment: Assignment = {},
): ClassResults {
  const names = categories.map((c) => c.name.trim())
  const { rows, columns, assigned } = parseSheet(text, names, system, assignment)
  const options = ruleOptions(system, settings)
  const answers = rows.map((row): ZeugnisAnswer => {
    if (row.problems.length > 0) {
      const message = row.problems
        .map((p) => (p.category === '' ? p.message : `${p.category}: ${p.message}`))
        .join(' ')
      return { ok: false, message }
    }
    return zeugnisnote({
      system,
      ...options,
      categories: categories.map((c, i) => ({
        name: names[i] ?? '',
        ...(c.weight.trim() === '' ? {} : { weight: c.weight.trim() }),
        grades: row.grades[i]?.grades ?? [],
      })),
    })
  })
  // A category's average is the same rule over that category alone: its mean, cut to two decimals.
  const means = rows.map((row) =>
    row.grades.map(({ category, grades }) => {
      if (grades.length === 0) return ''
      const one = zeugnisnote({ system, ...options, categories: [{ name: category || '–', grades }] })
      return one.ok ? one.result.average : ''
    }),
  )
  return { rows, answers, means, columns, assigned }
}

// Where a proposal puts the pupil's moving up at risk (docs/spec.md §9): worse than the system's pass mark,
// read from the table of systems (internal/grading/system.go, generated into lib/systems.gen.ts) — 5 and 6 in
// the German 1–6 systems (worse than 4, or 4,4 on the decimal key: proposals there are whole grades), under 5
// Notenpunkte, Nicht genügend (5) in Austria, under 4 in Switzerland.

/** Whether a proposal (as the rule writes it, "5", "3,5") is marked „Versetzung gefährdet“. */
export function atRisk(system: ZeugnisSystem, proposal: string): boolean {
  const data = systemData(system)
  if (data === undefined || !/^[0-9]+(,[0-9]+)?$/.test(proposal)) return false
  const c = cmp(tableNumber(proposal), tableNumber(data.pass))
  return data.higherIsBetter ? c < 0 : c > 0
}

/** zeugnisnoten-2026-11-25.csv, dated today in this browser's time zone. */
export function classCsvName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `zeugnisnoten-${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}
