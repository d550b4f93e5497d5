// The Kurzname (slug) of a Notenschlüssel, fixed once the scale is created: it is the scale's part
// of every address (`/?schluessel=mathematik`, `/api/v1/scales/mathematik`). One rule for the whole
// app, the server's (api/openapi.yaml: ScaleSlug): a–z, 0–9 and inner hyphens, 1 to 40 characters.

export const SLUG_MAX = 40
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

/** Whether slug may name a scale. */
export const isSlug = (slug: string): boolean => slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug)
