import { CHOICE_KEY, SCALE_PARAM, scaleStorageKey } from '@/lib/scale-choice'

// The chosen scale in the address and in this browser (lib/scale-choice.ts reads both at start).
// Written with history.replaceState like the inputs (url-inputs.ts): choosing adds no history entry.
// The address follows every choice; this browser remembers a scale only once the server has shown
// that it exists, so that a mistyped or outdated link does not become the page's start next time.

/** Puts the choice into the address, other parameters kept. */
export function writeScaleAddress(slug: string | null): void {
  const { pathname, search, hash } = window.location
  const params = new URLSearchParams(search)
  params.delete(SCALE_PARAM)
  // the scale first: "?schluessel=mathematik&gesamt=40&erreicht=31,5"
  const query = [slug === null ? '' : `${SCALE_PARAM}=${slug}`, params.toString().replace(/%2C/gi, ',')]
    .filter(Boolean)
    .join('&')
  const next = query === '' ? '' : `?${query}`
  if (next !== search && pathname === '/')
    window.history.replaceState(window.history.state, '', pathname + next + hash)
}

/** Remembers the choice in this browser (null: the default, nothing to remember). */
export function rememberScaleChoice(slug: string | null): void {
  try {
    if (slug === null) localStorage.removeItem(CHOICE_KEY)
    else localStorage.setItem(CHOICE_KEY, slug)
  } catch {
    // private mode: the address still carries it
  }
}

/**
 * Forgets slug, which does not exist: the remembered choice if it is this one (another stays), and
 * the kept copy of its configuration, which a scale created later under the same name must not show.
 */
export function forgetScaleChoice(slug: string): void {
  try {
    if (localStorage.getItem(CHOICE_KEY) === slug) localStorage.removeItem(CHOICE_KEY)
    localStorage.removeItem(scaleStorageKey(slug))
  } catch {
    // nothing remembered then
  }
}
