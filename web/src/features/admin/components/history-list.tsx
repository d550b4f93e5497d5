import type { ReactNode } from 'react'
import type { HistoryEntry } from '../api/config'
import { historyColumns, HistoryItem } from './history-item'

interface HistoryListProps {
  entries: HistoryEntry[]
  liveVersion: number | undefined
  /** The version a restore just made; its row takes the focus. */
  made: number | null
  open: ReadonlySet<number>
  onToggle: (version: number) => void
  onRestore: (entry: HistoryEntry) => void
  /** A version's comparison with the current one, shown while it is open. */
  compare: (version: number) => ReactNode
}

export function HistoryList({
  entries,
  liveVersion,
  made,
  open,
  onToggle,
  onRestore,
  compare,
}: HistoryListProps) {
  return (
    <ol
      className="divide-y divide-slate-200 dark:divide-slate-700 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
      aria-label="Gespeicherte Versionen"
    >
      <li
        aria-hidden="true"
        className={`hidden gap-4 bg-slate-50 dark:bg-slate-950 px-4 py-2 text-sm font-semibold text-slate-700 dark:text-slate-300 md:grid ${historyColumns}`}
      >
        <span>Version</span>
        <span>Name</span>
        <span>Gespeichert am</span>
        <span>Von</span>
        <span />
      </li>
      {entries.map((entry) => (
        <HistoryItem
          key={entry.version}
          entry={entry}
          current={entry.version === liveVersion}
          made={entry.version === made}
          open={open.has(entry.version)}
          onToggle={() => {
            onToggle(entry.version)
          }}
          onRestore={() => {
            onRestore(entry)
          }}
        >
          {compare(entry.version)}
        </HistoryItem>
      ))}
    </ol>
  )
}
