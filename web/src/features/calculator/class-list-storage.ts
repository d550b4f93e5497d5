// The Notenspiegel's work, kept in this browser only: the list, its title, its date and
// the total it was graded against, so that a reload or a later visit loses nothing. It is never
// sent to the server (a browser test checks every request); "Notenspiegel löschen" removes it.

export const CLASS_LIST_KEY = 'notenrechner.notenspiegel'

export interface StoredClassList {
  text: string
  title: string
  /** yyyy-mm-dd, as an <input type="date"> gives it; "" when none. */
  date: string
  total: string
}

const isString = (x: unknown): x is string => typeof x === 'string'

/** The kept list, or null when there is none (or the entry is not one of ours: it is ignored). */
export function readClassList(): StoredClassList | null {
  try {
    const raw = localStorage.getItem(CLASS_LIST_KEY)
    if (raw === null) return null
    const v: unknown = JSON.parse(raw)
    if (typeof v !== 'object' || v === null) return null
    const { text, title, date, total } = v as Record<string, unknown>
    if (!isString(text) || !isString(title) || !isString(date) || !isString(total)) return null
    return { text, title, date, total }
  } catch {
    return null
  }
}

/** Keeps the list; an empty one (no text, no title) is removed instead. Full or forbidden storage is not an error. */
export function storeClassList(list: StoredClassList): void {
  try {
    if (list.text.trim() === '' && list.title.trim() === '') localStorage.removeItem(CLASS_LIST_KEY)
    else localStorage.setItem(CLASS_LIST_KEY, JSON.stringify(list))
  } catch {
    // private mode or quota: the list works as before, only for this visit
  }
}

export function clearClassList(): void {
  try {
    localStorage.removeItem(CLASS_LIST_KEY)
  } catch {
    // nothing kept, nothing to remove
  }
}
