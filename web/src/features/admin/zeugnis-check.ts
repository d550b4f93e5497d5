import type { ZeugnisSettings } from '@/lib/config'
import { codePointLength } from '@/lib/text'

// The member "zeugnis" of a scale's document (docs/spec.md §9): the TypeScript copy of
// internal/grading/zeugnis.go, with its German messages (testdata/grading/messages.json). The editors
// check the settings through config-validation.ts (the original's shape) and rule-form.ts (rule
// documents), so the vectors of both shapes bind this file to the server.

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
  weight: 'Muss eine Zahl größer als 0 sein, z. B. 2 oder 0,5.',
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

/** The systems whose grades are 1 to 6 with + and −, where a tendency applies; '' is the original's shape. */
export const hasTendency = (system: string) =>
  system === '' || system === 'noten-plus-minus' || system === 'noten' || system === 'noten-dezimal'
export const hasStep = (system: string) => system === 'schweiz'

// As internal/zeugnis reads them: spaces and tabs around the text are cut, a comma or a dot.
const TENDENCIES: Record<string, string> = {
  '0,3': '0,3',
  '0.3': '0,3',
  '0,25': '0,25',
  '0.25': '0,25',
  '1/3': '1/3',
}
const STEPS: Record<string, string> = { '0,5': '0,5', '0.5': '0,5', '1': '1', '0,1': '0,1', '0.1': '0,1' }
const WEIGHT = /^[0-9]{1,9}([.,][0-9]{1,6})?$/
const NAME_REFUSED = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
const cut = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '')
/** What Go's strings.TrimSpace cuts: Unicode white space. */
const trimSpace = (s: string) => s.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')

type JsonObject = Record<string, unknown>
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A weight as docs/spec.md §9 reads it, written with a comma; null when it is none. */
export function canonicalWeight(text: string): string | null {
  const t = cut(text)
  if (!WEIGHT.test(t) || !/[1-9]/.test(t)) return null
  return t.replace('.', ',')
}

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
      const canonical = TENDENCIES[cut(tendency)]
      if (canonical === undefined) add('zeugnis.tendency', ZEUGNIS_MESSAGES.tendency)
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
      const canonical = STEPS[cut(step)]
      if (canonical === undefined) add('zeugnis.step', ZEUGNIS_MESSAGES.zeugnisStep)
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
