import * as v from 'valibot'
import type { ZeugnisSettings } from '@/lib/config'
import { STEP_NAMES, TENDENCY_NAMES } from '@/lib/zeugnis'
import { hasStep, hasTendency } from './zeugnis-check'

// The section "Zeugnisnote" of both editor forms: the school's settings of docs/spec.md §9 for this
// scale. The form always holds every setting (the defaults where the document has none); the document
// holds only what differs from the defaults, so a scale whose settings nobody touched keeps the document
// it had, byte for byte, and saving it unchanged writes no other document.

// The defaults are the first of lib's lists (the rule's own: 0,3 and the Swiss 0,5).
export const DEFAULT_TENDENCY = TENDENCY_NAMES[0] ?? '0,3'
export const DEFAULT_STEP = STEP_NAMES[0] ?? '0,5'

export interface ZeugnisFormValues {
  tendency: string
  rounding: 'better' | 'worse'
  step: string
  /** The default categories, name and weight as typed; none: the page's own. */
  categories: { name: string; weight: string }[]
}

/** Ready-made category lists an admin starts from. */
export const CATEGORY_PRESETS: { label: string; categories: ZeugnisFormValues['categories'] }[] = [
  {
    label: 'schriftlich 2 : mündlich 1',
    categories: [
      { name: 'schriftlich', weight: '2' },
      { name: 'mündlich', weight: '1' },
    ],
  },
  {
    label: '50 : 50',
    categories: [
      { name: 'schriftlich', weight: '1' },
      { name: 'mündlich', weight: '1' },
    ],
  },
  {
    label: 'Vornote 5 : schriftlich 3 : mündlich 2',
    categories: [
      { name: 'Vornote', weight: '5' },
      { name: 'schriftlich', weight: '3' },
      { name: 'mündlich', weight: '2' },
    ],
  },
]

export function toZeugnisValues(settings: ZeugnisSettings | undefined): ZeugnisFormValues {
  return {
    tendency: settings?.tendency ?? DEFAULT_TENDENCY,
    rounding: settings?.rounding ?? 'better',
    step: settings?.step ?? DEFAULT_STEP,
    categories: (settings?.categories ?? []).map((c) => ({ ...c })),
  }
}

/**
 * The member the values save as for a scale of `system` ('' the original's shape): the settings that
 * differ from the defaults, and only those the system has; undefined when none does.
 */
export function zeugnisMember(
  values: ZeugnisFormValues,
  system: string,
): Record<string, unknown> | undefined {
  const member: Record<string, unknown> = {}
  if (hasTendency(system) && values.tendency !== DEFAULT_TENDENCY) member.tendency = values.tendency
  if (values.rounding !== 'better') member.rounding = values.rounding
  if (hasStep(system) && values.step !== DEFAULT_STEP) member.step = values.step
  if (values.categories.length > 0) member.categories = values.categories
  return Object.keys(member).length === 0 ? undefined : member
}

const text = v.string()

/** The values' shape; the rules are checked with the document's (zeugnis-check.ts). */
export const zeugnisFormSchema = v.object({
  tendency: text,
  rounding: v.picklist(['better', 'worse']),
  step: text,
  categories: v.array(v.object({ name: text, weight: text })),
})

/** A form path of the section: the server's paths are the form's (zeugnis.categories.1.weight). */
export const isZeugnisPath = (path: string) =>
  /^zeugnis(\.(tendency|rounding|step|categories(\.\d+(\.(name|weight))?)?))?$/.test(path)

/** A setting as the page names it: "Zeugnisnote: Gewicht der Kategorie 2". */
export function zeugnisFieldLabel(path: string): string {
  const row = /^zeugnis\.categories\.(\d+)\.(name|weight)$/.exec(path)
  if (row !== null) {
    const n = String(Number(row[1]) + 1)
    return `Zeugnisnote: ${row[2] === 'name' ? 'Name' : 'Gewicht'} der Kategorie ${n}`
  }
  switch (path) {
    case 'zeugnis.tendency':
      return 'Zeugnisnote: Wert von + und −'
    case 'zeugnis.rounding':
      return 'Zeugnisnote: Durchschnitt genau in der Mitte'
    case 'zeugnis.step':
      return 'Zeugnisnote: Schrittweite'
    default:
      return 'Zeugnisnote: Kategorien'
  }
}
