import type { ReactNode } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { formatSavedAt } from '@/lib/format'
import type { HistoryEntry } from '../api/config'

interface RestoreDialogProps {
  entry: HistoryEntry
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
  /** What would change: the version against the current one. */
  children: ReactNode
}

/** Asks before a stored version is restored as a new version, with what would change. */
export function RestoreDialog({ entry, busy, onConfirm, onCancel, children }: RestoreDialogProps) {
  return (
    <ConfirmDialog
      title={`Version ${entry.version} wiederherstellen?`}
      confirmLabel="Wiederherstellen"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        „{entry.name}“ vom {formatSavedAt(entry.savedAt)} wird als neue Version gespeichert und gilt sofort
        auf allen geöffneten Seiten. Die bisherigen Versionen bleiben im Verlauf.
      </p>
      {/* scrolls on its own, so that the question and both buttons stay in view */}
      <div
        role="region"
        aria-label="Vergleich mit der aktuellen Version"
        tabIndex={0}
        className="max-h-[45vh] overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700 p-3 focus-visible:outline-2 focus-visible:outline-green-700 dark:focus-visible:outline-green-500"
      >
        {children}
      </div>
    </ConfirmDialog>
  )
}
