import { ChevronDown, RotateCcw } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { formatSavedAt, formatSavedBy } from '@/lib/format'
import type { HistoryEntry } from '../api/config'

// the last column holds both buttons side by side from xl; narrower they stack
export const historyColumns =
  'md:grid-cols-[6rem_minmax(0,1fr)_11rem_minmax(0,1fr)_11rem] xl:grid-cols-[6rem_minmax(0,1fr)_11rem_minmax(0,1fr)_21rem]'

interface HistoryItemProps {
  entry: HistoryEntry
  current: boolean
  /**
   * Made by the restore just confirmed: its version takes the focus, where the admin looks for what the restore
   * did; the dialog's return to its opener would leave it on another version's button.
   */
  made: boolean
  open: boolean
  onToggle: () => void
  onRestore: () => void
  /** The version's comparison, shown while open. */
  children: ReactNode
}

export function HistoryItem({ entry, current, made, open, onToggle, onRestore, children }: HistoryItemProps) {
  const panelId = useId()
  const version = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (made) version.current?.focus()
  }, [made])
  return (
    <li
      className={`grid grid-cols-1 gap-y-0.5 px-4 py-3 text-sm md:items-center md:gap-x-4 ${historyColumns}`}
    >
      <span
        ref={version}
        tabIndex={made ? -1 : undefined}
        className="font-semibold text-slate-900 dark:text-slate-100"
      >
        Version {entry.version}
      </span>
      <span className="text-slate-900 dark:text-slate-100 wrap-anywhere">{entry.name}</span>
      <span className="text-slate-700 dark:text-slate-300">
        <span className="md:sr-only">gespeichert am </span>
        {formatSavedAt(entry.savedAt)}
      </span>
      <span className="text-slate-700 dark:text-slate-300 wrap-anywhere">
        <span className="md:sr-only">von </span>
        {formatSavedBy(entry.savedBy)}
      </span>
      <span className="mt-2 flex flex-wrap items-center gap-2 md:mt-0 md:justify-end">
        <Button
          variant="secondary"
          aria-label={`Version ${String(entry.version)} ansehen`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <ChevronDown
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
          Ansehen
        </Button>
        {current ? (
          <span className="rounded-full bg-green-100 dark:bg-green-900 px-3 py-1 text-xs font-semibold text-green-900 dark:text-green-300">
            Aktuell
          </span>
        ) : (
          <Button
            variant="secondary"
            aria-label={`Version ${String(entry.version)} wiederherstellen`}
            onClick={onRestore}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            Wiederherstellen
          </Button>
        )}
      </span>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={`Version ${String(entry.version)}`}
          className="col-span-full mt-3 border-t border-slate-200 dark:border-slate-700 pt-3"
        >
          {children}
        </div>
      )}
    </li>
  )
}
