import type { ZeugnisSettings } from '@/lib/config'
import type { CategoryInput } from './categories'
import { parsePupilRows, type PupilRow } from './pupils'
import { zeugnisnote, type ZeugnisAnswer, type ZeugnisSystem } from './rule'
import { ruleOptions } from './rule-line'

// "Mehrere Schüler": each pasted row is one pupil's grades for the form's categories (names and
// weights as in "Ein Schüler"), each answered by the rule like one pupil's form.

export interface ClassResults {
  rows: PupilRow[]
  /** The answer for rows[i]: a row with problems gets them as its message, never a proposal. */
  answers: ZeugnisAnswer[]
}

export function classResults(
  system: ZeugnisSystem,
  settings: ZeugnisSettings,
  categories: CategoryInput[],
  text: string,
): ClassResults {
  const names = categories.map((c) => c.name.trim())
  const rows = parsePupilRows(text, names, system)
  const answers = rows.map((row): ZeugnisAnswer => {
    if (row.problems.length > 0) {
      const message = row.problems
        .map((p) => (p.category === '' ? p.message : `${p.category}: ${p.message}`))
        .join(' ')
      return { ok: false, message }
    }
    return zeugnisnote({
      system,
      ...ruleOptions(system, settings),
      categories: categories.map((c, i) => ({
        name: names[i] ?? '',
        ...(c.weight.trim() === '' ? {} : { weight: c.weight.trim() }),
        grades: row.grades[i]?.grades ?? [],
      })),
    })
  })
  return { rows, answers }
}

/** zeugnisnoten-2026-11-25.csv, dated today in this browser's time zone. */
export function classCsvName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `zeugnisnoten-${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}
