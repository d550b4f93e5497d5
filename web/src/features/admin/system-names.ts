// The grading systems as the admin names them (docs/grading-systems.md, internal/grading/system.go).
const SYSTEM_NAMES: Record<string, string> = {
  'noten-plus-minus': 'Noten 1 bis 6 mit + und −',
  noten: 'Noten 1 bis 6',
  'noten-dezimal': 'Noten 1,0 bis 6,0',
  notenpunkte: 'Notenpunkte 15 bis 0',
  schweiz: 'Schweizer Noten 6 bis 1',
  oesterreich: 'Österreichische Noten 1 bis 5',
}

/** A system's name on the page; an unknown id as it is. */
export const systemName = (id: string): string => SYSTEM_NAMES[id] ?? id
