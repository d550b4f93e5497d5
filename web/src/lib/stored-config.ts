import { readLiveConfig, type LiveConfig } from './config'

// The last configuration this browser received, kept so that the calculator works offline
// (docs/spec.md §2). Only the public configuration is kept; nothing a person typed. The page reads it
// before the first render; only the live connection, which loads after it, writes it (store-config.ts).

/** The key of the one configuration the page follows today (each live connection names its own). */
export const STORAGE_KEY = 'notenrechner.config'

export interface StoredConfig {
  live: LiveConfig
  /** When this browser last received it from the server (ISO 8601). */
  storedAt: string
}

/**
 * The kept configuration, checked as a live one is; null when there is
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
  const { live, storedAt } = (json ?? {}) as Partial<Record<keyof StoredConfig, unknown>>
  const config = readLiveConfig(live)
  if (config !== null && typeof storedAt === 'string' && !Number.isNaN(Date.parse(storedAt)))
    return { live: config, storedAt }
  try {
    localStorage.removeItem(key)
  } catch {
    // nothing to clean up then
  }
  return null
}
