import * as v from 'valibot'
import { ApiError, getConfig, getHistory, getHistoryVersion, historyResponse, restoreVersion, saveConfig, type HistoryPage } from '@/lib/api-client'
import type { components, operations } from '@/lib/api-types.gen'
import { liveConfigSchema, type LiveConfig } from '@/lib/config'

// The admin's calls for the Notenschlüssel (issue 17, api/openapi.yaml: tag "Notenschlüssel"). Each
// scale has the routes /api/v1/config has for the default one; ScaleApi gives the editor and the
// history the same five functions for either.

type Schemas = components['schemas']
type Body<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer T } } } ? T : never

export type ScaleSummary = Schemas['ScaleSummary']

export const scaleSummarySchema = v.object({
  slug: v.string(),
  name: v.string(),
  version: v.number(),
  savedAt: v.string(),
  default: v.boolean(),
  archived: v.boolean(),
}) satisfies v.GenericSchema<unknown, ScaleSummary>
const scalesResponse = v.object({ scales: v.array(scaleSummarySchema) }) satisfies v.GenericSchema<
  unknown,
  operations['listScales']['responses'][200]['content']['application/json']
>

const errorBody = v.object({
  error: v.object({
    code: v.string(),
    message: v.optional(v.string()),
    fields: v.optional(v.record(v.string(), v.string())),
    current: v.optional(v.unknown()),
  }),
})

const FALLBACK = 'Der Server hat die Anfrage nicht ausgeführt. Bitte später erneut versuchen.'

// The same request conventions as lib/api-client.ts (JSON, same-origin cookie, ApiError with the
// contract's code, German message, fields and the 412's current version).
async function call<T>(method: string, path: string, schema: v.GenericSchema<unknown, T> | null, init: { body?: unknown; ifMatch?: number } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  if (init.ifMatch !== undefined) headers['If-Match'] = `"${String(init.ifMatch)}"`
  let res: Response
  try {
    res = await fetch(`/api/v1${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  } catch {
    throw new ApiError(0, 'network', 'Keine Verbindung zum Server. Bitte später erneut versuchen.')
  }
  const json: unknown = await res.json().catch(() => undefined)
  if (!res.ok) {
    const parsed = v.safeParse(errorBody, json)
    if (!parsed.success) throw new ApiError(res.status, 'unknown', FALLBACK)
    const { code, message, fields, current } = parsed.output.error
    const stored = current === undefined ? undefined : v.safeParse(liveConfigSchema, current)
    throw new ApiError(res.status, code, message ?? FALLBACK, {
      ...(fields === undefined ? {} : { fields }),
      ...(stored?.success === true ? { current: stored.output } : {}),
    })
  }
  if (schema === null) return undefined as T
  const parsed = v.safeParse(schema, json)
  if (!parsed.success) throw new ApiError(res.status, 'bad_response', 'Unerwartete Antwort des Servers.')
  return parsed.output
}

const path = (slug: string) => `/scales/${encodeURIComponent(slug)}`

/** Every scale, archived ones included (the caller is an admin), sorted by slug. */
export async function listScales(): Promise<ScaleSummary[]> {
  return (await call('GET', '/scales', scalesResponse)).scales
}

/** Creates a scale at version 1; 409 `scale_exists`, 422 with `slug` or `config.…` fields, 422 `too_many_scales`. */
export async function createScale(slug: string, config: Schemas['ConfigDocumentInput']): Promise<LiveConfig> {
  return call('POST', '/scales', liveConfigSchema, { body: { slug, config } satisfies Body<'createScale'> })
}

/** Makes the scale the default, or archives it, or brings it back; 409 `scale_is_default` / `scale_archived`. */
export async function patchScale(slug: string, change: Body<'patchScale'>): Promise<ScaleSummary> {
  return call('PATCH', path(slug), scaleSummarySchema, { body: change })
}

/** What the editor and the history need of one configuration: the default's routes or a scale's. */
export interface ScaleApi {
  get: () => Promise<LiveConfig>
  save: (config: Schemas['ConfigDocument'], version: number) => Promise<LiveConfig>
  history: (before?: number) => Promise<HistoryPage>
  version: (version: number) => Promise<LiveConfig>
  restore: (version: number) => Promise<LiveConfig>
}

/** The five calls for one scale, /api/v1/scales/{slug}/…. */
export function scaleApi(slug: string): ScaleApi {
  const base = path(slug)
  return {
    get: () => call('GET', base, liveConfigSchema),
    save: (config, version) => call('PUT', base, liveConfigSchema, { body: config, ifMatch: version }),
    history: (before) => call('GET', `${base}/history${before === undefined ? '' : `?before=${String(before)}`}`, historyResponse),
    version: (version) => call('GET', `${base}/history/${String(version)}`, liveConfigSchema),
    restore: (version) => call('POST', `${base}/history/${String(version)}/restore`, liveConfigSchema),
  }
}

/** The default scale's calls, /api/v1/config/… (as before issue 17). */
export const defaultScaleApi: ScaleApi = {
  get: getConfig,
  save: saveConfig,
  history: getHistory,
  version: getHistoryVersion,
  restore: restoreVersion,
}
