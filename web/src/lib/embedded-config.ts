import { parseLiveConfig, type LiveConfig } from './config'
import type { LiveConnectionOptions } from './live-types'
import { readStoredConfig } from './stored-config'

// The configuration the server puts into the page (web/page.go): a <script type="application/json">
// block, which is data and never runs (the CSP allows scripts from 'self' only). Read once at start,
// it lets the first render show the form and the table without waiting for the stream.

/** The id of the block; the same as web.ConfigElementID on the server. */
export const EMBEDDED_CONFIG_ID = 'notenrechner-config'

/**
 * The configuration in the page, checked like a stream event; undefined when there is none, it is
 * unreadable, or it was made for another address: the service worker serves the page it precached
 * (of the plain address, with the configuration of that moment) for every address, and the block
 * names the ?schluessel= it answers, which must be the scale the page follows (null: the default), also
 * when that choice came from this browser's memory rather than the address (lib/scale-choice.ts).
 */
export function readEmbeddedConfig(slug: string | null, doc: Document = document): LiveConfig | undefined {
  const block = doc.getElementById(EMBEDDED_CONFIG_ID)
  const text = block?.textContent
  if (!block || !text) return undefined
  if ((block.dataset.schluessel ?? '') !== (slug ?? '')) return undefined
  return parseLiveConfig(text) ?? undefined
}

/**
 * The start of the live connection (createLiveConnection's initial): the page's configuration, unless
 * this browser has kept a newer one (the service worker's precached page can be older), in which case
 * the page starts as without a block and the stream brings the newest. When the kept one is the same
 * version, its time of receipt stays the one the stale notice shows.
 */
export function pageStart(
  slug: string | null,
  storageKey: string,
): Pick<LiveConnectionOptions, 'initial' | 'initialReceivedAt'> {
  const initial = readEmbeddedConfig(slug)
  if (initial === undefined) return {}
  const kept = readStoredConfig(storageKey)
  if (kept === null) return { initial }
  if (kept.live.version > initial.version) return {}
  if (kept.live.version === initial.version && kept.live.savedAt === initial.savedAt)
    return { initial, initialReceivedAt: kept.storedAt }
  return { initial }
}

/** What the server rendered the page with (web/render.go): its scale and configuration. */
export interface RenderedStart {
  slug: string | null
  config: LiveConfig
}

/**
 * The start of a page whose markup the server rendered (root has it) for the scale this browser
 * follows; undefined when there is no markup, or it was rendered for another scale.
 */
export function renderedStart(root: Element, slug: string | null): RenderedStart | undefined {
  if (root.firstElementChild === null) return undefined
  const config = readEmbeddedConfig(slug, root.ownerDocument)
  return config === undefined ? undefined : { slug, config }
}
