import { FEHLER_MESSAGES, FEHLER_RULES, type FehlerRule, type FehlerUnit } from './fehlerquotient'
import { codePointLength } from './text'

// A scale's conversion of the Fehlerquotient (docs/spec.md §8, §13), the optional member "fehlerquotient" of
// its document: the TypeScript copy of internal/grading/fehler_setting.go, with its German messages
// (testdata/grading/messages.json), bound to it by the member's cases of the shared document vectors. The
// calculator route keeps the member as it came (lib/config.ts); the admin checks it here (through
// config-validation.ts and rule-form.ts) and the page's Sprachrichtigkeit reads it here, both off the route.

/** The school's own rule: a FehlerRule without id and source (the page calls it „Regel der Schule“). */
export interface SchoolFehlerRule {
  name: string
  unit: FehlerUnit
  steps: { from: string; deduction: number }[]
  max: number
  /** Absent: 0, no minimum (the server does not write 0). */
  minWords?: number
}

/** A published rule by its id, or the school's own. */
export type FehlerSetting = { preset: string } | SchoolFehlerRule

export const FEHLER_SETTING_MESSAGES = {
  fehlerPreset: FEHLER_MESSAGES.regel,
  fehlerPresetAlone: 'Eine veröffentlichte Regel steht allein: keine eigenen Werte daneben.',
  fehlerUnit: 'Muss „notenpunkte“ oder „drittel“ sein.',
  fehlerStepCount: '1 bis 10 Stufen.',
  fehlerFrom:
    'Muss eine Zahl größer als 0 und höchstens 100 mit höchstens 2 Nachkommastellen sein, z. B. 3 oder 3,5.',
  fehlerFromOrder: 'Muss größer als die Schwelle der Stufe davor sein.',
  fehlerDeduction: 'Muss eine ganze Zahl von 1 bis 15 sein.',
  fehlerDeductionOrder: 'Muss größer als der Abzug der Stufe davor sein.',
  fehlerDeductionMax: 'Darf nicht größer als der höchste Abzug sein.',
  fehlerMinWords: 'Muss eine ganze Zahl von 0 bis 100000 sein.',
} as const

/** The messages this check shares with the rest of a document's (features/admin/config-validation.ts). */
export interface DocumentMessages {
  required: string
  number: string
  text: string
  object: string
  unknown: string
  list: string
  nameLength: string
  nameBlank: string
  nameChars: string
}

/** The id of the school's own rule in a result and in the page's select (Go's FehlerSchoolRule). */
export const SCHOOL_RULE_ID = 'schule'
export const SCHOOL_SOURCE = 'Regel der Schule'
export const MAX_FEHLER_STEPS = 10
const MAX_DEDUCTION = 15

const m = FEHLER_SETTING_MESSAGES
const AT = 'fehlerquotient'
const NAME_REFUSED = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
const THRESHOLD = /^([0-9]{1,3})(?:[.,]([0-9]{1,2}))?$/

type JsonObject = Record<string, unknown>
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A threshold as typed in hundredths and as the published rules write it ("3", "3,5", "6,25"; a point read
 * as a comma, trailing zeros dropped); null outside 0 < t ≤ 100 or with more than two decimals.
 */
export function canonicalThreshold(text: string): { text: string; hundredths: number } | null {
  const t = THRESHOLD.exec(text.replace(/^[ \t]+|[ \t]+$/g, ''))
  if (t?.[1] === undefined) return null
  const whole = Number(t[1])
  const frac = Number((t[2] ?? '').padEnd(2, '0'))
  const hundredths = whole * 100 + frac
  if (hundredths <= 0 || hundredths > 10000) return null
  const decimals = String(100 + frac)
    .slice(1)
    .replace(/0+$/, '')
  return { text: frac === 0 ? String(whole) : `${String(whole)},${decimals}`, hundredths }
}

/**
 * Checks the member at `fehlerquotient`: `add` reports a path's message; the setting comes back canonical
 * (undefined when it is refused). As in Go, the paths are checked each on their own, then a step against the
 * one before it and a deduction against a valid maximum; repeated keys only the server sees.
 */
export function checkFehlerSetting(
  value: unknown,
  add: (path: string, message: string) => void,
  common: DocumentMessages,
): FehlerSetting | undefined {
  const seen = { refused: false }
  const report = (path: string, message: string) => {
    seen.refused = true
    add(path, message)
  }
  if (!isObject(value)) {
    report(AT, common.object)
    return undefined
  }
  const out = Object.hasOwn(value, 'preset')
    ? checkPreset(value, report, common)
    : checkOwn(value, report, common)
  return seen.refused ? undefined : out
}

type Report = (path: string, message: string) => void

function checkPreset(value: JsonObject, report: Report, common: DocumentMessages): FehlerSetting {
  for (const key of Object.keys(value)) if (key !== 'preset') report(`${AT}.${key}`, m.fehlerPresetAlone)
  const id = value.preset
  if (typeof id !== 'string') report(`${AT}.preset`, common.text)
  else if (!FEHLER_RULES.some((r) => r.id === id)) report(`${AT}.preset`, m.fehlerPreset)
  return { preset: typeof id === 'string' ? id : '' }
}

