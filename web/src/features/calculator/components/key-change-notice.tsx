import { Button } from '@/components/button'
import type { LiveConfig } from '@/lib/config'
import { formatSavedAt } from '@/lib/format'
import { keyChanges } from '../key-changes'

interface KeyChangeNoticeProps {
  /** The version the teacher saw last, and the one shown now. */
  before: LiveConfig
  after: LiveConfig
  onDismiss: () => void
}

/**
 * Says that the shown key changed while the page was open, and how: it stays at the top of the screen
 * while the teacher scrolls (to the Notenspiegel, say) until dismissed, and screen readers announce it.
 * Loaded only when a change comes, with the comparison of the two keys.
 */
export default function KeyChangeNotice({ before, after, onDismiss }: KeyChangeNoticeProps) {
  const lines = keyChanges(before.config, after.config)
  return (
    // an aside, not a region: "Notenschlüssel" stays the name of one region of the page, the table's
    <aside
      aria-labelledby="key-change-title"
      className="sticky top-2 z-20 rounded-xl wrap-anywhere border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100 print:hidden"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="key-change-title" className="font-semibold">
            Der Notenschlüssel wurde geändert
          </h2>
          {/* An alert is announced when it appears, also when the part holding it has just loaded. */}
          <p role="alert" className="sr-only">
            Der Notenschlüssel wurde geändert: jetzt Version {after.version}. Noten sind neu berechnet.
          </p>
          <p className="mt-1">
            Jetzt gilt Version {after.version} vom {formatSavedAt(after.savedAt)} (vorher Version{' '}
            {before.version}). Noten und Notenspiegel auf dieser Seite sind neu berechnet.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={onDismiss}
          className="shrink-0 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Verstanden
        </Button>
      </div>
      {lines.length === 0 ? (
        <p className="mt-2">Die Bereiche der Noten sind gleich geblieben.</p>
      ) : (
        <details className="mt-2" open={lines.length <= 3}>
          <summary className="cursor-pointer font-medium">
            {lines.length === 1 ? 'Eine Änderung' : `${String(lines.length)} Änderungen`}
          </summary>
          <ul className="mt-1 list-disc space-y-1 pl-5 tabular-nums">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </aside>
  )
}
