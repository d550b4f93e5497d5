import type { LiveConfig } from './config'
import { writeDocument } from './write-document'

// The writer of the kept configuration (stored-config.ts reads it). A module of its own, apart from
// the reader: the page reads the kept copy before its first render, so the reader is part of the
// route's first download (its budget: docs/benchmarks.md), while only the live connection, which
// loads after that render, writes it.

/** Keeps a configuration just received; storage that is full or forbidden is not an error. */
export function storeConfig(live: LiveConfig, storedAt: string, key: string): void {
  try {
    // kept as the server sent it, so that readStoredConfig reads it as it reads the server's
    localStorage.setItem(
      key,
      JSON.stringify({ live: { ...live, config: writeDocument(live.config) }, storedAt }),
    )
  } catch {
    // private mode or quota: the page works online as before
  }
}
