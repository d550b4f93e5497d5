import * as v from 'valibot'
import { liveConfigSchema, type LiveConfig } from './config'

// The last configuration this browser received, kept so that the calculator works offline
// (issue 8). Only the public configuration is kept; nothing a person typed.

/** The key of the one configuration the page follows today (each live connection names its own). */
export const STORAGE_KEY = 'notenrechner.config'

const storedSchema = v.object({ live: liveConfigSchema, storedAt: v.string() })

export interface StoredConfig {
  live: LiveConfig
  /** When this browser last received it from the server (ISO 8601). */
  storedAt: string
}

/** Keeps a configuration just received; storage that is full or forbidden is not an error. */
export function storeConfig(live: LiveConfig, storedAt: string, key: string): void {
  try {
    localStorage.setItem(key, JSON.stringify({ live, storedAt } satisfies StoredConfig))
  } catch {
    // private mode or quota: the page works online as before
  }
}

/**
 * The kept configuration, validated with the same schema as a live one; null when there is
 * none or it is not readable (an old format or an edited entry is dropped, not trusted).
 */
export function readStoredConfig(key: string): StoredConfig | null {
  let text: string | null
  try {
    text = localStorage.getItem(key)
  } catch {
    return null
  }
  if (text === null) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  const result = v.safeParse(storedSchema, json)
  if (result.success && !Number.isNaN(Date.parse(result.output.storedAt))) return result.output
  try {
    localStorage.removeItem(key)
  } catch {
    // nothing to clean up then
  }
  return null
}
