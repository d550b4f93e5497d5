import { useEffect, useMemo, useState } from 'react'
import { download } from '@/lib/download'
import { keyOf } from '@/lib/key'
import { parseNumber } from '@/lib/numbers'
import { cmp } from '@/lib/rational'
import { scaleRules } from './class-language'
import { summarize } from './class-list'
import { toCsv } from './class-list-csv'
import { csvName, dateText, today } from './class-list-export'
import {
  CLASS_LIST_KEY,
  clearClassList,
  keepUntil,
  leaveOtherPlace,
  storeClassList,
  type KeptClassList,
  type ListKey,
  type StoredClassList,
} from './class-list-storage'
import { formatPoints } from './points-table'

// The Notenspiegel's state (docs/spec.md §2). A list belongs to its own test: the total and the key it was
// graded with. While it has no lines it follows the calculator's; from its first line (or a total typed into
// it) it keeps them, so that the total typed for the next test does not regrade last week's class; the
// teacher changes the list's total on purpose, or takes the page's key over with a button.

/** The page's test: the calculator's total and key, which an empty list follows. */
export interface PageTest extends ListKey {
  total: string
}

const sameKey = (a: ListKey, b: ListKey) =>
  a.graded.name === b.graded.name &&
  a.graded.version === b.graded.version &&
  (a.graded.adjusted ?? '') === (b.graded.adjusted ?? '') &&
  JSON.stringify(a.doc) === JSON.stringify(b.doc)

/**
 * Keeps the list in its place on every change (class-list-storage.ts); when another tab deletes the list this
 * device keeps, this tab's copy goes too (`reset`), and is not written back.
 */
function useStoredList(list: StoredClassList, until: string | null, reset: () => void) {
  const { text, title, date, total, test, comments, rule } = list
  useEffect(() => {
    storeClassList({ text, title, date, total, test, comments, rule }, until)
  }, [text, title, date, total, test, comments, rule, until])
  useEffect(() => {
    if (until === null) return undefined
    const gone = (e: StorageEvent) => {
      if (
        e.storageArea === localStorage &&
        (e.key === CLASS_LIST_KEY || e.key === null) &&
        e.newValue === null
      )
        reset()
    }
    window.addEventListener('storage', gone)
    return () => {
      window.removeEventListener('storage', gone)
    }
  })
}

/** The page shows another test than the list's own: another key, or another total. */
function showsOther(test: ListKey | null, page: PageTest, summary: ReturnType<typeof summarize>): boolean {
  const pageTotal = parseNumber(page.total)
  if (test === null) return false
  return (
    !sameKey(test, page) || (pageTotal !== null && (summary === null || cmp(summary.total, pageTotal) !== 0))
  )
}

/**
 * The list's state. A language teacher's list offers the conversions of errors its key's document has (the
 * published rules and the scale's own) and starts with the scale's setting (class-language.ts scaleRules);
 * from its first line it keeps its own choice, as it keeps its key.
 */
export function useClassList(page: PageTest, kept: KeptClassList | null) {
  const [text, setText] = useState(kept?.list.text ?? '')
  const [title, setTitle] = useState(kept?.list.title ?? '')
  const [date, setDate] = useState(kept?.list.date ?? today())
  // an earlier release's list kept no key: it keeps the page's from now on
  const [test, setTest] = useState<ListKey | null>(() =>
    kept?.legacy === true
      ? (kept.list.test ?? { doc: page.doc, graded: page.graded })
      : (kept?.list.test ?? null),
  )
  const [ownTotal, setOwnTotal] = useState(kept?.list.total ?? '')
  const [comments, setComments] = useState(kept?.list.comments ?? {})
  const [until, setUntil] = useState(kept?.until ?? null)
  const [ownRule, setOwnRule] = useState(kept?.list.rule)
  const listKey = test ?? page
  const total = test === null ? page.total : ownTotal
  const scaleKey = useMemo(() => keyOf(listKey.doc), [listKey.doc])
  const offered = useMemo(() => scaleRules(listKey.doc.fehlerquotient), [listKey.doc])
  const rule = ownRule ?? offered.start
  const summary = useMemo(
    () => summarize(scaleKey, total, text, rule, offered.rules),
    [scaleKey, total, text, rule, offered],
  )
  const reset = () => {
    setText('')
    setTitle('')
    setDate(today())
    setTest(null)
    setOwnTotal('')
    setComments({})
    setUntil(null)
    setOwnRule(undefined)
  }
  useStoredList({ text, title, date, total: ownTotal, test, comments, rule: ownRule }, until, reset)
  /** From here the list keeps its test: the page's key and total as they are now. */
  const own = () => {
    if (test !== null) return
    setTest({ doc: page.doc, graded: page.graded })
    setOwnTotal(page.total)
  }
  const differs = showsOther(test, page, summary)

  return {
    text,
    setText: (next: string) => {
      if (next.trim() !== '') {
        own()
        setOwnRule(rule)
      }
      setText(next)
    },
    title,
    setTitle,
    date,
    setDate,
    /** The list's total as typed (the sum of the tasks' maxima under a task header: summary.total). */
    total,
    setTotal: (next: string) => {
      own()
      setOwnTotal(next)
    },
    scaleKey,
    graded: listKey.graded,
    /** The page shows another test than the list's (another total or key): the list is not regraded. */
    differs,
    /** The list keeps its own test (it has had lines): its total is typed in the list. */
    owned: test !== null,
    /** Whether the page's key is another than the list's. */
    otherKey: test !== null && !sameKey(test, page),
    /** Grades the list with the page's key (its total stays the list's). */
    takePageKey: () => {
      setTest({ doc: page.doc, graded: page.graded })
    },
    summary,
    /** The conversion of errors in a language teacher's list: an id of lib/fehlerquotient.ts, '' for none. */
    rule,
    rules: offered.rules,
    setRule: setOwnRule,
    comments,
    setComment: (key: string, comment: string) => {
      setComments((c) => ({ ...c, [key]: comment }))
    },
    /** The ISO time until which this device keeps the list; null: this browser session only. */
    until,
    /** Keeps the list on this device for `days` days, or for this session only (null). */
    keep: (days: number | null) => {
      const next = days === null ? null : keepUntil(days)
      leaveOtherPlace(next)
      setUntil(next)
    },
    /** The list's title and date, and the test: "7b Mathematik · 23.11.2026", "40 Punkte · Notenschlüssel „…“". */
    heading: [title.trim(), dateText(date)].filter((x) => x !== '').join(' · '),
    clear: () => {
      clearClassList()
      reset()
    },
    exportCsv: () => {
      if (summary === null) return
      download(
        csvName(title, date),
        toCsv(summary, {
          title,
          date: dateText(date),
          total: formatPoints(summary.total),
          scale: listKey.graded,
        }),
        'text/csv;charset=utf-8',
      )
    },
  }
}

export type ClassListState = ReturnType<typeof useClassList>
