import { CHOICE_KEY, SCALE_PARAM } from '@/lib/scale-choice'

// The chosen scale in the address and in this browser (lib/scale-choice.ts reads both at start).
// Written with history.replaceState like the inputs (url-inputs.ts): choosing adds no history entry.

/** Puts the choice into the address (other parameters kept) and remembers it in this browser. */
export function writeScaleChoice(slug: string | null): void {
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
  try {
    if (slug === null) localStorage.removeItem(CHOICE_KEY)
    else localStorage.setItem(CHOICE_KEY, slug)
  } catch {
    // private mode: the address still carries it
  }
}
