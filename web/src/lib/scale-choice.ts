import { addressSlug, isSlug } from './scale-slug'
import { STORAGE_KEY } from './stored-config'

// Which Notenschlüssel (scale, docs/spec.md §8) the page follows: the one in the address
// (`/?schluessel=mathematik`), else the one this browser chose last, else the default. No choice
// (null) means the default scale through /api/v1/config/events, exactly as before scales existed.
// This is on the calculator route's first download, which has a budget: the select and the list
// of scales are loaded lazily (features/calculator/components/scale-picker.tsx), which also writes
// the choice into the address and into this browser (features/calculator/scale-address.ts).

/** The default scale's stream of `config` events. */
export const CONFIG_EVENTS_URL = '/api/v1/config/events'
export const SCALE_PARAM = 'schluessel'
export const CHOICE_KEY = 'notenrechner.scale'
const valid = (slug: string | null | undefined): string | null => (slug != null && isSlug(slug) ? slug : null)

/** The scale of the address, else the one remembered in this browser; null for the default. */
export function readScaleChoice(): string | null {
  const fromAddress = new URLSearchParams(window.location.search).get(SCALE_PARAM)
  if (fromAddress !== null) return valid(addressSlug(fromAddress))
  try {
    return valid(localStorage.getItem(CHOICE_KEY))
  } catch {
    return null
  }
}

/** The stream of a scale, or of the default. */
export const scaleEventsUrl = (slug: string | null): string =>
  slug === null ? CONFIG_EVENTS_URL : `/api/v1/scales/${slug}/events`

/** Where this browser keeps a scale's last configuration for offline use (one entry per scale). */
export const scaleStorageKey = (slug: string | null): string =>
  slug === null ? STORAGE_KEY : `${STORAGE_KEY}.${slug}`
