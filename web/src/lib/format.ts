// Formatting of server data for people (German).

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' })

/** "22.11.2026, 11:00" in the viewer's time zone; the raw text if it is not a date. */
export function formatSavedAt(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}

/** Who saved a configuration: "System", "Kommandozeile" or the account's email. */
export function formatSavedBy(savedBy: string): string {
  if (savedBy === 'system') return 'System'
  if (savedBy === 'cli') return 'Kommandozeile'
  return savedBy
}

/** " von …" after a save time, or "" when the answer names nobody (the public stream does not). */
export function savedByPhrase(savedBy: string | undefined): string {
  return savedBy === undefined ? '' : ` von ${formatSavedBy(savedBy)}`
}

/** A role as people read it. */
export function formatRole(role: 'admin' | 'user'): string {
  return role === 'admin' ? 'Admin' : 'Benutzer'
}
