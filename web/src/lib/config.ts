import { z } from 'zod/mini'

// The configuration as the browser receives it (docs/architecture.md: GET /api/v1/config and every
// SSE `config` event). Parsed loosely on purpose: a document that lacks a band width still
// shows, and the affected grades read "?" (SPEC §4, defensive); storage validation is the
// server's job.

const percent = z.number()
const optionalPercent = z.optional(percent)
const bounds = z.object({ min: percent, max: percent })

export const gradingConfigSchema = z.object({
  name: z.string(),
  grades: z.object({ '1': bounds, '2': bounds, '3': bounds, '4': bounds, '5': bounds, '6': bounds }),
  schema: z.object({
    general: z.optional(z.object({ minus: optionalPercent, normal: optionalPercent })),
    '1': z.optional(z.object({ minus: optionalPercent })),
    '6': z.optional(z.object({ normal: optionalPercent })),
  }),
})

export type GradingConfig = z.infer<typeof gradingConfigSchema>

export const liveConfigSchema = z.object({
  version: z.int(),
  savedAt: z.string(),
  savedBy: z.string(),
  config: gradingConfigSchema,
})

export type LiveConfig = z.infer<typeof liveConfigSchema>

/** Reads the data of one `config` event; null when it is not a configuration. */
export function parseLiveConfig(data: string): LiveConfig | null {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return null
  }
  const result = liveConfigSchema.safeParse(json)
  return result.success ? result.data : null
}
