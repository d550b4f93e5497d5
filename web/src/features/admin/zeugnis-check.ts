import type { ZeugnisSettings } from '@/lib/config'
import { codePointLength } from '@/lib/text'
import { canonicalStep, canonicalTendency, canonicalWeight, documentScale } from '@/lib/zeugnis'

// The member "zeugnis" of a scale's document (docs/spec.md §9): the TypeScript copy of
// internal/grading/zeugnis.go, with its German messages (testdata/grading/messages.json). The editors
// check the settings through config-validation.ts (the original's shape) and rule-form.ts (rule
// documents), so the vectors of both shapes bind this file to the server. What a tendency, a step and a
// weight are is lib/zeugnis.ts's, which the Zeugnisnote reads too.

export const ZEUGNIS_MESSAGES = {
  list: 'Muss eine Liste sein.',
  tendency: 'Muss 0,3, 0,25 oder 1/3 sein.',
  tendencySystem: 'Eine Tendenz für + und − gibt es nur bei Noten von 1 bis 6.',
  rounding: 'Muss „better“ oder „worse“ sein.',
  zeugnisStep: 'Muss 0,5, 1 oder 0,1 sein.',
  zeugnisStepOnly: 'Eine Schrittweite gibt es nur bei Schweizer Noten.',
  categoryCount: '1 bis 10 Kategorien.',
  categoryName: 'Der Name muss 1 bis 40 Zeichen lang sein.',
  categoryTwice: 'Diese Kategorie gibt es schon.',
  weight:
    'Muss eine Zahl größer als 0 mit höchstens 9 Stellen vor und 6 nach dem Komma sein, z. B. 2 oder 0,5.',
} as const

/** The messages this check shares with the rest of a document's (config-validation.ts). */
export interface CommonMessages {
  required: string
  text: string
  object: string
  unknown: string
  nameChars: string
}

export const MAX_CATEGORIES = 10

/** Whether a document's system ('' the original's shape) has a tendency for + and − (grades 1 to 6). */
export const hasTendency = (system: string) => documentScale(system)?.tendency === true
/** Whether a document's system has a step of the proposal to set (Swiss grades). */
export const hasStep = (system: string) => documentScale(system)?.stepSetting === true

const NAME_REFUSED = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
/** What Go's strings.TrimSpace cuts: Unicode white space. */
const trimSpace = (s: string) => s.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')

type JsonObject = Record<string, unknown>
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Checks the member at `zeugnis` of a document of `system` ('' the original's shape, null an unknown
 * system: no system-bound setting is judged then). `add` reports a path's message; the settings come
 * back canonical (undefined when none is set).
 */
export function checkZeugnis(
  value: unknown,
  system: string | null,
  add: (path: string, message: string) => void,
  common: CommonMessages,
): ZeugnisSettings | undefined {
  if (!isObject(value)) {
    add('zeugnis', common.object)
    return undefined
  }
  const out: ZeugnisSettings = {}
  for (const key of Object.keys(value))
    if (!['tendency', 'rounding', 'step', 'categories'].includes(key)) add(`zeugnis.${key}`, common.unknown)
  const text = (key: string): string | null => {
    if (!Object.hasOwn(value, key)) return null
    const v = value[key]
    if (typeof v === 'string') return v
    add(`zeugnis.${key}`, common.text)
    return null
  }
  const tendency = text('tendency')
  if (tendency !== null) {
    if (system !== null && !hasTendency(system)) add('zeugnis.tendency', ZEUGNIS_MESSAGES.tendencySystem)
    else {
      const canonical = canonicalTendency(tendency)
      if (canonical === null) add('zeugnis.tendency', ZEUGNIS_MESSAGES.tendency)
      else out.tendency = canonical
    }
  }
  const rounding = text('rounding')
  if (rounding !== null) {
    if (rounding === 'better' || rounding === 'worse') out.rounding = rounding
    else add('zeugnis.rounding', ZEUGNIS_MESSAGES.rounding)
  }
  const step = text('step')
  if (step !== null) {
    if (system !== null && !hasStep(system)) add('zeugnis.step', ZEUGNIS_MESSAGES.zeugnisStepOnly)
    else {
      const canonical = canonicalStep(step)
      if (canonical === null) add('zeugnis.step', ZEUGNIS_MESSAGES.zeugnisStep)
      else out.step = canonical
    }
  }
  if (Object.hasOwn(value, 'categories')) {
    const categories = checkCategories(value.categories, add, common)
    if (categories !== undefined) out.categories = categories
  }
  return Object.keys(out).length === 0 ? undefined : out
}

function checkCategories(
  value: unknown,
  add: (path: string, message: string) => void,
  common: CommonMessages,
): ZeugnisSettings['categories'] {
  if (!Array.isArray(value)) {
    add('zeugnis.categories', ZEUGNIS_MESSAGES.list)
    return undefined
  }
  if (value.length < 1 || value.length > MAX_CATEGORIES) {
    add('zeugnis.categories', ZEUGNIS_MESSAGES.categoryCount)
    return undefined
  }
  const seen = new Set<string>()
  return value.map((row: unknown, i) => {
    const path = `zeugnis.categories.${String(i)}`
    const category = { name: '', weight: '' }
    if (!isObject(row)) {
      add(path, common.object)
      return category
    }
    for (const key of Object.keys(row))
      if (key !== 'name' && key !== 'weight') add(`${path}.${key}`, common.unknown)
    if (!Object.hasOwn(row, 'name')) add(`${path}.name`, common.required)
    else if (typeof row.name !== 'string') add(`${path}.name`, common.text)
    else {
      category.name = trimSpace(row.name)
      const n = codePointLength(category.name)
      if (n < 1 || n > 40) add(`${path}.name`, ZEUGNIS_MESSAGES.categoryName)
      else if (NAME_REFUSED.test(category.name)) add(`${path}.name`, common.nameChars)
      else if (seen.has(category.name)) add(`${path}.name`, ZEUGNIS_MESSAGES.categoryTwice)
      seen.add(category.name)
    }
    if (!Object.hasOwn(row, 'weight')) add(`${path}.weight`, common.required)
    else if (typeof row.weight !== 'string') add(`${path}.weight`, common.text)
    else {
      const weight = canonicalWeight(row.weight)
      if (weight === null) add(`${path}.weight`, ZEUGNIS_MESSAGES.weight)
      else category.weight = weight
    }
    return category
  })
}
