import type { components } from './api-types.gen'

// The configuration as the browser receives it (api/openapi.yaml: GET /api/v1/config and every
// SSE `config` event). Read loosely on purpose: a document that lacks a band width still shows, and
// the affected grades read "?" (docs/spec.md §4, defensive); storage validation is the server's job.
// Read by hand, not by a schema library: this runs on the calculator route, whose JS has a budget
// (docs/benchmarks.md), and valibot with these schemas cost about 2 KiB gzip there; the admin's
// answers, off the route, check versions with valibot through this reader (lib/config-schema.ts).

export interface Bounds {
  min: number
  max: number
}

/**
 * The school's Zeugnisnote settings of a scale (docs/spec.md §9), the optional member `zeugnis` of its
 * document in either shape; an absent member is the default of §9.
 */
export interface ZeugnisSettings {
  tendency?: string
  rounding?: 'better' | 'worse'
  step?: string
  categories?: { name: string; weight: string }[]
}

type Grade = '1' | '2' | '3' | '4' | '5' | '6'

/** A scale's document as the server writes it, in the original's shape (docs/spec.md §4). */
export interface GradingConfig {
  name: string
  grades: Record<Grade, Bounds>
  schema: {
    general?: { minus?: number; normal?: number }
    '1'?: { minus?: number }
    '6'?: { normal?: number }
  }
  zeugnis?: ZeugnisSettings | undefined
  /**
   * The scale's conversion of the Fehlerquotient (docs/spec.md §13) as received: kept, not read, on this
   * route; lib/fehler-setting.ts reads it where it is used.
   */
  fehlerquotient?: unknown
  /** false: the school's key is binding, teachers may not adjust it for a test (docs/spec.md §10); absent: they may. */
  adjustable?: boolean | undefined
}

/** A scale's document as the server writes it for every other system (docs/grading-systems.md). */
export interface RuleDocument {
  name: string
  system: string
  preset?: string | undefined
  rule: {
    kind: string
    percentage?: string | undefined
    bands?: { grade: string; from?: number }[] | undefined
    step?: number | undefined
    midpoint?: string | undefined
    pass?: number | undefined
  }
  zeugnis?: ZeugnisSettings | undefined
  /**
   * The scale's conversion of the Fehlerquotient (docs/spec.md §13) as received: kept, not read, on this
   * route; lib/fehler-setting.ts reads it where it is used.
   */
  fehlerquotient?: unknown
  /** false: the school's key is binding, teachers may not adjust it for a test (docs/spec.md §10); absent: they may. */
  adjustable?: boolean | undefined
}

/**
 * A scale's rule, of one of three kinds (as internal/grading's Rule): the original's bounds and widths,
 * the kind `widths` of 1–6 with + and − (docs/spec.md §4); a table of "ab" bounds; the Swiss formula.
 */
export type Rule =
  | {
      kind: 'widths'
      system: 'noten-plus-minus'
      grades: GradingConfig['grades']
      schema: GradingConfig['schema']
    }
  | {
      kind: 'table'
      system: string
      percentage?: string | undefined
      bands: { grade: string; from?: number }[]
    }
  | {
      kind: 'formula'
      system: string
      step?: number | undefined
      midpoint?: string | undefined
      pass?: number | undefined
    }

/** The rule of one kind. */
export type RuleOf<K extends Rule['kind']> = Extract<Rule, { kind: K }>

/**
 * What a scale stores and the stream sends, as the app reads it: a name, a rule, and the Zeugnisnote
 * settings; `preset` names the preset whose document it is. Which of the two shapes the server wrote it
 * in is known only to readGradingConfig, which reads both, and writeDocument (write-document.ts), which writes it back in
 * its shape (the kind `widths` in the original's), the same JSON as the server sent.
 */
export interface ScaleDocument {
  name: string
  preset?: string | undefined
  rule: Rule
  zeugnis?: ZeugnisSettings | undefined
  /**
   * The scale's conversion of the Fehlerquotient (docs/spec.md §13) as received: kept, not read, on this
   * route; lib/fehler-setting.ts reads it where it is used.
   */
  fehlerquotient?: unknown
  /** false: the school's key is binding, teachers may not adjust it for a test (docs/spec.md §10); absent: they may. */
  adjustable?: boolean | undefined
}

/** A document whose rule is of one of the kinds K. */
export type DocumentOf<K extends Rule['kind']> = ScaleDocument & { rule: RuleOf<K> }

/** A document in the shape the server writes and takes. */
export type WrittenDocument = GradingConfig | RuleDocument

export interface LiveConfig {
  version: number
  savedAt: string
  /** Only in admins' answers (PUT, history, conflict): the public stream names no account. */
  savedBy?: string
  config: ScaleDocument
  /** Only in a scale's answers (GET /scales/{slug}, its stream) when the scale is archived. */
  archived?: boolean
}

/**
 * A version as the contract promises it (api/openapi.yaml: ConfigVersion, the data of every
 * `config` event). The stream is untrusted input, so it is still checked at run time, by
 * readLiveConfig, which must accept every such version (api-types.test.ts).
 */
export type ContractConfigVersion = components['schemas']['ConfigVersion']

