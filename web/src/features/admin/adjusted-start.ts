import type { Adjustment, BoundChange } from '@/lib/adjust'
import { readAdjustment } from '@/lib/adjust'
import type { ScaleDocument } from '@/lib/config'
import { addressSlug } from '@/lib/scale-slug'

// A new scale from a key a teacher adjusted for one test (docs/spec.md §10): the admin page opened as
// /admin?neu-aus=<the calculator's query, URL-encoded>, e.g. neu-aus=%3Fschluessel%3Dmathematik%26stand%3D7
// %26bestehen%3D45, opens the creator with the adjusted document filled in; nothing is saved until the
// admin presses "Speichern".

/** The address parameter of the admin page that holds the calculator's query. */
export const NEW_FROM = 'neu-aus'

/** Which scale and version the adjustment was made on, and the adjustment as typed. */
export interface AdjustedStart {
  /** The scale as the address names it (`schluessel`, as people type it); null: the default. */
  slug: string | null
  /** `stand`; 0 when the address names none: the current version. */
  version: number
  adjustment: Adjustment
}

/** The adjusted start the admin page's query holds; null when it holds none (or no adjustment). */
export function readAdjustedStart(search: string): AdjustedStart | null {
  const inner = new URLSearchParams(search).get(NEW_FROM)
  if (inner === null) return null
  const read = readAdjustment(inner)
  if (read === null || Object.keys(read.adjustment).length === 0) return null
  const typed = new URLSearchParams(inner).get('schluessel')
  const slug = typed === null || addressSlug(typed) === '' ? null : addressSlug(typed)
  return { slug, version: read.version, adjustment: read.adjustment }
}

const comma = (text: string) => text.trim().replace('.', ',')

/**
 * What the adjustment changed, in a few words: the band the pass and top bounds start ("4 ab 45 %"; the
 * original's widths: "4- über 45 %"), the Swiss rounding ("Rundung 0,25").
 */
export function adjustmentWords(doc: ScaleDocument, a: Adjustment, changes: BoundChange[]): string[] {
  const word = doc.rule.kind === 'widths' ? 'über' : 'ab'
  const bound = (typed: string | undefined, fallback: string) => {
    if (typed === undefined || typed.trim() === '') return []
    const change = changes.find((c) => c.from === comma(typed))
    return [
      change === undefined ? `${fallback} ${comma(typed)} %` : `${change.grade} ${word} ${change.from} %`,
    ]
  }
  const step = a.step === undefined || a.step.trim() === '' ? [] : [`Rundung ${comma(a.step)}`]
  return [...bound(a.pass, 'Bestehen ab'), ...bound(a.top, 'Beste Note ab'), ...step]
}

/** The new scale's name: the school's with what was adjusted, "Mathematik (angepasst: 4 ab 45 %)". */
export const adjustedName = (name: string, words: string[]) =>
  words.length === 0 ? name : `${name} (angepasst: ${words.join(', ')})`
