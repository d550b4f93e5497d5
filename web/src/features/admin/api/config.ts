import * as v from 'valibot'
import { json, segment, send, type Body, type JsonAnswer, type Schemas } from '@/lib/api-client'
import { type LiveConfig, type ScaleDocument } from '@/lib/config'
import { liveConfigSchema } from '@/lib/config-schema'
import { writeDocument } from '@/lib/write-document'

// The admin's configuration calls: load, save (If-Match) and the history of versions.

export type HistoryEntry = Schemas['HistoryEntry']
export type HistoryPage = JsonAnswer<'getConfigHistory', 200>

export const historyEntrySchema = v.object({
  version: v.number(),
  savedAt: v.string(),
  savedBy: v.string(),
  name: v.string(),
}) satisfies v.GenericSchema<unknown, HistoryEntry>
export const historyResponse = v.object({
  versions: v.array(historyEntrySchema),
  nextBefore: v.exactOptional(v.number()),
}) satisfies v.GenericSchema<unknown, HistoryPage>

/**
 * The body of every write of a document (PUT, POST /scales): the document in the shape the server
 * wrote it, by lib/config.ts's one writer. The contract's types name the systems and presets it knows;
 * the server checks the document again.
 */
export const documentBody = (doc: ScaleDocument) => writeDocument(doc) as Schemas['AnyConfigDocumentInput']

export async function getConfig(): Promise<LiveConfig> {
  return json(await send('GET', '/config'), liveConfigSchema)
}

/**
 * Saves a configuration over `version`, the one the editor loaded (If-Match). A newer stored
 * version gives ApiError 412 `config_conflict` with `current`; invalid fields a 422 with `fields`.
 */
export async function saveConfig(config: ScaleDocument, version: number): Promise<LiveConfig> {
  const res = await send('PUT', '/config', {
    body: documentBody(config) satisfies Body<'putConfig'>,
    headers: { 'If-Match': `"${String(version)}"` },
  })
  return json(res, liveConfigSchema)
}

/** A page of versions, newest first: the newest 50, or those older than `before`; nextBefore while older ones exist. */
export async function getHistory(before?: number): Promise<HistoryPage> {
  const query = before === undefined ? '' : `?before=${String(before)}`
  return json(await send('GET', `/config/history${query}`), historyResponse)
}

export async function getHistoryVersion(version: number): Promise<LiveConfig> {
  return json(await send('GET', `/config/history/${segment(version)}`), liveConfigSchema)
}

/** Stores the document of an earlier version as a new version, which is returned. */
export async function restoreVersion(version: number): Promise<LiveConfig> {
  return json(await send('POST', `/config/history/${segment(version)}/restore`), liveConfigSchema)
}
