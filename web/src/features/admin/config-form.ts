import { z } from 'zod/mini'
import type { GradingConfig } from '@/lib/config'
import { checkConfigDocument, MESSAGES, type CanonicalConfig } from './config-validation'

// The editor's form: every number is the text a person typed (comma or dot), the name as typed.
// Validation builds the document the server would receive and runs validateConfigDocument's rules
// on it, then maps each document path to its form field, so the form shows the server's messages.

export const GRADE_NUMBERS = [1, 2, 3, 4, 5, 6] as const
export type GradeNumber = (typeof GRADE_NUMBERS)[number]

export const WIDTH_FIELDS = ['generalMinus', 'generalNormal', 'oneMinus', 'sixNormal'] as const
export type WidthField = (typeof WIDTH_FIELDS)[number]
export type BoundField = `min${GradeNumber}` | `max${GradeNumber}`
export type NumberField = BoundField | WidthField
export type ConfigFormField = 'name' | NumberField
export type ConfigFormValues = Record<ConfigFormField, string>

export const minOf = (g: GradeNumber): BoundField => `min${g}`
export const maxOf = (g: GradeNumber): BoundField => `max${g}`

const NUMBER_FIELDS: readonly NumberField[] = [...GRADE_NUMBERS.flatMap((g) => [minOf(g), maxOf(g)]), ...WIDTH_FIELDS]

/** Where a document path is shown in the form; null for paths the form has no field for. */
export function fieldForPath(path: string): ConfigFormField | null {
  if (path === 'name') return 'name'
  const bound = /^grades\.([1-6])(?:\.(min|max))?$/.exec(path)
  if (bound !== null) return `${bound[2] === 'max' ? 'max' : 'min'}${Number(bound[1]) as GradeNumber}`
  switch (path) {
    case 'schema.general.minus':
      return 'generalMinus'
    case 'schema.general.normal':
    case 'schema.general.plus':
      return 'generalNormal'
    case 'schema.1':
    case 'schema.1.minus':
    case 'schema.1.normal':
      return 'oneMinus'
    case 'schema.6':
    case 'schema.6.normal':
    case 'schema.6.minus':
      return 'sixNormal'
    case 'schema.general':
      return 'generalMinus'
    default:
      return null
  }
}

/** A number as the form shows it: German decimal comma, no exponent ("33,33", "85", "0,0001"). */
export function formatNumber(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return ''
  return x.toFixed(4).replace(/\.?0+$/, '').replace('.', ',').replace(/^-0$/, '0')
}

export function toFormValues(config: GradingConfig): ConfigFormValues {
  const values = { name: config.name } as ConfigFormValues
  for (const g of GRADE_NUMBERS) {
    values[minOf(g)] = formatNumber(config.grades[g].min)
    values[maxOf(g)] = formatNumber(config.grades[g].max)
  }
  values.generalMinus = formatNumber(config.schema.general?.minus)
  values.generalNormal = formatNumber(config.schema.general?.normal)
  values.oneMinus = formatNumber(config.schema['1']?.minus)
  values.sixNormal = formatNumber(config.schema['6']?.normal)
  return values
}

const TYPED_NUMBER = /^[+-]?(?:[0-9]+(?:[.,]([0-9]*))?|[.,]([0-9]+))$/
const MAX_TYPED = 32

export type TypedNumber = { ok: true; value: number } | { ok: false; message: string; empty: boolean }

/**
 * Reads a typed number like the calculator does (SPEC §3: optional sign, digits, one comma or dot),
 * judging decimal places on the text, so that "1,000000000000000000001" is not silently rounded to 1.
 */
export function parseTypedNumber(text: string): TypedNumber {
  const s = text.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')
  if (s === '') return { ok: false, message: MESSAGES.required, empty: true }
  const m = s.length > MAX_TYPED ? null : TYPED_NUMBER.exec(s)
  if (m === null) return { ok: false, message: MESSAGES.number, empty: false }
  const fraction = (m[1] ?? m[2] ?? '').replace(/0+$/, '')
  if (fraction.length > 4) return { ok: false, message: MESSAGES.decimals, empty: false }
  return { ok: true, value: Number(s.replace(',', '.')) + 0 }
}

/** The document the form stands for; a field that is not a number stays text (and unusable). */
function toDocument(values: ConfigFormValues): Record<string, unknown> {
  const n = (field: NumberField): unknown => {
    const typed = parseTypedNumber(values[field])
    return typed.ok ? typed.value : typed.empty ? undefined : values[field]
  }
  const grades: Record<string, unknown> = {}
  for (const g of GRADE_NUMBERS) grades[String(g)] = withoutUndefined({ min: n(minOf(g)), max: n(maxOf(g)) })
  return {
    name: values.name,
    grades,
    schema: {
      general: withoutUndefined({ minus: n('generalMinus'), normal: n('generalNormal') }),
      '1': withoutUndefined({ minus: n('oneMinus') }),
      '6': withoutUndefined({ normal: n('sixNormal') }),
    },
  }
}

function withoutUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
}

export type FormCheck = { ok: true; config: CanonicalConfig } | { ok: false; errors: Partial<ConfigFormValues> }

/** The form's errors by field (the typed text's own problem first, then the document's rules). */
export function checkConfigForm(values: ConfigFormValues): FormCheck {
  const result = checkConfigDocument(toDocument(values))
  if (result.ok) return result
  const errors: Partial<ConfigFormValues> = {}
  for (const field of NUMBER_FIELDS) {
    const typed = parseTypedNumber(values[field])
    if (!typed.ok) errors[field] = typed.message
  }
  for (const [path, message] of Object.entries(result.fields)) {
    const field = fieldForPath(path)
    if (field !== null) errors[field] ??= message
  }
  return { ok: false, errors }
}

/**
 * A preview of the form as a configuration, whatever its state: values that are not numbers
 * become NaN, which the table shows as "? - ?" (lib/grade-table reads them as unknown).
 */
export function previewConfig(values: ConfigFormValues): GradingConfig {
  const n = (field: NumberField) => {
    const typed = parseTypedNumber(values[field])
    return typed.ok ? typed.value : Number.NaN
  }
  const bounds = (g: GradeNumber) => ({ min: n(minOf(g)), max: n(maxOf(g)) })
  return {
    name: values.name,
    grades: { '1': bounds(1), '2': bounds(2), '3': bounds(3), '4': bounds(4), '5': bounds(5), '6': bounds(6) },
    schema: {
      general: { minus: n('generalMinus'), normal: n('generalNormal') },
      '1': { minus: n('oneMinus') },
      '6': { normal: n('sixNormal') },
    },
  }
}

const text = z.string()

/** The zod schema of the form for react-hook-form's zodResolver. */
export const configFormSchema = z
  .object({
    name: text,
    min1: text, max1: text, min2: text, max2: text, min3: text, max3: text,
    min4: text, max4: text, min5: text, max5: text, min6: text, max6: text,
    generalMinus: text, generalNormal: text, oneMinus: text, sixNormal: text,
  })
  .check(
    z.superRefine((values, ctx) => {
      const result = checkConfigForm(values)
      if (result.ok) return
      for (const [field, message] of Object.entries(result.errors)) {
        ctx.addIssue({ code: 'custom', message, path: [field], input: values[field as ConfigFormField] })
      }
    }),
  )
