import * as v from 'valibot'
import { readLiveConfig, type DocumentOf } from '@/lib/config'
import { fitsConfig, formatConfigNumber, toConfigNumber } from '@/lib/config-numbers'
import { formSchema } from '@/lib/form-schema'
import { parseNumber, trimmed } from '@/lib/numbers'
import { checkConfigDocument, MESSAGES } from './config-validation'
import { isOfKind } from './document-kind'
import { fehlerFieldForPath, fehlerFormSchema, fehlerMember, type FehlerFormValues } from './fehler-form'
import { isZeugnisPath, zeugnisFormSchema, zeugnisMember, type ZeugnisFormValues } from './zeugnis-form'

// The editor's form: the five boundaries between the six grades and the four band widths, every
// number the text a person typed (comma or dot), the name as typed. The ends 100 and 0 are fixed.
// Boundary g is grade g's min and grade g+1's max at once, so no gap or overlap can be typed; the
// stored document (docs/spec.md §4, min and max per grade) is derived from the form. Validation builds that
// document and runs validateConfigDocument's rules on it, then maps each document path to the form
// field, so the form shows the server's messages where they still apply; the one rule the form
// words itself is the order of the boundaries (the document's "min < max").

export const GRADE_NUMBERS = [1, 2, 3, 4, 5, 6] as const
export type GradeNumber = (typeof GRADE_NUMBERS)[number]

/** Boundary g lies between grade g and grade g + 1: grade g's min, grade g + 1's max. */
export const BOUNDARY_NUMBERS = [1, 2, 3, 4, 5] as const
export type BoundaryNumber = (typeof BOUNDARY_NUMBERS)[number]

export const WIDTH_FIELDS = ['generalMinus', 'generalNormal', 'oneMinus', 'sixNormal'] as const
export type WidthField = (typeof WIDTH_FIELDS)[number]
export type BoundaryField = `boundary${BoundaryNumber}`
export type NumberField = BoundaryField | WidthField
export type ConfigFormField = 'name' | NumberField
/** The editor's values; `zeugnis`, the section "Zeugnisnote", only in the editor of a stored scale. */
export type ConfigFormValues = Record<ConfigFormField, string> & {
  zeugnis?: ZeugnisFormValues | undefined
  /** Whether teachers may adjust the key for a test (docs/spec.md §10); only in the editor of a stored scale. */
  adjustable?: boolean | undefined
  /** The section "Sprachrichtigkeit (Fehlerquotient)" (fehler-form.ts); only in the editor of a stored scale. */
  fehlerquotient?: FehlerFormValues | undefined
}
/** The form's errors by field; a Zeugnisnote setting by its path (zeugnis.categories.1.weight). */
export type ConfigFormErrors = Partial<Record<string, string>>

export const boundaryOf = (b: BoundaryNumber): BoundaryField => `boundary${b}`

const BOUNDARY_FIELDS: readonly BoundaryField[] = BOUNDARY_NUMBERS.map(boundaryOf)
export const FORM_FIELDS: readonly ConfigFormField[] = ['name', ...BOUNDARY_FIELDS, ...WIDTH_FIELDS]
const NUMBER_FIELDS: readonly NumberField[] = [...BOUNDARY_FIELDS, ...WIDTH_FIELDS]

/** What the field is called on the page (its label or accessible name). */
export function fieldLabel(field: ConfigFormField): string {
  switch (field) {
    case 'name':
      return 'Name'
    case 'generalMinus':
      return 'Minus-Bereich'
    case 'generalNormal':
      return 'Normal-Bereich'
    case 'oneMinus':
      return 'Note 1: Minus-Bereich'
    case 'sixNormal':
      return 'Note 6: Normal-Bereich'
    default: {
      const b = Number(field.slice('boundary'.length))
      return `Grenze zwischen Note ${String(b)} und ${String(b + 1)}`
    }
  }
}

