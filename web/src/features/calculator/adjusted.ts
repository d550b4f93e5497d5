import type { Dispatch, SetStateAction } from 'react'
import {
  adjust,
  readAdjustment,
  writeAdjustment,
  type Adjustment,
  type AdjustField,
  type BoundChange,
} from '@/lib/adjust'
import type { ScaleDocument } from '@/lib/config'
import { cellText, table } from '@/lib/grade-table'
import { keyOf, type Key } from '@/lib/key'
import { inNotation, notationOf } from '@/lib/numbers'

// The key of the page with the teacher's adjustment for this test (docs/spec.md §10), the lazily loaded
// half of useAdjustedKey (use-adjusted-key.ts): the route holds only the state, this makes the key of it.

/** The old version a page fetched for its link, or tried to. */
export type OldVersion =
  | { stand: number; state: 'loading' }
  | { stand: number; state: 'failed' }
  | { stand: number; state: 'ok'; config: ScaleDocument }

/**
 * What was typed last, and the last adjustment that made a key, which stays while a field is invalid; the
 * old version a link was made on, once fetched (adjusted-source.ts).
 */
export interface AdjustState {
  typed: Adjustment
  valid: Adjustment | null
  old?: OldVersion | null
}

export type SetAdjustState = Dispatch<SetStateAction<AdjustState | undefined>>

/** The page's key and what the adjustment panel shows and does. */
export interface Adjusted {
  /** The key every view reads: the adjusted one, or the school's. */
  key: Key
  /** The document the key is of. */
  doc: ScaleDocument
  /** The bounds that differ from the school's. */
  changes: BoundChange[]
  /** The adjustment in one line for lists, prints and files ("4 ab 45 % statt 50 %, …"); "" without. */
  text: string
  errors: Partial<Record<AdjustField, string>>
  /** What is typed (null: no adjustment). */
  adjustment: Adjustment | null
  setAdjustment: (a: Adjustment) => void
  /** Back to the school's key. */
  reset: () => void
  /** The grade table's values of a band with the school's beside those that changed (GradeTable's `edit`). */
  edit: ((grade: string, values: string[]) => string[]) | undefined
  /** The school made the key binding (`"adjustable": false`). */
  binding: boolean
  /** The React setter of the route's state. */
  set: SetAdjustState
}

/** The page's key as useAdjustedKey gives it: before this code is loaded, the school's and the state's setter. */
export type AdjustedKey = Adjusted | { key: Key; set: SetAdjustState; edit?: undefined; text?: undefined }

/** The state of an address with an adjustment; undefined without. */
export function initial(search: string): AdjustState | undefined {
  const read = readAdjustment(search)
  if (read === null || Object.keys(read.adjustment).length === 0) return undefined
  return { typed: read.adjustment, valid: read.adjustment }
}

function writeAddress(version: number, a: Adjustment | null): void {
  const { pathname, search, hash } = window.location
  const next = writeAdjustment(search, version, a, readAdjustment(search)?.points)
  if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash)
}

/** "4 ab 45 % statt 50 %" (über for the original's bands). */
export function changeText({ grade, from, was }: BoundChange, included: boolean, system: string): string {
  const n = notationOf(system)
  return `${inNotation(grade, n)} ${included ? 'ab' : 'über'} ${inNotation(from, n)} % statt ${inNotation(was, n)} %`
}

/**
 * Every adjustment in one line: the moved bounds, and the Swiss formula's rounding step where it differs
 * ("Rundung auf 0,25 statt 0,1"), as the Notenspiegel's print and CSV name them (docs/spec.md §10).
 */
function adjustmentText(school: ScaleDocument, doc: ScaleDocument, key: Key, changes: BoundChange[]): string {
  const n = notationOf(key.system)
  // the formula's default step is 0,1 (docs/grading-systems.md)
  const step = (d: ScaleDocument) =>
    inNotation(String('step' in d.rule && d.rule.step !== undefined ? d.rule.step : 0.1).replace('.', ','), n)
  const rounding =
    doc.rule.kind === 'formula' && step(doc) !== step(school)
      ? [`Rundung auf ${step(doc)} statt ${step(school)}`]
      : []
  return [...changes.map((c) => changeText(c, key.included, key.system)), ...rounding].join(', ')
}

/** The school's values of each band as the grade table writes them, to set beside the adjusted ones. */
function editOf(school: Key): Adjusted['edit'] {
  const was = new Map(
    table(school, notationOf(school.system).separator).map((c) => [
      c.grade,
      [cellText(c, school.included), c.over, c.upTo],
    ]),
  )
  return (grade, values) =>
    values.map((value, i) => {
      const old = was.get(grade)?.[values.length === 1 ? 0 : i + 1]
      return old === undefined || old === value ? value : `${value} (statt ${old})`
    })
}

/** The page's key for the school's document, its version and the state. */
export function adjusted(
  config: ScaleDocument,
  version: number,
  state: AdjustState | undefined,
  set: SetAdjustState,
): Adjusted {
  const school = keyOf(config)
  const binding = config.adjustable === false
  const base: Adjusted = {
    key: school,
    doc: config,
    changes: [],
    text: '',
    errors: {},
    adjustment: null,
    edit: undefined,
    binding,
    set,
    setAdjustment: (a) => {
      const r = adjust(config, a)
      set((s) => ({ typed: a, valid: r.ok ? a : (s?.valid ?? null) }))
      if (r.ok) writeAddress(version, r.changes.length > 0 || a.step ? a : null)
    },
    reset: () => {
      set(undefined)
      writeAddress(version, null)
    },
  }
  if (state === undefined || binding) return base
  const typed = adjust(config, state.typed)
  const errors = typed.ok ? {} : typed.errors
  const used = typed.ok ? typed : state.valid && adjust(config, state.valid)
  const result = { ...base, errors, adjustment: state.typed }
  if (!used?.ok || used.changes.length === 0) return result
  // every key that moves a bound is in the address (setAdjustment): one that is not was dropped when another
  // scale was chosen (scale-picker.tsx), and does not apply to this one
  if (Object.keys(readAdjustment(window.location.search)?.adjustment ?? {}).length === 0) return base
  const key = keyOf(used.doc)
  const text = adjustmentText(config, used.doc, key, used.changes)
  return { ...result, key, doc: used.doc, changes: used.changes, text, edit: editOf(school) }
}
