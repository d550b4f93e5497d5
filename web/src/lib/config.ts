import type { components } from './api-types.gen'

// The configuration as the browser receives it (docs/architecture.md: GET /api/v1/config and every
// SSE `config` event). Parsed loosely on purpose: a document that lacks a band width still
// shows, and the affected grades read "?" (SPEC §4, defensive); storage validation is the
// server's job. Checked by hand, not with a schema library, because this runs on the calculator
// route, whose JS has a budget (docs/benchmarks.md): valibot cost about 1.5 KiB gzip there. The
// admin's calls wrap these readers in valibot schemas (config-schema.ts), so there is one check.

export interface Bounds {
  min: number
  max: number
}

export interface GradingConfig {
  name: string
  grades: Record<'1' | '2' | '3' | '4' | '5' | '6', Bounds>
  schema: {
    general?: { minus?: number; normal?: number }
    '1'?: { minus?: number }
    '6'?: { normal?: number }
  }
}

export interface LiveConfig {
  version: number
  savedAt: string
  /** Only in admins' answers (PUT, history, conflict): the public stream names no account. */
  savedBy?: string
  config: GradingConfig
  /** Only in a scale's answers (GET /scales/{slug}, its stream) when the scale is archived (issue 17). */
  archived?: boolean
}

/**
 * A version as the contract promises it (api/openapi.yaml: ConfigVersion, the data of every
 * `config` event). The stream is untrusted input, so it is still checked at run time, by
 * readLiveConfig, which must accept every such version (api-types.test.ts).
 */
export type ContractConfigVersion = components['schemas']['ConfigVersion']

type Json = Record<string, unknown>

// The readers throw on the first value of the wrong type; the exported functions turn that into null.
const fail = (): never => {
  throw new TypeError('not a configuration')
}
const object = (x: unknown): Json => (typeof x === 'object' && x !== null ? (x as Json) : fail())
const num = (x: unknown): number => (typeof x === 'number' && !Number.isNaN(x) ? x : fail())
const str = (x: unknown): string => (typeof x === 'string' ? x : fail())

/** Copies the keys present in from (and only those) to a new object, each read by read. */
function pick<K extends string, T>(
  from: Json,
  keys: readonly K[],
  read: (x: unknown) => T,
): Partial<Record<K, T>> {
  const out: Partial<Record<K, T>> = {}
  for (const k of keys) if (from[k] !== undefined) out[k] = read(from[k])
  return out
}

const bounds = (x: unknown): Bounds => {
  const o = object(x)
  return { min: num(o.min), max: num(o.max) }
}
const GRADES = ['1', '2', '3', '4', '5', '6'] as const

function gradingConfig(x: unknown): GradingConfig {
  const o = object(x)
  const schema = object(o.schema)
  const grades = pick(object(o.grades), GRADES, bounds)
  if (GRADES.some((g) => grades[g] === undefined)) fail()
  return {
    name: str(o.name),
    grades: grades as GradingConfig['grades'],
    schema: {
      ...pick(schema, ['general'], (w) => pick(object(w), ['minus', 'normal'], num)),
      ...pick(schema, ['1'], (w) => pick(object(w), ['minus'], num)),
      ...pick(schema, ['6'], (w) => pick(object(w), ['normal'], num)),
    },
  }
}

function liveConfig(x: unknown): LiveConfig {
  const o = object(x)
  const version = num(o.version)
  if (!Number.isInteger(version)) fail()
  return {
    version,
    savedAt: str(o.savedAt),
    ...pick(o, ['savedBy'], str),
    config: gradingConfig(o.config),
    ...pick(o, ['archived'], (b) => (typeof b === 'boolean' ? b : fail())),
  }
}

const orNull =
  <T>(read: (x: unknown) => T) =>
  (x: unknown): T | null => {
    try {
      return read(x)
    } catch {
      return null
    }
  }

/** A configuration document, with only the members it knows; null when it is not one. */
export const readGradingConfig = orNull(gradingConfig)

/** A version (GET /config, an event, a kept copy), with only the members it knows; null when it is not one. */
export const readLiveConfig = orNull(liveConfig)

/** Reads the data of one `config` event; null when it is not a configuration. */
export function parseLiveConfig(data: string): LiveConfig | null {
  try {
    return readLiveConfig(JSON.parse(data))
  } catch {
    return null
  }
}
