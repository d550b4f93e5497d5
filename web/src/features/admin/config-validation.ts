import * as v from 'valibot'
import type { ZeugnisSettings } from '@/lib/config'
import { checkFehlerSetting, FEHLER_SETTING_MESSAGES, type FehlerSetting } from '@/lib/fehler-setting'
import { firstIssue } from '@/lib/form-schema'
import { codePointLength } from '@/lib/text'
import { checkZeugnis, ZEUGNIS_MESSAGES } from './zeugnis-check'

// The validation of a configuration document (docs/spec.md §4) with the server's German messages, path for
// path: the TypeScript copy of internal/grading (parse.go, validate.go). testdata/grading/
// invalid-configs.json holds documents with their complete expected field maps; both test suites
// read it. The editor validates through this function too (config-form.ts), so what it shows
// before sending is what the server would answer.
//
// As in Go, each path reports one message, the most basic first: type, then decimals, then range,
// then the relations (the endpoint rules of grades 1 and 6, min < max, adjacency, the sum of the
// general widths), and relations only between values that are valid on their own. A width given
// under its alias is reported at the alias path. Repeated keys ("Doppelt angegeben.") cannot be
// seen after JSON.parse; only the server reports them.

export const MESSAGES = {
  required: 'Pflichtfeld.',
  number: 'Muss eine Zahl sein.',
  text: 'Muss ein Text sein.',
  object: 'Muss ein Objekt sein.',
  decimals: 'Höchstens 4 Nachkommastellen.',
  range: 'Muss zwischen 0 und 100 liegen.',
  minMax: 'Das Minimum muss kleiner als das Maximum sein.',
  max1: 'Das Maximum der Note 1 muss 100 sein.',
  min6: 'Das Minimum der Note 6 muss 0 sein.',
  adjacent: 'Muss dem Maximum der Note {next} entsprechen (keine Lücke, keine Überschneidung).',
  sum: 'Minus- und Normalbereich zusammen dürfen 100 nicht überschreiten.',
  nameLength: 'Der Name muss 1 bis 80 Zeichen lang sein.',
  nameBlank: 'Der Name darf nicht nur aus Leerzeichen bestehen.',
  nameChars: 'Der Name darf keine unsichtbaren Steuerzeichen enthalten.',
  unknown: 'Unbekanntes Feld.',
  gradeMissing: 'Note {grade} fehlt.',
  alias: 'Nur eines von „{name}“ und „{alias}“ angeben.',
  duplicate: 'Doppelt angegeben.',
  boolean: 'Muss true oder false sein.',
  ...ZEUGNIS_MESSAGES,
  ...FEHLER_SETTING_MESSAGES,
} as const

const msgAdjacent = (next: number) => MESSAGES.adjacent.replace('{next}', String(next))
const msgGradeMissing = (grade: number) => MESSAGES.gradeMissing.replace('{grade}', String(grade))
const msgAlias = (name: string, alias: string) =>
  MESSAGES.alias.replace('{name}', name).replace('{alias}', alias)

/** A complete, valid configuration under its canonical names. */
export interface CanonicalConfig {
  name: string
  grades: Record<'1' | '2' | '3' | '4' | '5' | '6', { min: number; max: number }>
  schema: { general: { minus: number; normal: number }; '1': { minus: number }; '6': { normal: number } }
  zeugnis?: ZeugnisSettings
  /** The conversion of the Fehlerquotient (docs/spec.md §13), lib/fehler-setting.ts. */
  fehlerquotient?: FehlerSetting
  /** false: the key is binding (docs/spec.md §10); true, the default, is never written. */
  adjustable?: false
}

const SCALE = 10_000 // values are compared as integers of ten-thousandths of a percent
const HUNDRED = 100 * SCALE
const MAX_NAME = 80

/** Decimal places of a number's value: 85 → 0, 33.33 → 2, 1e-7 → 7 (toString may use exponents). */
function decimalPlaces(x: number): number {
  const [mantissa = '', exponent = '0'] = Math.abs(x).toString().split('e')
  const fraction = mantissa.split('.')[1] ?? ''
  return Math.max(0, fraction.length - Number(exponent))
}

// The leaves are valibot schemas: the first issue is the one message of the path.
const percentSchema = v.pipe(
  v.number(MESSAGES.number),
  v.finite(MESSAGES.number), // as the server: no infinity
  v.check((x) => decimalPlaces(x) <= 4, MESSAGES.decimals),
  v.check((x) => x >= 0 && x <= 100, MESSAGES.range),
)

