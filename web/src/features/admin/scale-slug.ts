import { isSlug, SLUG_MAX } from '@/lib/scale-slug'

// The admin's side of a scale's Kurzname: the rule is lib/scale-slug.ts; here its messages (the
// server's, api/openapi.yaml: ScaleSlug) and the suggestion made from a name.

export const SLUG_MESSAGES = {
  invalid:
    'Nur Kleinbuchstaben a–z, Ziffern und „-“, 1 bis 40 Zeichen, am Anfang und Ende ein Buchstabe oder eine Ziffer.',
  taken: 'Einen Notenschlüssel mit diesem Kurznamen gibt es schon.',
} as const

/** The message for a typed slug, or null when it may be used. */
export function checkSlug(slug: string, existing: readonly string[]): string | null {
  if (!isSlug(slug)) return SLUG_MESSAGES.invalid
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
