import { json, segment, send, type Body, type Schemas } from '@/lib/api-client'
import type { LiveConfig, ScaleDocument } from '@/lib/config'
import { liveConfigSchema } from '@/lib/config-schema'
import { scaleSummarySchema, type ScaleSummary } from '@/lib/scales'
import {
  documentBody,
  getConfig,
  getHistory,
  getHistoryVersion,
  historyResponse,
  restoreVersion,
  saveConfig,
  type HistoryPage,
} from './config'

// The admin's calls for the Notenschlüssel (api/openapi.yaml: tag "Notenschlüssel"; the list is
// lib/scales.ts, which the calculator reads too). Each
// scale has the routes /api/v1/config has for the default one; ScaleApi gives the editor and the
// history the same five functions for either.

const path = (slug: string) => `/scales/${segment(slug)}`
const ifMatch = (version: number) => ({ 'If-Match': `"${String(version)}"` })

/** Creates a scale at version 1; 409 `scale_exists`, 422 with `slug` or `config.…` fields, 422 `too_many_scales`. */
export async function createScale(slug: string, config: ScaleDocument): Promise<LiveConfig> {
  return json(
    await send('POST', '/scales', {
      body: { slug, config: documentBody(config) } satisfies Body<'createScale'>,
    }),
    liveConfigSchema,
  )
}

/** Creates a scale at version 1 with a preset's document (GET /api/v1/presets); 422 on `preset` for an unknown one. */
export async function createScaleFromPreset(slug: string, preset: string): Promise<LiveConfig> {
  // the id is one of the server's own list
  const body = { slug, preset: preset as Schemas['PresetID'] } satisfies Body<'createScale'>
  return json(await send('POST', '/scales', { body }), liveConfigSchema)
}

/** Makes the scale the default, or archives it, or brings it back; 409 `scale_is_default` / `scale_archived`. */
export async function patchScale(slug: string, change: Body<'patchScale'>): Promise<ScaleSummary> {
  return json(await send('PATCH', path(slug), { body: change }), scaleSummarySchema)
}

/** What the editor and the history need of one configuration: the default's routes or a scale's. */
export interface ScaleApi {
  get: () => Promise<LiveConfig>
  save: (config: ScaleDocument, version: number) => Promise<LiveConfig>
  history: (before?: number) => Promise<HistoryPage>
  version: (version: number) => Promise<LiveConfig>
  restore: (version: number) => Promise<LiveConfig>
}

/** The five calls for one scale, /api/v1/scales/{slug}/…. */
export function scaleApi(slug: string): ScaleApi {
  const base = path(slug)
  return {
    get: async () => json(await send('GET', base), liveConfigSchema),
    save: async (config, version) =>
      json(
        await send('PUT', base, { body: documentBody(config), headers: ifMatch(version) }),
        liveConfigSchema,
      ),
    history: async (before) =>
      json(
        await send('GET', `${base}/history${before === undefined ? '' : `?before=${String(before)}`}`),
        historyResponse,
      ),
    version: async (version) =>
      json(await send('GET', `${base}/history/${segment(version)}`), liveConfigSchema),
    restore: async (version) =>
      json(await send('POST', `${base}/history/${segment(version)}/restore`), liveConfigSchema),
  }
}

/** The default scale's calls, /api/v1/config/… (as before there were several scales). */
export const defaultScaleApi: ScaleApi = {
  get: getConfig,
  save: saveConfig,
  history: getHistory,
  version: getHistoryVersion,
  restore: restoreVersion,
}