// Control and format characters (bidi controls, zero-width space, soft hyphen) and line separators, as
// internal/grading (nameRuneRefused) refuses them; the zero-width joiner and non-joiner stay (emoji).
const NAME_REFUSED = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

const nameSchema = v.pipe(
  v.string(MESSAGES.text),
  v.check((s) => codePointLength(s) >= 1 && codePointLength(s) <= MAX_NAME, MESSAGES.nameLength),
  v.check((s) => s.replace(/\p{White_Space}/gu, '') !== '', MESSAGES.nameBlank),
  v.check((s) => !NAME_REFUSED.test(s), MESSAGES.nameChars),
)

type Field =
  | 'min1'
  | 'max1'
  | 'min2'
  | 'max2'
  | 'min3'
  | 'max3'
  | 'min4'
  | 'max4'
  | 'min5'
  | 'max5'
  | 'min6'
  | 'max6'
  | 'generalMinus'
  | 'generalNormal'
  | 'oneMinus'
  | 'sixNormal'

const minField = (g: number) => `min${String(g)}` as Field
const maxField = (g: number) => `max${String(g)}` as Field

type JsonObject = Record<string, unknown>

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** One pass over a document: the field errors, and the usable values with the path each came from. */
class Checker {
  readonly errors: Record<string, string> = {}
  readonly values = new Map<Field, { value: number; path: string }>()
  name: string | null = null
  zeugnis: ZeugnisSettings | undefined
  fehler: FehlerSetting | undefined
  binding = false

  add(path: string, message: string) {
    this.errors[path] ??= message
  }

  /** The members of the object at path with only the allowed keys; null when it is no object. */
  object(path: string, value: unknown, allowed: readonly string[]): JsonObject | null {
    if (!isObject(value)) {
      this.add(path, MESSAGES.object)
      return null
    }
    return this.known(path, value, allowed)
  }

  known(path: string, value: JsonObject, allowed: readonly string[]): JsonObject {
    const out: JsonObject = {}
    for (const [key, member] of Object.entries(value)) {
      if (allowed.includes(key)) out[key] = member
      else this.add(path === '' ? key : `${path}.${key}`, MESSAGES.unknown)
    }
    return out
  }

  field(path: string, parent: JsonObject, key: string, field: Field) {
    if (!Object.hasOwn(parent, key)) {
      this.add(path, MESSAGES.required)
      return
    }
    const value = parent[key]
    const message = firstIssue(percentSchema, value)
    if (message !== null || typeof value !== 'number') {
      this.add(path, message ?? MESSAGES.number)
      return
    }
    this.values.set(field, { value: Math.round(value * SCALE) + 0, path }) // + 0 turns -0 into 0
  }

  document(doc: unknown) {
    if (!isObject(doc)) {
      // Go calls this malformed (HTTP 400); as a field map it is the whole document.
      this.add('', MESSAGES.object)
      return
    }
    const top = this.known('', doc, ['name', 'grades', 'schema', 'zeugnis', 'fehlerquotient', 'adjustable'])
    if (Object.hasOwn(top, 'name')) {
      const message = firstIssue(nameSchema, top.name)
      if (message !== null) this.add('name', message)
      if (typeof top.name === 'string') this.name = top.name
    } else {
      this.add('name', MESSAGES.required)
    }
    if (Object.hasOwn(top, 'grades')) this.grades(top.grades)
    else this.add('grades', MESSAGES.required)
    if (Object.hasOwn(top, 'schema')) this.schema(top.schema)
    else this.add('schema', MESSAGES.required)
    if (Object.hasOwn(top, 'zeugnis'))
      this.zeugnis = checkZeugnis(
        top.zeugnis,
        '',
        (p, m) => {
          this.add(p, m)
        },
        MESSAGES,
      )
    if (Object.hasOwn(top, 'fehlerquotient'))
      this.fehler = checkFehlerSetting(
        top.fehlerquotient,
        (p, m) => {
          this.add(p, m)
        },
        MESSAGES,
      )
    this.adjustable(top)
  }

  /** The member "adjustable": true (the default) or false (a binding key), nothing else. */
  adjustable(top: JsonObject) {
    if (!Object.hasOwn(top, 'adjustable')) return
    if (typeof top.adjustable !== 'boolean') this.add('adjustable', MESSAGES.boolean)
    else this.binding = !top.adjustable
  }

  grades(value: unknown) {
    const grades = this.object('grades', value, ['1', '2', '3', '4', '5', '6'])
    if (grades === null) return
    for (let g = 1; g <= 6; g++) {
      const path = `grades.${String(g)}`
      if (!Object.hasOwn(grades, String(g))) {
        this.add(path, msgGradeMissing(g))
        continue
      }
      const bounds = this.object(path, grades[String(g)], ['min', 'max'])
      if (bounds === null) continue
      this.field(`${path}.min`, bounds, 'min', minField(g))
      this.field(`${path}.max`, bounds, 'max', maxField(g))
    }
  }

