import { useEffect, useMemo, useState } from 'react'
import { download } from '@/lib/download'
import type { Key } from '@/lib/key'
import { summarize, toCsv, type GradedWith } from './class-list'
import { csvName, dateText, today } from './class-list-export'
import { clearClassList, storeClassList, type StoredClassList } from './class-list-storage'

/**
 * The Notenspiegel's state: the list, its title and date (from the kept list, if any), its summary
 * against the calculator's total, kept in this browser on every change; clear() removes it,
 * exportCsv() downloads it.
 */
export function useClassList(scaleKey: Key, total: string, kept: StoredClassList | null, scale: GradedWith) {
  const [text, setText] = useState(kept?.text ?? '')
  const [title, setTitle] = useState(kept?.title ?? '')
  const [date, setDate] = useState(kept?.date ?? today())
  const summary = useMemo(() => summarize(scaleKey, total, text), [scaleKey, total, text])
  useEffect(() => {
    storeClassList({ text, title, date, total })
  }, [text, title, date, total])

  return {
    text,
    setText,
    title,
    setTitle,
    date,
    setDate,
    summary,
    /** The title and the date as the printed page shows them: "7b Mathematik · 23.11.2026". */
    heading: [title.trim(), dateText(date)].filter((x) => x !== '').join(' · '),
    clear: () => {
      clearClassList()
      setText('')
      setTitle('')
      setDate(today())
    },
    exportCsv: () => {
      if (summary === null) return
      download(
        csvName(title, date),
        toCsv(summary, { title, date: dateText(date), total, scale }),
        'text/csv;charset=utf-8',
      )
    },
  }
}

export type ClassListState = ReturnType<typeof useClassList>
