import { readAdjustment, writeAdjustment } from '@/lib/adjust'
import { fetchVersion } from '@/lib/api-client'
import type { ScaleDocument } from '@/lib/config'
import { keyChanges } from './key-changes'

// Which version of the school's scale a link's adjustment is applied to (docs/spec.md §10): the version
// `stand` it was made on, so that the link shows exactly that key. When the page holds a newer one, the old
// document is fetched from its public, immutable address; until it is here, and when it cannot be had, the
// adjustment is applied to the version the page holds, and the page says so. Lazily loaded with adjusted.ts.

/** The old version a page fetched for its link, or tried to. */
export type OldVersion =
  | { stand: number; state: 'loading' }
  | { stand: number; state: 'failed' }
  | { stand: number; state: 'ok'; config: ScaleDocument }

/** The document the adjustment applies to, and what the page says about it. */
export interface Source {
  config: ScaleDocument
  version: number
  /** The version the link was made on (0: the address names none). */
  stand: number
  /** What changed in the school's scale since `stand`, when the key shown is of `stand` and a newer one exists. */
  since: string[] | null
  /** The link's version could not be had: the adjustment is applied to `version`, the one the page holds. */
  unavailable: boolean
  loading: boolean
}

/** The version a page holding `version` fetches for the address: its `stand` when older; else null. */
export function wantedVersion(search: string, version: number): number | null {
  const read = readAdjustment(search)
  if (read === null || Object.keys(read.adjustment).length === 0) return null
  return read.version > 0 && read.version < version ? read.version : null
}

/** Decides the source of the page's key from the address, the version the page holds and the old one fetched. */
export function sourceOf(
  search: string,
  config: ScaleDocument,
  version: number,
  old: OldVersion | null,
): Source {
  const read = readAdjustment(search)
  const stand = read === null || Object.keys(read.adjustment).length === 0 ? 0 : read.version
  const held: Source = { config, version, stand, since: null, unavailable: false, loading: false }
  if (stand === 0 || stand === version) return held
  // a version newer than the page's (an old copy offline) cannot be had either
  if (stand > version) return { ...held, unavailable: true }
  if (old?.stand !== stand || old.state === 'loading') return { ...held, loading: true }
  if (old.state === 'failed') return { ...held, unavailable: true }
  return {
    config: old.config,
    version: stand,
    stand,
    since: keyChanges(old.config, config),
    unavailable: false,
    loading: false,
  }
}

/** Fetches version `stand` of the address's scale. */
export async function loadVersion(search: string, stand: number): Promise<OldVersion> {
  const slug = new URLSearchParams(search).get('schluessel')
  try {
    const v = await fetchVersion(slug === '' ? null : slug, stand)
    return v.version === stand ? { stand, state: 'ok', config: v.config } : { stand, state: 'failed' }
  } catch {
    return { stand, state: 'failed' }
  }
}

/** Writes `stand` = version, the adjustment kept: „Auf den aktuellen Schlüssel anwenden“. */
export function applyToCurrent(version: number): void {
  const { pathname, search, hash } = window.location
  const read = readAdjustment(search)
  if (read === null) return
  const next = writeAdjustment(search, version, read.adjustment, read.points)
  window.history.replaceState(window.history.state, '', pathname + next + hash)
}