  schema(value: unknown) {
    const schema = this.object('schema', value, ['general', '1', '6'])
    if (schema === null) return
    this.widths('schema.general', schema, 'general', [
      { name: 'minus', alias: '', field: 'generalMinus' },
      { name: 'normal', alias: 'plus', field: 'generalNormal' },
    ])
    this.widths('schema.1', schema, '1', [{ name: 'minus', alias: 'normal', field: 'oneMinus' }])
    this.widths('schema.6', schema, '6', [{ name: 'normal', alias: 'minus', field: 'sixNormal' }])
  }

  /** One schema entry; a value only under its alias is reported there, both names at the alias. */
  widths(
    path: string,
    parent: JsonObject,
    key: string,
    widths: { name: string; alias: string; field: Field }[],
  ) {
    if (!Object.hasOwn(parent, key)) {
      this.add(path, MESSAGES.required)
      return
    }
    const allowed = widths.flatMap((w) => (w.alias === '' ? [w.name] : [w.name, w.alias]))
    const entry = this.object(path, parent[key], allowed)
    if (entry === null) return
    for (const w of widths) {
      const hasAlias = w.alias !== '' && Object.hasOwn(entry, w.alias)
      const hasName = Object.hasOwn(entry, w.name)
      if (hasName && hasAlias) {
        this.add(`${path}.${w.alias}`, msgAlias(w.name, w.alias))
        this.field(`${path}.${w.name}`, entry, w.name, w.field)
      } else if (hasAlias) {
        this.field(`${path}.${w.alias}`, entry, w.alias, w.field)
      } else {
        this.field(`${path}.${w.name}`, entry, w.name, w.field)
      }
    }
  }

  /** The rules between fields, in Go's order, only between usable values. */
  relations() {
    const v = (f: Field) => this.values.get(f)
    const max1 = v('max1')
    if (max1 && max1.value !== HUNDRED) this.add(max1.path, MESSAGES.max1)
    const min6 = v('min6')
    if (min6 && min6.value !== 0) this.add(min6.path, MESSAGES.min6)
    for (let g = 1; g <= 6; g++) {
      const lo = v(minField(g))
      const hi = v(maxField(g))
      if (lo && hi && lo.value >= hi.value) this.add(lo.path, MESSAGES.minMax)
    }
    for (let g = 1; g <= 5; g++) {
      const lo = v(minField(g))
      const below = v(maxField(g + 1))
      if (lo && below && lo.value !== below.value) this.add(lo.path, msgAdjacent(g + 1))
    }
    const minus = v('generalMinus')
    const normal = v('generalNormal')
    if (minus && normal && minus.value + normal.value > HUNDRED) this.add(normal.path, MESSAGES.sum)
  }

  canonical(): CanonicalConfig {
    const n = (f: Field) => (this.values.get(f)?.value ?? 0) / SCALE
    const bounds = (g: number) => ({ min: n(minField(g)), max: n(maxField(g)) })
    const config: CanonicalConfig = {
      name: this.name ?? '',
      grades: {
        '1': bounds(1),
        '2': bounds(2),
        '3': bounds(3),
        '4': bounds(4),
        '5': bounds(5),
        '6': bounds(6),
      },
      schema: {
        general: { minus: n('generalMinus'), normal: n('generalNormal') },
        '1': { minus: n('oneMinus') },
        '6': { normal: n('sixNormal') },
      },
    }
    if (this.zeugnis !== undefined) config.zeugnis = this.zeugnis
    if (this.fehler !== undefined) config.fehlerquotient = this.fehler
    if (this.binding) config.adjustable = false
    return config
  }
}

export type ConfigCheck =
  { ok: true; config: CanonicalConfig } | { ok: false; fields: Record<string, string> }

/** Validates a document and, when it is valid, gives it under the canonical names. */
export function checkConfigDocument(doc: unknown): ConfigCheck {
  const c = new Checker()
  c.document(doc)
  c.relations()
  return Object.keys(c.errors).length === 0
    ? { ok: true, config: c.canonical() }
    : { ok: false, fields: c.errors }
}

/** Every failing field of a document, path → German message; {} when it is valid. */
export function validateConfigDocument(doc: unknown): Record<string, string> {
  const result = checkConfigDocument(doc)
  return result.ok ? {} : result.fields
}