/** Where a document path is shown in the form; null for paths the form has no field for (the fixed ends). */
export function fieldForPath(path: string): ConfigFormField | null {
  if (path === 'name') return 'name'
  const bound = /^grades\.([1-6])(?:\.(min|max))?$/.exec(path)
  if (bound !== null) {
    // grade g's min is boundary g; its max is boundary g − 1 (grade 1's max is the fixed 100)
    const b = Number(bound[1]) - (bound[2] === 'max' ? 1 : 0)
    return b >= 1 && b <= 5 ? boundaryOf(b as BoundaryNumber) : null
  }
  switch (path) {
    case 'schema.general':
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
    default:
      return null
  }
}

/** The form of a document of widths: boundary g is grade g's min (equal to grade g + 1's max when valid). */
export function toFormValues({ name, rule }: DocumentOf<'widths'>): ConfigFormValues {
  const { grades, schema } = rule
  const values = { name } as ConfigFormValues
  for (const b of BOUNDARY_NUMBERS) values[boundaryOf(b)] = formatConfigNumber(grades[b].min)
  values.generalMinus = formatConfigNumber(schema.general?.minus)
  values.generalNormal = formatConfigNumber(schema.general?.normal)
  values.oneMinus = formatConfigNumber(schema['1']?.minus)
  values.sixNormal = formatConfigNumber(schema['6']?.normal)
  return values
}

export type TypedNumber = { ok: true; value: number } | { ok: false; message: string; empty: boolean }

/**
 * Reads a typed number as the calculator does (lib/numbers.ts), judging decimal places on the exact
 * value, so that "1,000000000000000000001" is not silently rounded to 1.
 */
export function parseTypedNumber(text: string): TypedNumber {
  if (trimmed(text) === '') return { ok: false, message: MESSAGES.required, empty: true }
  const x = parseNumber(text)
  if (x === null) return { ok: false, message: MESSAGES.number, empty: false }
  if (!fitsConfig(x)) return { ok: false, message: MESSAGES.decimals, empty: false }
  return { ok: true, value: toConfigNumber(x) }
}

/** The document the form stands for; a field that is not a number stays text (and unusable). */
function toDocument(values: ConfigFormValues): Record<string, unknown> {
  const n = (field: NumberField): unknown => {
    const typed = parseTypedNumber(values[field])
    return typed.ok ? typed.value : typed.empty ? undefined : values[field]
  }
  const min = (g: GradeNumber) => (g === 6 ? 0 : n(boundaryOf(g)))
  const max = (g: GradeNumber) => (g === 1 ? 100 : n(boundaryOf((g - 1) as BoundaryNumber)))
  const grades: Record<string, unknown> = {}
  for (const g of GRADE_NUMBERS) grades[String(g)] = withoutUndefined({ min: min(g), max: max(g) })
  const zeugnis = values.zeugnis === undefined ? undefined : zeugnisMember(values.zeugnis, '')
  return withoutUndefined({
    name: values.name,
    grades,
    schema: {
      general: withoutUndefined({ minus: n('generalMinus'), normal: n('generalNormal') }),
      '1': withoutUndefined({ minus: n('oneMinus') }),
      '6': withoutUndefined({ normal: n('sixNormal') }),
    },
    zeugnis,
    fehlerquotient: values.fehlerquotient === undefined ? undefined : fehlerMember(values.fehlerquotient),
    adjustable: values.adjustable === false ? false : undefined,
  })
}

function withoutUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
}

const percent = (x: number) => `${formatConfigNumber(x)} %`

/**
 * The boundaries must fall from 100 to 0. A pair out of order is reported at both of its boundary
 * fields, each message naming the other value, because either of the two may be the one to fix.
 * Only values that are usable on their own are compared, each with the next usable one.
 */
