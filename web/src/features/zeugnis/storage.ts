import type { CategoryInput } from './categories'

// The Zeugnisnote's inputs, kept in this browser only (docs/privacy.md): the categories with their
// grades, the mode and the pasted pupils, so that a reload or a later visit loses nothing. Never sent
// to the server and never put in the address (a browser test checks every request); "Eingaben
// löschen" removes the entry. One key, a versioned JSON object: an entry of another version or shape
// is ignored rather than half read.

export const ZEUGNIS_KEY = 'notenrechner.zeugnisnote'
const VERSION = 1

export type Mode = 'one' | 'many' | 'need'

/** What the printout for the Zeugniskonferenz names above the table, as typed. */
export interface ReportHead {
  klasse: string
  fach: string
  lehrkraft: string
  datum: string
}

/** "Welche Note brauche ich noch?": the report grade aimed for and the category of the next test. */
export interface NeedInput {
  grade: string
  category: string
  /** The next grade's weight inside its category, as typed ("" is 1). */
  weight?: string
}

export interface StoredZeugnis {
  mode: Mode
  categories: CategoryInput[]
  /** The pasted rows of "Mehrere Schüler". */
  pupils: string
  /** The category of each column heading of a pasted sheet, where the teacher chose it. */
  assign?: Record<string, string>
  report?: ReportHead
  need?: NeedInput
}

const stringRecord = (x: unknown): x is Record<string, string> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every(isString)

const REPORT_KEYS = ['klasse', 'fach', 'lehrkraft', 'datum'] as const
const isReport = (x: unknown): x is ReportHead =>
  stringRecord(x) && REPORT_KEYS.every((k) => isString((x as Record<string, unknown>)[k]))
const isNeed = (x: unknown): x is NeedInput =>
  stringRecord(x) &&
  isString((x as Record<string, unknown>).grade) &&
  isString((x as Record<string, unknown>).category)

const isString = (x: unknown): x is string => typeof x === 'string'

function categoryOf(x: unknown): CategoryInput | null {
  if (typeof x !== 'object' || x === null) return null
  const { name, weight, grades } = x as Record<string, unknown>
  return isString(name) && isString(weight) && isString(grades) ? { name, weight, grades } : null
}

/** The kept inputs, or null when there are none (or the entry is not one of ours). */
export function readZeugnis(): StoredZeugnis | null {
  try {
    const raw = localStorage.getItem(ZEUGNIS_KEY)
    if (raw === null) return null
    const v: unknown = JSON.parse(raw)
    if (typeof v !== 'object' || v === null) return null
    const { version, mode, categories, pupils, assign, report, need } = v as Record<string, unknown>
    if (version !== VERSION || (mode !== 'one' && mode !== 'many' && mode !== 'need') || !isString(pupils))
      return null
    if (!Array.isArray(categories)) return null
    const list = categories.map(categoryOf)
    if (list.some((c) => c === null)) return null
    return {
      mode,
      categories: list as CategoryInput[],
      pupils,
      ...(stringRecord(assign) ? { assign } : {}),
      ...(isReport(report) ? { report } : {}),
      ...(isNeed(need) ? { need } : {}),
    }
  } catch {
    return null
  }
}

/** Whether the inputs hold anything a teacher typed: grades or pupils. */
export const hasInput = (z: StoredZeugnis) =>
  z.pupils.trim() !== '' ||
  z.categories.some((c) => c.grades.trim() !== '') ||
  REPORT_KEYS.some((k) => (z.report?.[k] ?? '').trim() !== '')

/** Keeps the inputs; inputs without grades or pupils are removed instead. Full storage is not an error. */
export function storeZeugnis(z: StoredZeugnis): void {
  try {
    if (!hasInput(z)) localStorage.removeItem(ZEUGNIS_KEY)
    else localStorage.setItem(ZEUGNIS_KEY, JSON.stringify({ version: VERSION, ...z }))
  } catch {
    // private mode or quota: the tool works as before, only for this visit
  }
}

export function clearZeugnis(): void {
  try {
    localStorage.removeItem(ZEUGNIS_KEY)
  } catch {
    // nothing kept, nothing to remove
  }
}
