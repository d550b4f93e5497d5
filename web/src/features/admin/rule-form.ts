import * as v from 'valibot'
import { type DocumentOf, type Rule, type RuleOf } from '@/lib/config'
import { formatConfigNumber } from '@/lib/config-numbers'
import { checkFehlerSetting } from '@/lib/fehler-setting'
import { formSchema } from '@/lib/form-schema'
import { writeDocument } from '@/lib/write-document'
import { parseTypedNumber } from './config-form'
import { MESSAGES, validateConfigDocument } from './config-validation'
import {
  fehlerFieldForPath,
  fehlerFormSchema,
  fehlerMember,
  toFehlerValues,
  type FehlerFormValues,
} from './fehler-form'
import { isTableSystem, readLabel } from './rule-labels'
import { checkZeugnis } from './zeugnis-check'
import {
  isZeugnisPath,
  toZeugnisValues,
  zeugnisFormSchema,
  zeugnisMember,
  type ZeugnisFormValues,
} from './zeugnis-form'

// The form of a table or the Swiss formula (docs/grading-systems.md): a table's system, its rows (grade
// and "ab …") and its percentage basis, or the formula's step, midpoint and pass mark. The kind is the
// loaded rule's and stays (a formula stays Swiss); everything is text as typed. The browser
// checks them with the server's messages (testdata/grading/rule-messages.json, the vectors'
// messages of internal/grading/rule_parse.go), so what it shows before sending is what the server
// would answer; the server's 422 paths (rule.bands.3.from) map to the same fields.

export const RULE_MESSAGES = {
  system: 'Unbekanntes Notensystem.',
  kind: 'Muss „table“ oder „formula“ sein.',
  formulaSystem: 'Die Formel gibt es nur für Schweizer Noten.',
  basis: 'Muss „exact“, „round“ oder „cut“ sein.',
  bandCount: 'Eine Tabelle hat 2 bis 60 Noten.',
  label: 'Keine Note dieses Notensystems.',
  labelOrder: 'Die Noten müssen von der besten zur schlechtesten geordnet sein, jede einmal.',
  fromRange: 'Muss größer als 0 und höchstens 100 sein.',
  fromWhole: 'Bei ganzen Prozent muss die Grenze eine ganze Zahl sein.',
  lastFrom: 'Die letzte Note gilt für alles darunter und hat keine Grenze.',
  fromOrder: 'Muss kleiner als die Grenze der Note {above} sein, sonst bleibt für diese Note nichts.',
  step: 'Muss 0,1, 0,25, 0,5 oder 1 sein.',
  midpoint: 'Muss „up“ oder „down“ sein.',
  pass: 'Muss größer als 0 und kleiner als 100 sein.',
  preset: 'Unbekannte Vorlage.',
  presetDiffers: 'Notensystem und Regel weichen von der Vorlage ab; ohne Vorlage speichern.',
} as const
const messages = RULE_MESSAGES

export type Basis = 'exact' | 'round' | 'cut'
export type Step = '0.1' | '0.25' | '0.5' | '1'

export interface RuleFormValues {
  name: string
  /** A table's system (rule-labels.ts); a formula's is always Switzerland. */
  system: string
  percentage: Basis
  /** Every row's grade and its bound as typed; the last row's bound is unused (it takes the rest). */
  bands: { grade: string; from: string }[]
  step: Step
  midpoint: 'up' | 'down'
  /** The formula's pass mark ("4 ab X %"), empty for none. */
  pass: string
  /** The section "Zeugnisnote" (zeugnis-form.ts). */
  zeugnis: ZeugnisFormValues
  /** Whether teachers may adjust the key for a test (docs/spec.md §10). */
  adjustable: boolean
  /** The section "Sprachrichtigkeit (Fehlerquotient)" (fehler-form.ts). */
  fehlerquotient: FehlerFormValues
}

export const BASIS_LABELS: Record<Basis, string> = {
  exact: 'genau',
  round: 'auf ganze Prozent gerundet',
  cut: 'ganze Prozent abgeschnitten',
}
export const STEP_LABELS: Record<Step, string> = {
  '0.1': 'Zehntel',
  '0.25': 'Viertel',
  '0.5': 'Halbe',
  '1': 'Ganze',
}

const basisOf = (p: string | undefined): Basis => (p === 'round' || p === 'cut' ? p : 'exact')
const stepOf = (s: number | undefined): Step =>
  s === 0.25 || s === 0.5 || s === 1 ? (`${s}` as Step) : '0.1'

/** The kinds of rule this form edits. */
export type RuleKind = 'table' | 'formula'
/** A document of a table or the formula. */
export type RuleFormDocument = DocumentOf<RuleKind>

export function toRuleValues(doc: RuleFormDocument): RuleFormValues {
  const { rule } = doc
  const table = rule.kind === 'table' ? rule : undefined
  const formula = rule.kind === 'formula' ? rule : undefined
  return {
    name: doc.name,
    system: rule.system,
    percentage: basisOf(table?.percentage),
    bands: (table?.bands ?? []).map((b) => ({ grade: b.grade, from: formatConfigNumber(b.from) })),
    step: stepOf(formula?.step),
    midpoint: formula?.midpoint === 'down' ? 'down' : 'up',
    pass: formatConfigNumber(formula?.pass),
    zeugnis: toZeugnisValues(doc.zeugnis),
    adjustable: doc.adjustable !== false,
    fehlerquotient: toFehlerValues(doc.fehlerquotient),
  }
}