/** A JSON number whose value is a whole number from lo to hi. */
function whole(
  value: unknown,
  lo: number,
  hi: number,
  path: string,
  message: string,
  report: Report,
  common: DocumentMessages,
) {
  if (typeof value !== 'number') report(path, common.number)
  else if (!Number.isInteger(value) || value < lo || value > hi) report(path, message)
  else return value
  return null
}

function checkOwn(value: JsonObject, report: Report, common: DocumentMessages): FehlerSetting {
  const out: SchoolFehlerRule = { name: '', unit: 'notenpunkte', steps: [], max: 0 }
  for (const key of Object.keys(value))
    if (!['name', 'unit', 'steps', 'max', 'minWords'].includes(key)) report(`${AT}.${key}`, common.unknown)
  const { name, unit } = value
  if (!Object.hasOwn(value, 'name')) report(`${AT}.name`, common.required)
  else if (typeof name !== 'string') report(`${AT}.name`, common.text)
  else {
    const n = codePointLength(name)
    if (n < 1 || n > 80) report(`${AT}.name`, common.nameLength)
    else if (name.replace(/\p{White_Space}/gu, '') === '') report(`${AT}.name`, common.nameBlank)
    else if (NAME_REFUSED.test(name)) report(`${AT}.name`, common.nameChars)
    out.name = name
  }
  if (!Object.hasOwn(value, 'unit')) report(`${AT}.unit`, common.required)
  else if (typeof unit !== 'string') report(`${AT}.unit`, common.text)
  else if (unit !== 'notenpunkte' && unit !== 'drittel') report(`${AT}.unit`, m.fehlerUnit)
  else out.unit = unit
  let max: number | null = null
  if (!Object.hasOwn(value, 'max')) report(`${AT}.max`, common.required)
  else max = whole(value.max, 1, MAX_DEDUCTION, `${AT}.max`, m.fehlerDeduction, report, common)
  out.max = max ?? 0
  if (Object.hasOwn(value, 'minWords')) {
    const n = whole(value.minWords, 0, 100000, `${AT}.minWords`, m.fehlerMinWords, report, common)
    if (n !== null && n > 0) out.minWords = n
  }
  if (!Object.hasOwn(value, 'steps')) report(`${AT}.steps`, common.required)
  else out.steps = checkSteps(value.steps, max, report, common)
  return out
}

function checkSteps(
  value: unknown,
  max: number | null,
  report: Report,
  common: DocumentMessages,
): SchoolFehlerRule['steps'] {
  const at = `${AT}.steps`
  if (!Array.isArray(value)) {
    report(at, common.list)
    return []
  }
  if (value.length < 1 || value.length > MAX_FEHLER_STEPS) {
    report(at, m.fehlerStepCount)
    return []
  }
  let lastFrom = -1
  let lastDeduction = -1
  return value.map((row: unknown, i) => {
    const path = `${at}.${String(i)}`
    const step = { from: '', deduction: 0 }
    if (!isObject(row)) {
      report(path, common.object)
      return step
    }
    for (const key of Object.keys(row))
      if (key !== 'from' && key !== 'deduction') report(`${path}.${key}`, common.unknown)
    if (!Object.hasOwn(row, 'from')) report(`${path}.from`, common.required)
    else if (typeof row.from !== 'string') report(`${path}.from`, common.text)
    else {
      const t = canonicalThreshold(row.from)
      if (t === null) report(`${path}.from`, m.fehlerFrom)
      else {
        step.from = t.text
        if (t.hundredths <= lastFrom) report(`${path}.from`, m.fehlerFromOrder)
        lastFrom = t.hundredths
      }
    }
    if (!Object.hasOwn(row, 'deduction')) report(`${path}.deduction`, common.required)
    else {
      const d = whole(row.deduction, 1, MAX_DEDUCTION, `${path}.deduction`, m.fehlerDeduction, report, common)
      if (d !== null) {
        step.deduction = d
        if (d <= lastDeduction) report(`${path}.deduction`, m.fehlerDeductionOrder)
        else if (max !== null && d > max) report(`${path}.deduction`, m.fehlerDeductionMax)
        lastDeduction = d
      }
    }
    return step
  })
}

// Only whether the member holds matters where the page reads it, not which message a path would get.
const QUIET: DocumentMessages = {
  required: '',
  number: '',
  text: '',
  object: '',
  unknown: '',
  list: '',
  nameLength: '',
  nameBlank: '',
  nameChars: '',
}

/** A document's member as the page uses it: the canonical setting, or null for none or one it cannot read. */
export function readFehlerSetting(value: unknown): FehlerSetting | null {
  if (value === undefined) return null
  return checkFehlerSetting(value, () => undefined, QUIET) ?? null
}

/** The rule a setting names: the published one, or the school's own („Regel der Schule“, id `schule`). */
export function fehlerRuleOf(setting: FehlerSetting | null): FehlerRule | null {
  if (setting === null) return null
  if ('preset' in setting) return FEHLER_RULES.find((r) => r.id === setting.preset) ?? null
  return { id: SCHOOL_RULE_ID, ...setting, minWords: setting.minWords ?? 0, source: SCHOOL_SOURCE }
}
