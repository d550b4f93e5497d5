import { readAdjustment, writeAdjustment } from '@/lib/adjust'
import { fetchVersion } from '@/lib/api-client'
import type { ScaleDocument } from '@/lib/config'
import {
  adjusted,
  type AdjustedKey,
  type AdjustState,
  type OldVersion,
  type SetAdjustState,
} from './adjusted'
import type { GradedWith } from './class-list'
import { keyChanges } from './key-changes'

// Which version of the school's scale a link's adjustment is applied to (docs/spec.md §10): the version
// `stand` it was made on, so that the link shows exactly that key. When the page holds a newer one, the old
// document is fetched from its public, immutable address; until it is here, and when it cannot be had, the
// adjustment is applied to the version the page holds, and the page says so. Lazily loaded with adjusted.ts.

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

/** The page's key for this test, the version it is of and what the page says (useAdjustedKey's lazy half). */
export interface AdjustedSource {
  adjusted: AdjustedKey
  /** The document and version the adjustment applies to; undefined before the code is here. */
  source: Source | undefined
  /** Applies the adjustment to the version the page holds (rewrites `stand`). */
  applyToCurrent: () => void
  /** The key as the Notenspiegel names it: the source's name and version, and the adjustment. */
  graded: GradedWith
}

/** What useAdjustedKey keeps on the route: the adjustment's state, with the old version fetched. */
export interface RouteState {
  state: AdjustState | undefined
  set: SetAdjustState
}

/** The page's key of the school's document `config` of `version`, for the address's link and what is typed. */
export function adjustedSource(config: ScaleDocument, version: number, route: RouteState): AdjustedSource {
  const source = sourceOf(window.location.search, config, version, route.state?.old ?? null)
  const key = adjusted(source.config, source.version, route.state, route.set)
  return {
    adjusted: key,
    source,
    graded: { name: source.config.name, version: source.version, adjusted: key.text },
    applyToCurrent: () => {
      applyToCurrent(version)
      // the address changed outside React: a new state object renders again to read it
      route.set((s) => s && { ...s })
    },
  }
}

/**
 * Fetches the version the address's link was made on when the page holds a newer one, into the state (the
 * effect of AdjustPart, which is on the page whenever an address holds an adjustment); the effect's cleanup.
 */
export function follow(current: number, set: SetAdjustState): (() => void) | undefined {
  const wanted = wantedVersion(window.location.search, current)
  if (wanted === null) return undefined
  let live = true
  void loadVersion(window.location.search, wanted).then((old) => {
    if (live) set((s) => s && { ...s, old })
  })
  return () => {
    live = false
  }
}
