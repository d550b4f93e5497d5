// The Kurzname (slug) of a Notenschlüssel, fixed once the scale is created: it is the scale's part
// of every address (`/?schluessel=mathematik`, `/api/v1/scales/mathematik`). One rule for the whole
// app, the server's (api/openapi.yaml: ScaleSlug): a–z, 0–9 and inner hyphens, 1 to 40 characters.

export const SLUG_MAX = 40
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

/** Whether slug may name a scale. */
export const isSlug = (slug: string): boolean => slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug)

const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' }

/**
 * The scale an address names as people type it (docs/spec.md §8): "Mathematik" is `mathematik`, "Deutsch
 * Oberstufe" `deutsch-oberstufe`, "Französisch" `franzoesisch`; case ignored, umlauts written out, accents
 * dropped, every run of other characters one hyphen. As web.AddressSlug on the server, which picks the
 * configuration the page carries (testdata/web/address-slugs.json binds both); may still be no slug.
 */
export const addressSlug = (typed: string): string =>
  typed
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => SPELLED[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
