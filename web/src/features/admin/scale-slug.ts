import { addressSlug, isSlug, SLUG_MAX } from '@/lib/scale-slug'

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

/** A slug made from a scale's name: "Mathematik Oberstufe" → "mathematik-oberstufe", "Übung" → "uebung". */
export const suggestSlug = (name: string): string => addressSlug(name).slice(0, SLUG_MAX).replace(/-+$/, '')