function orderErrors(usable: (field: NumberField) => number | null): ConfigFormErrors {
  const errors: ConfigFormErrors = {}
  // the ends as boundaries 0 (100) and 6 (0), then every usable boundary between them
  const known: { b: number; value: number }[] = [{ b: 0, value: 100 }]
  for (const b of BOUNDARY_NUMBERS) {
    const value = usable(boundaryOf(b))
    if (value !== null) known.push({ b, value })
  }
  known.push({ b: 6, value: 0 })
  const name = (b: number) => `die Grenze zwischen Note ${String(b)} und ${String(b + 1)}`
  for (let i = 1; i < known.length; i++) {
    const upper = known[i - 1]
    const lower = known[i]
    if (upper === undefined || lower === undefined || lower.value < upper.value) continue
    if (lower.b <= 5) {
      errors[boundaryOf(lower.b as BoundaryNumber)] ??=
        upper.b === 0
          ? 'Muss kleiner als 100 sein.'
          : `Muss kleiner sein als ${name(upper.b)} (${percent(upper.value)}).`
    }
    if (upper.b >= 1) {
      errors[boundaryOf(upper.b as BoundaryNumber)] ??=
        lower.b === 6
          ? 'Muss größer als 0 sein.'
          : `Muss größer sein als ${name(lower.b)} (${percent(lower.value)}).`
    }
  }
  return errors
}

export type FormCheck = { ok: true; doc: DocumentOf<'widths'> } | { ok: false; errors: ConfigFormErrors }

/**
 * The form's errors by field: the typed text's own problem first, then the document's rules on
 * each value (range, decimals, the sum of the widths), then the order of the boundaries.
 */
export function checkConfigForm(values: ConfigFormValues): FormCheck {
  const result = checkConfigDocument(toDocument(values))
  const errors: ConfigFormErrors = {}
  for (const field of NUMBER_FIELDS) {
    const typed = parseTypedNumber(values[field])
    if (!typed.ok) errors[field] = typed.message
  }
  const documentErrors = result.ok ? [] : Object.entries(result.fields)
  // "min < max" is worded for boundaries by orderErrors; it stays only as a fallback
  for (const [path, message] of documentErrors) {
    const field = fieldForPath(path)
    if (field !== null && message !== MESSAGES.minMax) errors[field] ??= message
  }
  const usable = (field: NumberField) => {
    const typed = parseTypedNumber(values[field])
    return typed.ok && errors[field] === undefined ? typed.value : null
  }
  for (const [field, message] of Object.entries(orderErrors(usable))) errors[field] ??= message
  for (const [path, message] of documentErrors) {
    const field = isZeugnisPath(path) ? path : (fehlerFieldForPath(path) ?? fieldForPath(path))
    if (field !== null) errors[field] ??= message
  }
  if (result.ok && Object.keys(errors).length === 0) {
    // the valid document, read as every document is, into its rule of widths (through the version
    // reader: the calculator route's chunk exports it already; its document reader would cost it bytes)
    const doc = readLiveConfig({ version: 0, savedAt: '', config: result.config })?.config
    if (doc !== undefined && isOfKind(doc, ['widths'])) return { ok: true, doc }
  }
  return { ok: false, errors: orderedErrors(errors) }
}

/** The errors in the order of the fields on the page, so that a list of them reads top to bottom. */
function orderedErrors(errors: ConfigFormErrors): ConfigFormErrors {
  const out: ConfigFormErrors = {}
  for (const field of FORM_FIELDS) if (errors[field] !== undefined) out[field] = errors[field]
  for (const [path, message] of Object.entries(errors)) if (isZeugnisPath(path)) out[path] = message
  for (const [path, message] of Object.entries(errors))
    if (fehlerFieldForPath(path) !== null) out[path] = message
  return out
}

const text = v.string()

/** The form's schema for react-hook-form's valibotResolver: every message is checkConfigForm's. */
export const configFormSchema = formSchema(
  {
    name: text,
    boundary1: text,
    boundary2: text,
    boundary3: text,
    boundary4: text,
    boundary5: text,
    generalMinus: text,
    generalNormal: text,
    oneMinus: text,
    sixNormal: text,
    zeugnis: v.optional(zeugnisFormSchema),
    adjustable: v.optional(v.boolean()),
    fehlerquotient: v.optional(fehlerFormSchema),
  },
  (values) => {
    const result = checkConfigForm(values)
    return result.ok ? {} : result.errors
  },
)
