import * as v from 'valibot'
import type { components } from './api-types.gen'

// The configuration as the browser receives it (api/openapi.yaml: GET /api/v1/config and every
// SSE `config` event). Parsed loosely on purpose: a document that lacks a band width still
// shows, and the affected grades read "?" (docs/spec.md §4, defensive); storage validation is the
// server's job. valibot, not zod, because this runs on the calculator route, whose JS has a
// budget (docs/benchmarks.md): the schemas here cost about 1 KiB gzip there, zod/mini about 7.

const percent = v.number()
const optionalPercent = v.optional(percent)
const bounds = v.object({ min: percent, max: percent })

export const gradingConfigSchema = v.object({
  name: v.string(),
  grades: v.object({ '1': bounds, '2': bounds, '3': bounds, '4': bounds, '5': bounds, '6': bounds }),
  schema: v.object({
    general: v.optional(v.object({ minus: optionalPercent, normal: optionalPercent })),
    '1': v.optional(v.object({ minus: optionalPercent })),
    '6': v.optional(v.object({ normal: optionalPercent })),
  }),
})

export type GradingConfig = v.InferOutput<typeof gradingConfigSchema>

export const liveConfigSchema = v.object({
  version: v.pipe(v.number(), v.integer()),
  savedAt: v.string(),
  // Only in admins' answers (PUT, history, conflict): the public stream names no account.
  savedBy: v.optional(v.string()),
  config: gradingConfigSchema,
  // Only in a scale's answers (GET /scales/{slug}, its stream) when the scale is archived.
  archived: v.optional(v.boolean()),
})

export type LiveConfig = v.InferOutput<typeof liveConfigSchema>

/**
 * A version of the contract (ConfigVersion, SavedConfigVersion …) whose document has the original's
 * shape. The contract also allows rule documents of the other grading systems (RuleDocument); the
 * page reads only the original's shape until its views read every system, and liveConfigSchema
 * refuses the others.
 */
export type OriginalShape<T extends { config: unknown }> = Omit<T, 'config'> & {
  config: components['schemas']['ConfigDocument']
}

/**
 * A version as the contract promises it (api/openapi.yaml: ConfigVersion, the data of every
 * `config` event), of the original's shape (OriginalShape). The stream is untrusted input, so it is
 * still checked at run time, by liveConfigSchema, which must accept every such version
 * (api-types.test.ts).
 */
export type ContractConfigVersion = OriginalShape<components['schemas']['ConfigVersion']>

/** A configuration document, with only the members it knows; null when it is not one. */
export function readGradingConfig(x: unknown): GradingConfig | null {
  const result = v.safeParse(gradingConfigSchema, x)
  return result.success ? result.output : null
}

/** A version (GET /config, an event, a kept copy), with only the members it knows; null when it is not one. */
export function readLiveConfig(x: unknown): LiveConfig | null {
  const result = v.safeParse(liveConfigSchema, x)
  return result.success ? result.output : null
}

/** Reads the data of one `config` event; null when it is not a configuration. */
export function parseLiveConfig(data: string): LiveConfig | null {
  try {
    return readLiveConfig(JSON.parse(data))
  } catch {
    return null
  }
}
