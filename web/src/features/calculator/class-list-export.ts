// The Notenspiegel's CSV file: its name and date, made in the browser; nothing goes to the server.

/** "2026-11-23" as "23.11.2026"; "" for anything else. */
export const dateText = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('.') : ''

/** notenspiegel-7b-mathematik-2-klassenarbeit-2026-11-23.csv: letters and digits of the title, then the date. */
export function csvName(title: string, date: string): string {
  const words =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  return (
    ['notenspiegel', ...words, date]
      .filter((part) => part !== '')
      .join('-')
      .slice(0, 120) + '.csv'
  )
}

/** Today in this browser's time zone, as an <input type="date"> gives it. */
export function today(): string {
  const d = new Date()
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
