// The Kurzname (slug) of a Notenschlüssel, fixed once the scale is created: it is the scale's part
// of every address (`/?schluessel=mathematik`, `/api/v1/scales/mathematik`). The rule and its
// message are the server's (api/openapi.yaml: ScaleSlug).

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
export const SLUG_MAX = 40

export const SLUG_MESSAGES = {
  invalid:
    'Nur Kleinbuchstaben a–z, Ziffern und „-“, 1 bis 40 Zeichen, am Anfang und Ende ein Buchstabe oder eine Ziffer.',
  taken: 'Einen Notenschlüssel mit diesem Kurznamen gibt es schon.',
} as const

/** The message for a typed slug, or null when it may be used. */
export function checkSlug(slug: string, existing: readonly string[]): string | null {
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) return SLUG_MESSAGES.invalid
  return existing.includes(slug) ? SLUG_MESSAGES.taken : null
}

const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' }

/** A slug made from a scale's name: "Mathematik Oberstufe" → "mathematik-oberstufe", "Übung" → "uebung". */
export function suggestSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => SPELLED[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '') // é → e
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
  return slug.slice(0, SLUG_MAX).replace(/-+$/, '')
}
