import { readGradingConfig, type ScaleDocument } from '@/lib/config'
import { writeDocument } from '@/lib/write-document'
import type { GradedWith } from './class-list'

// The Notenspiegel's work, kept in this browser only and never sent to the server (a browser test checks
// every request): the list (a language teacher's with errors and words), its title, date and total, the key
// it was graded with and the conversion of errors it keeps, the comments for the feedback sheets. A teacher often works on a shared computer, so by default it is kept for this browser
// session only (sessionStorage: gone when the window closes); „Auf diesem Gerät merken“ keeps it in
// localStorage until a chosen day (at most 30 days), after which the next visit removes it.

export const CLASS_LIST_KEY = 'notenrechner.notenspiegel'

/** The longest a list may be kept on a device, in days. */
export const MAX_KEEP_DAYS = 30
const DAY = 24 * 60 * 60 * 1000

/** The key a list was graded with: its document (adjusted where the teacher adjusted it) and how it is named. */
export interface ListKey {
  doc: ScaleDocument
  graded: GradedWith
}

export interface StoredClassList {
  text: string
  title: string
  /** yyyy-mm-dd, as an <input type="date"> gives it; "" when none. */
  date: string
  total: string
  /** The key the list keeps; null while it follows the page's (a list without lines). */
  test: ListKey | null
  /** A comment per pupil for the feedback sheets, by commentKey. */
  comments: Record<string, string>
  /**
   * The conversion of errors a language teacher's list keeps (an id of lib/fehlerquotient.ts, '' for none);
   * absent while it follows the page's default (a list without lines, or kept by an earlier release).
   */
  rule?: string | undefined
}

/** Where the list is: for this session only (`until` null), or on this device until the ISO time `until`. */
export interface KeptClassList {
  list: StoredClassList
  until: string | null
  /** Kept by an earlier release, which kept no key: the list keeps the page's from now on. */
  legacy?: boolean
}

const isString = (x: unknown): x is string => typeof x === 'string'

function readTest(x: unknown): ListKey | null {
  if (typeof x !== 'object' || x === null) return null
  const { doc, name, version, adjusted } = x as Record<string, unknown>
  const read = readGradingConfig(doc)
  if (read === null || !isString(name) || typeof version !== 'number') return null
  return { doc: read, graded: { name, version, adjusted: isString(adjusted) ? adjusted : undefined } }
}

function readComments(x: unknown): Record<string, string> {
  if (typeof x !== 'object' || x === null) return {}
  return Object.fromEntries(Object.entries(x).filter((e): e is [string, string] => isString(e[1])))
}

/** A kept entry, or null when it is none of ours (it is ignored). */
function readEntry(raw: string | null): (StoredClassList & { until?: unknown; legacy: boolean }) | null {
  if (raw === null) return null
  const v: unknown = JSON.parse(raw)
  if (typeof v !== 'object' || v === null) return null
  const { text, title, date, total, test, comments, until, rule } = v as Record<string, unknown>
  if (!isString(text) || !isString(title) || !isString(date) || !isString(total)) return null
  return {
    text,
    title,
    date,
    total,
    test: readTest(test),
    comments: readComments(comments),
    ...(isString(rule) ? { rule } : {}),
    until,
    legacy: !('test' in v),
  }
}

/**
 * The kept list: this session's, else this device's while its day has not passed (an expired one is
 * removed). A list an earlier release kept without a day is kept for MAX_KEEP_DAYS from now.
 */
export function readClassList(now = Date.now()): KeptClassList | null {
  try {
    const session = readEntry(sessionStorage.getItem(CLASS_LIST_KEY))
    if (session !== null) return { list: withoutUntil(session), until: null, legacy: session.legacy }
    const device = readEntry(localStorage.getItem(CLASS_LIST_KEY))
    if (device === null) return null
    const until = isString(device.until) ? Date.parse(device.until) : now + MAX_KEEP_DAYS * DAY
    if (!(until > now)) {
      localStorage.removeItem(CLASS_LIST_KEY)
      return null
    }
    return { list: withoutUntil(device), until: new Date(until).toISOString(), legacy: device.legacy }
  } catch {
    return null
  }
}

const withoutUntil = ({
  text,
  title,
  date,
  total,
  test,
  comments,
  rule,
}: StoredClassList): StoredClassList => ({
  text,
  title,
  date,
  total,
  test,
  comments,
  ...(rule === undefined ? {} : { rule }),
})

/** The day `days` from now, as `until`: at most MAX_KEEP_DAYS. */
export const keepUntil = (days: number, now = Date.now()): string =>
  new Date(now + Math.min(Math.max(days, 1), MAX_KEEP_DAYS) * DAY).toISOString()

/**
 * Keeps the list in its place: this session's (`until` null) or this device's until `until`; an empty list
 * (no text, no title) is removed there. Only its own place is written: another tab of this browser may keep
 * its list in the other one. Full or forbidden storage is not an error.
 */
export function storeClassList(list: StoredClassList, until: string | null): void {
  const { test, ...rest } = list
  const entry = {
    ...rest,
    test: test === null ? null : { doc: writeDocument(test.doc), ...test.graded },
    ...(until === null ? {} : { until }),
  }
  try {
    const place = until === null ? sessionStorage : localStorage
    if (list.text.trim() === '' && list.title.trim() === '') place.removeItem(CLASS_LIST_KEY)
    else place.setItem(CLASS_LIST_KEY, JSON.stringify(entry))
  } catch {
    // private mode or quota: the list works as before, only for this visit
  }
}

/** The list moved to this session only (`until` null) or to the device: it leaves the other place. */
export function leaveOtherPlace(until: string | null): void {
  try {
    ;(until === null ? localStorage : sessionStorage).removeItem(CLASS_LIST_KEY)
  } catch {
    // nothing kept there
  }
}

/** „Daten auf diesem Gerät löschen“: the list leaves both places. */
export function clearClassList(): void {
  for (const storage of [() => sessionStorage, () => localStorage]) {
    try {
      storage().removeItem(CLASS_LIST_KEY)
    } catch {
      // nothing kept, nothing to remove
    }
  }
}
