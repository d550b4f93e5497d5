import type { ZeugnisSettings } from '@/lib/config'

// The categories of one pupil's form as typed: name, weight and the grades' text, each a string, so
// that what the teacher typed stays as typed (also when it is not yet a valid weight or grade).

export interface CategoryInput {
  name: string
  weight: string
  grades: string
}

export interface Preset {
  id: string
  label: string
  categories: { name: string; weight: string }[]
}

/** The usual divisions of a term's grades; the school's own comes first when it has one. */
export const PRESETS: Preset[] = [
  {
    id: 'schriftlich-2-1',
    label: 'schriftlich 2 : mündlich 1',
    categories: [
      { name: 'schriftlich', weight: '2' },
      { name: 'mündlich', weight: '1' },
    ],
  },
  {
    id: 'halb-halb',
    label: '50 : 50',
    categories: [
      { name: 'schriftlich', weight: '1' },
      { name: 'mündlich', weight: '1' },
    ],
  },
  // Bavaria's Gymnasium, GSO § 28 Abs. 1 (docs/grading-systems.md): the Jahresfortgangsnote from the
  // große (Schulaufgaben) and the kleine Leistungsnachweise, 1 : 1 with two Schulaufgaben, 2 : 1 with more.
  {
    id: 'by-gso-2',
    label: 'Bayern, Gymnasium, 2 Schulaufgaben (GSO § 28): groß 1 : klein 1',
    categories: [
      { name: 'Schulaufgaben', weight: '1' },
      { name: 'kleine Leistungsnachweise', weight: '1' },
    ],
  },
  {
    id: 'by-gso-3',
    label: 'Bayern, Gymnasium, mehr als 2 Schulaufgaben (GSO § 28): groß 2 : klein 1',
    categories: [
      { name: 'Schulaufgaben', weight: '2' },
      { name: 'kleine Leistungsnachweise', weight: '1' },
    ],
  },
  {
    id: 'vornote-5-3-2',
    label: 'Vornote 5 : schriftlich 3 : mündlich 2',
    categories: [
      { name: 'Vornote', weight: '5' },
      { name: 'schriftlich', weight: '3' },
      { name: 'mündlich', weight: '2' },
    ],
  },
]

/** The presets to choose from: the school's division (when set) first, then the usual ones. */
export function presetsFor(settings: ZeugnisSettings): Preset[] {
  const own = settings.categories
  if (own === undefined || own.length === 0) return PRESETS
  const label = own.map((c) => `${c.name} ${c.weight}`).join(' : ')
  return [{ id: 'schule', label: `Vorgabe der Schule (${label})`, categories: own }, ...PRESETS]
}

/** The categories a new form starts with: the school's, else the first preset. */
export function startCategories(settings: ZeugnisSettings): CategoryInput[] {
  const first = presetsFor(settings)[0] ?? PRESETS[0]
  return (first?.categories ?? []).map((c) => ({ ...c, grades: '' }))
}

/**
 * The categories of a preset, each keeping the grades already typed under its name (trimmed, case
 * kept): switching the division does not lose what was typed in a category that stays.
 */
export function applyPreset(current: CategoryInput[], preset: Preset): CategoryInput[] {
  const typed = new Map(current.map((c) => [c.name.trim(), c.grades]))
  return preset.categories.map((c) => ({ ...c, grades: typed.get(c.name) ?? '' }))
}

/** A name for a new category that no other has: "Kategorie 3", "Kategorie 4", … */
export function newCategoryName(current: CategoryInput[]): string {
  const names = new Set(current.map((c) => c.name.trim()))
  let n = current.length + 1
  while (names.has(`Kategorie ${String(n)}`)) n++
  return `Kategorie ${String(n)}`
}