/** The form field of a server path (rule.bands.3.from → bands.3.from); null for paths it has no field for. */
export function fieldForRulePath(path: string): string | null {
  if (path === 'name' || path === 'system' || (isZeugnisPath(path) && path !== 'zeugnis')) return path
  const fehler = fehlerFieldForPath(path)
  if (fehler !== null) return fehler
  const m = /^rule\.(bands|bands\.\d+\.(?:from|grade)|percentage|step|midpoint|pass)$/.exec(path)
  return m?.[1] ?? null
}

export type RuleCheck = { ok: true; doc: RuleFormDocument } | { ok: false; errors: Record<string, string> }

/** Whether two rules are one: the same system and kind, and the same numbers as the server writes them. */
const sameRule = (a: Rule, b: Rule) =>
  JSON.stringify(writeDocument({ name: '', rule: a })) ===
  JSON.stringify(writeDocument({ name: '', rule: b }))

/**
 * The document the form stands for, or its errors by field. `base` is the loaded document: its kind
 * stays, and it keeps naming its preset only while system and rule are still the preset's (the server
 * refuses a changed rule under a preset's name). `named: false` leaves the name unchecked (a new table,
 * named in the next step).
 */
export function checkRuleForm(values: RuleFormValues, base: RuleFormDocument, named = true): RuleCheck {
  const errors: Record<string, string> = {}
  const name = named ? validateConfigDocument({ name: values.name }).name : undefined
  if (name !== undefined) errors.name = name
  const formula = base.rule.kind === 'formula'
  const system = formula ? base.rule.system : values.system
  const rule = formula ? formulaRule(values, system, errors) : tableRule(values, errors)
  const member = zeugnisMember(values.zeugnis, system)
  const zeugnis =
    member === undefined ? undefined : checkZeugnis(member, system, (p, m) => (errors[p] ??= m), MESSAGES)
  const fehlerValue = fehlerMember(values.fehlerquotient)
  const fehler =
    fehlerValue === undefined
      ? undefined
      : checkFehlerSetting(fehlerValue, (p, m) => (errors[fehlerFieldForPath(p) ?? p] ??= m), MESSAGES)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const doc: RuleFormDocument = { name: values.name, rule }
  if (base.preset !== undefined && sameRule(rule, base.rule)) doc.preset = base.preset
  if (zeugnis !== undefined) doc.zeugnis = zeugnis
  if (fehler !== undefined) doc.fehlerquotient = fehler
  if (!values.adjustable) doc.adjustable = false
  return { ok: true, doc }
}

// As internal/grading's tableRow and tableOrder: the count first, then each row on its own, then the
// grades and bounds of the rows that were valid against those above them.
function tableRule(values: RuleFormValues, errors: Record<string, string>): RuleOf<'table'> {
  const { system } = values
  if (!isTableSystem(system)) errors.system = messages.system
  const n = values.bands.length
  if (n < 2 || n > 60) {
    errors.bands = messages.bandCount
    return { kind: 'table', system, percentage: values.percentage, bands: [] }
  }
  const whole = values.percentage !== 'exact'
  let above: { from: number; grade: string } | null = null
  let rank: bigint | null = null
  const bands = values.bands.map((row, i) => {
    const label = isTableSystem(system) ? readLabel(system, row.grade) : null
    const band = { grade: label?.text ?? row.grade }
    if (label === null && isTableSystem(system)) errors[`bands.${String(i)}.grade`] = messages.label
    if (label !== null) {
      if (rank !== null && label.rank <= rank) errors[`bands.${String(i)}.grade`] = messages.labelOrder
      rank = label.rank
    }
    if (i === n - 1) return band
    const path = `bands.${String(i)}.from`
    const typed = parseTypedNumber(row.from)
    let message = typed.ok ? null : typed.message
    if (typed.ok && (typed.value <= 0 || typed.value > 100)) message = messages.fromRange
    else if (typed.ok && whole && !Number.isInteger(typed.value)) message = messages.fromWhole
    if (message !== null || !typed.ok) {
      errors[path] = message ?? messages.fromRange
      return band
    }
    // as the server: each valid bound below the last valid one, so that no band is left empty
    if (above !== null && typed.value >= above.from)
      errors[path] = messages.fromOrder.replace('{above}', above.grade)
    above = { from: typed.value, grade: band.grade }
    return { ...band, from: typed.value }
  })
  return { kind: 'table', system, percentage: values.percentage, bands }
}

function formulaRule(
  values: RuleFormValues,
  system: string,
  errors: Record<string, string>,
): RuleOf<'formula'> {
  const rule: RuleOf<'formula'> = {
    kind: 'formula',
    system,
    step: Number(values.step),
    midpoint: values.midpoint,
  }
  if (values.pass.trim() === '') return rule
  const typed = parseTypedNumber(values.pass)
  if (!typed.ok) errors.pass = typed.message
  else if (typed.value <= 0 || typed.value >= 100) errors.pass = messages.pass
  else rule.pass = typed.value
  return rule
}

const text = v.string()

/** The form's schema for react-hook-form's valibotResolver; `base` and `named` as checkRuleForm. */
export function ruleFormSchema(base: RuleFormDocument, named = true) {
  return formSchema(
    {
      name: text,
      system: text,
      percentage: v.picklist(['exact', 'round', 'cut']),
      bands: v.array(v.object({ grade: text, from: text })),
      step: v.picklist(['0.1', '0.25', '0.5', '1']),
      midpoint: v.picklist(['up', 'down']),
      pass: text,
      zeugnis: zeugnisFormSchema,
      adjustable: v.boolean(),
      fehlerquotient: fehlerFormSchema,
    },
    (values) => {
      const result = checkRuleForm(values, base, named)
      return result.ok ? {} : result.errors
    },
  )
}