// A reader takes a value and gives the members it knows, or FAIL when the value is not what it reads.
const FAIL = Symbol('not read')
type Read<T> = (x: unknown) => T | typeof FAIL
type Got<R> = Exclude<R extends Read<infer T> ? T : never, typeof FAIL>
// What object() gives: a member whose reader may give undefined is optional (and left out then).
type Out<M> = { [K in keyof M as undefined extends Got<M[K]> ? never : K]: Got<M[K]> } & {
  [K in keyof M as undefined extends Got<M[K]> ? K : never]?: Exclude<Got<M[K]>, undefined>
}

const typed =
  <T>(type: string): Read<T> =>
  (x) =>
    typeof x === type ? (x as T) : FAIL
const num = typed<number>('number')
const str = typed<string>('string')
const bool = typed<boolean>('boolean')
const int: Read<number> = (x) => (Number.isInteger(x) ? (x as number) : FAIL)

/** An optional member: absent (undefined) is fine, anything else is read by `read`. */
const opt =
  <T>(read: Read<T>): Read<T | undefined> =>
  (x) =>
    x === undefined ? undefined : read(x)

const list =
  <T>(read: Read<T>): Read<T[]> =>
  (x) => {
    if (!Array.isArray(x)) return FAIL
    const out = x.map(read)
    return out.includes(FAIL) ? FAIL : (out as T[])
  }

/** An object with these members, and only these: every other member is dropped. */
function object<M extends Record<string, Read<unknown>>>(members: M): Read<Out<M>> {
  return (x) => {
    if (typeof x !== 'object' || x === null || Array.isArray(x)) return FAIL
    const out: Record<string, unknown> = {}
    for (const [key, read] of Object.entries<Read<unknown>>(members)) {
      const value = read((x as Record<string, unknown>)[key])
      if (value === FAIL) return FAIL
      if (value !== undefined) out[key] = value
    }
    return out as Out<M>
  }
}

const bounds = object({ min: num, max: num })
const rounding: Read<'better' | 'worse'> = (x) => (x === 'better' || x === 'worse' ? x : FAIL)
const readZeugnis = object({
  tendency: opt(str),
  rounding: opt(rounding),
  step: opt(str),
  categories: opt(list(object({ name: str, weight: str }))),
})
// Settings the page cannot read are left out (the defaults of docs/spec.md §9 apply), never the document.
const zeugnis: Read<ZeugnisSettings | undefined> = (x) => {
  const z = readZeugnis(x)
  return z === FAIL ? undefined : z
}
// Kept as it came (the server validated it); read off the route, where it is used (lib/fehler-setting.ts).
const keep: Read<unknown> = (x) => x
// Only false is kept: true is the default, which the server never writes.
const adjustable: Read<boolean | undefined> = (x) => (x === false ? false : undefined)
export const readOriginal: Read<GradingConfig> = object({
  name: str,
  grades: object({ '1': bounds, '2': bounds, '3': bounds, '4': bounds, '5': bounds, '6': bounds }),
  schema: object({
    general: opt(object({ minus: opt(num), normal: opt(num) })),
    '1': opt(object({ minus: opt(num) })),
    '6': opt(object({ normal: opt(num) })),
  }),
  zeugnis,
  fehlerquotient: keep,
  adjustable,
})
export const readRule: Read<RuleDocument> = object({
  name: str,
  system: str,
  preset: opt(str),
  rule: object({
    kind: str,
    percentage: opt(str),
    bands: opt(list(object({ grade: str, from: opt(num) }))),
    step: opt(num),
    midpoint: opt(str),
    pass: opt(num),
  }),
  zeugnis,
  fehlerquotient: keep,
  adjustable,
})
// The one place that knows both shapes: a document with a member `rule` names its system and kind (a kind
// other than the formula is read as a table); one without is the original's, the kind `widths`.
const readDocument: Read<ScaleDocument> = (x) => {
  if ((x as { rule?: unknown } | null)?.rule === undefined) {
    const d = readOriginal(x)
    if (d === FAIL) return d
    const { grades, schema, ...doc } = d
    return { ...doc, rule: { kind: 'widths', system: 'noten-plus-minus', grades, schema } }
  }
  const d = readRule(x)
  if (d === FAIL) return d
  const { system, rule, ...doc } = d
  const { kind, ...r } = rule
  // the server writes only the members of the rule's kind (internal/grading/document.go)
  return {
    ...doc,
    rule: kind === 'formula' ? { kind, system, ...r } : { kind: 'table', system, ...r, bands: r.bands ?? [] },
  }
}

const readVersion: Read<LiveConfig> = object({
  version: int,
  savedAt: str,
  savedBy: opt(str),
  config: readDocument,
  archived: opt(bool),
})

const orNull = <T>(value: T | typeof FAIL): T | null => (value === FAIL ? null : value)

/** A configuration document, in either shape, as its rule with the members it knows; null when it is not one. */
export const readGradingConfig = (x: unknown): ScaleDocument | null => orNull(readDocument(x))

/** A version (GET /config, an event, a kept copy), with only the members it knows; null when it is not one. */
export const readLiveConfig = (x: unknown): LiveConfig | null => orNull(readVersion(x))

/** Reads the data of one `config` event; null when it is not a configuration. */
export function parseLiveConfig(data: string): LiveConfig | null {
  try {
    return readLiveConfig(JSON.parse(data))
  } catch {
    return null
  }
}
