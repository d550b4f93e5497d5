import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { errorMessage, getHistory, isAuthError, restoreVersion, type HistoryEntry, type HistoryPage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { formatSavedAt, formatSavedBy } from '@/lib/format'
import { useLiveConfig } from '@/lib/use-live-config'
import { useResource } from '@/lib/use-resource'

const loadFirstPage = () => getHistory()

/**
 * "Verlauf": every stored version, newest first, 50 at a time, each restorable as a new version. The list is
 * read again whenever the live configuration changes (someone saved or restored).
 */
export function ConfigHistory() {
  const { refresh } = useAuth()
  const live = useLiveConfig()
  const liveVersion = live.data?.version
  const [history, reload] = useResource(loadFirstPage, liveVersion, (err) => {
    if (isAuthError(err)) void refresh()
  })
  const [asking, setAsking] = useState<HistoryEntry | null>(null)
  const [restoring, setRestoring] = useState(false)
  // Older pages loaded on request, for the first page they continue; a new first page drops them.
  const [older, setOlder] = useState<{ after: HistoryPage; entries: HistoryEntry[]; nextBefore: number | undefined } | null>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const first = history.state === 'ready' ? history.data : undefined
  const extra = older !== null && older.after === first ? older : null
  const entries = first === undefined ? [] : [...first.versions, ...(extra?.entries ?? [])]
  const nextBefore = extra !== null ? extra.nextBefore : first?.nextBefore

  const loadOlder = async (before: number) => {
    if (first === undefined) return
    setLoadingOlder(true)
    try {
      const page = await getHistory(before)
      setOlder({ after: first, entries: [...(extra?.entries ?? []), ...page.versions], nextBefore: page.nextBefore })
    } catch (err) {
      if (isAuthError(err)) void refresh()
      toast.error(`Ältere Versionen nicht geladen: ${errorMessage(err)}`)
    } finally {
      setLoadingOlder(false)
    }
  }

  const restore = async (entry: HistoryEntry) => {
    setRestoring(true)
    try {
      const restored = await restoreVersion(entry.version)
      toast.success(`Version ${entry.version} als Version ${restored.version} wiederhergestellt.`)
      setAsking(null)
      reload()
    } catch (err) {
      if (isAuthError(err)) void refresh()
      toast.error(`Nicht wiederhergestellt: ${errorMessage(err)}`)
      setAsking(null)
    } finally {
      setRestoring(false)
    }
  }

  return (
    <Card title="Verlauf" description="Jede gespeicherte Version. Wiederherstellen speichert sie als neue Version; nichts geht verloren.">
      {history.state === 'loading' && <Spinner label="Verlauf wird geladen" />}
      {history.state === 'failed' && (
        <Notice tone="error" role="alert">
          <p>{history.message}</p>
          <Button variant="secondary" onClick={reload}>
            Erneut versuchen
          </Button>
        </Notice>
      )}
      {history.state === 'ready' && (
        <ol className="divide-y divide-slate-200 dark:divide-slate-700 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700" aria-label="Gespeicherte Versionen">
          <li aria-hidden="true" className="hidden grid-cols-[6rem_minmax(0,1fr)_11rem_minmax(0,1fr)_11rem] gap-4 bg-slate-50 dark:bg-slate-950 px-4 py-2 text-sm font-semibold text-slate-700 dark:text-slate-300 md:grid">
            <span>Version</span>
            <span>Name</span>
            <span>Gespeichert am</span>
            <span>Von</span>
            <span />
          </li>
          {entries.map((entry) => (
            <li
              key={entry.version}
              className="grid grid-cols-1 gap-y-0.5 px-4 py-3 text-sm md:grid-cols-[6rem_minmax(0,1fr)_11rem_minmax(0,1fr)_11rem] md:items-center md:gap-4"
            >
              <span className="font-semibold text-slate-900 dark:text-slate-100">Version {entry.version}</span>
              <span className="text-slate-900 dark:text-slate-100 wrap-anywhere">{entry.name}</span>
              <span className="text-slate-700 dark:text-slate-300">
                <span className="md:sr-only">gespeichert am </span>
                {formatSavedAt(entry.savedAt)}
              </span>
              <span className="text-slate-700 dark:text-slate-300 wrap-anywhere">
                <span className="md:sr-only">von </span>
                {formatSavedBy(entry.savedBy)}
              </span>
              <span className="mt-2 flex md:mt-0 md:justify-end">
                {entry.version === liveVersion ? (
                  <span className="rounded-full bg-green-100 dark:bg-green-900 px-3 py-1 text-xs font-semibold text-green-900 dark:text-green-300">Aktuell</span>
                ) : (
                  <Button
                    variant="secondary"
                    aria-label={`Version ${entry.version} wiederherstellen`}
                    onClick={() => {
                      setAsking(entry)
                    }}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    Wiederherstellen
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {nextBefore !== undefined && (
        <Button variant="secondary" className="mt-4" disabled={loadingOlder} onClick={() => void loadOlder(nextBefore)}>
          {loadingOlder ? 'Wird geladen …' : 'Ältere Versionen laden'}
        </Button>
      )}
      {asking !== null && (
        <ConfirmDialog
          title={`Version ${asking.version} wiederherstellen?`}
          confirmLabel="Wiederherstellen"
          busy={restoring}
          onConfirm={() => void restore(asking)}
          onCancel={() => {
            setAsking(null)
          }}
        >
          <p>
            „{asking.name}“ vom {formatSavedAt(asking.savedAt)} wird als neue Version gespeichert und gilt sofort auf allen
            geöffneten Seiten. Die bisherigen Versionen bleiben im Verlauf.
          </p>
        </ConfirmDialog>
      )}
    </Card>
  )
}
