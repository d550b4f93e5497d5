import { ChevronDown, RotateCcw } from 'lucide-react'
import { useCallback, useId, useState, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { errorMessage } from '@/lib/api-client'
import type { LiveConfig } from '@/lib/config'
import { formatSavedAt, formatSavedBy } from '@/lib/format'
import { toast } from '@/lib/toast'
import { useLiveConfig } from '@/lib/use-live-config'
import { useResource, type Resource } from '@/lib/use-resource'
import type { HistoryEntry, HistoryPage } from '../api/config'
import { defaultScaleApi } from '../api/scales'
import type { EditorSource } from '../editor-source'
import { useStoredVersions } from '../use-stored-versions'
import { VersionComparison } from './version-comparison'

// the last column holds both buttons side by side from xl; narrower they stack
const columns =
  'md:grid-cols-[6rem_minmax(0,1fr)_11rem_minmax(0,1fr)_11rem] xl:grid-cols-[6rem_minmax(0,1fr)_11rem_minmax(0,1fr)_21rem]'

/**
 * "Verlauf": every stored version, newest first, 50 at a time ("Ältere Versionen laden" for more), each
 * to be opened (its table and what differs from the current version) and restored as a new version after
 * the same comparison. The list is
 * read again whenever the live configuration changes (someone saved or restored).
 */
export function ConfigHistory({ source }: { source?: EditorSource }) {
  const page = useLiveConfig()
  const live = source?.live ?? page
  const api = source?.api ?? defaultScaleApi
  const liveVersion = live.data?.version
  const loadFirstPage = useCallback(() => api.history(), [api])
  const [history, reload] = useResource(loadFirstPage, liveVersion)
  const stored = useStoredVersions(api)
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const [asking, setAsking] = useState<HistoryEntry | null>(null)
  const [restoring, setRestoring] = useState(false)
  // Older pages loaded on request, for the first page they continue; a new first page drops them.
  const [older, setOlder] = useState<{
    after: HistoryPage
    entries: HistoryEntry[]
    nextBefore: number | undefined
  } | null>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const first = history.state === 'ready' ? history.data : undefined
  const extra = older !== null && older.after === first ? older : null
  const entries = first === undefined ? [] : [...first.versions, ...(extra?.entries ?? [])]
  const nextBefore = extra !== null ? extra.nextBefore : first?.nextBefore

  const loadOlder = async (before: number) => {
    if (first === undefined) return
    setLoadingOlder(true)
    try {
      const next = await api.history(before)
      setOlder({
        after: first,
        entries: [...(extra?.entries ?? []), ...next.versions],
        nextBefore: next.nextBefore,
      })
    } catch (err) {
      toast.error(`Ältere Versionen nicht geladen: ${errorMessage(err)}`)
    } finally {
      setLoadingOlder(false)
    }
  }

  const toggle = (version: number) => {
    stored.load(version)
    setOpen((now) => {
      const next = new Set(now)
      if (!next.delete(version)) next.add(version)
      return next
    })
  }
  const ask = (entry: HistoryEntry) => {
    stored.load(entry.version)
    setAsking(entry)
  }
  const compare = (version: number, onlyChanged: boolean) => (
    <Comparison
      resource={stored.versions.get(version)}
      current={live.data}
      onlyChanged={onlyChanged}
      onRetry={() => {
        stored.load(version)
      }}
    />
  )

  const restore = async (entry: HistoryEntry) => {
    setRestoring(true)
    try {
      const restored = await api.restore(entry.version)
      toast.success(`Version ${entry.version} als Version ${restored.version} wiederhergestellt.`)
      setAsking(null)
      reload()
    } catch (err) {
      toast.error(`Nicht wiederhergestellt: ${errorMessage(err)}`)
      setAsking(null)
    } finally {
      setRestoring(false)
    }
  }

  return (
    <Card
      title={source?.title === undefined ? 'Verlauf' : `Verlauf: ${source.title}`}
      description="Jede gespeicherte Version. Wiederherstellen speichert sie als neue Version; nichts geht verloren."
    >
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
        <ol
          className="divide-y divide-slate-200 dark:divide-slate-700 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
          aria-label="Gespeicherte Versionen"
        >
          <li
            aria-hidden="true"
            className={`hidden gap-4 bg-slate-50 dark:bg-slate-950 px-4 py-2 text-sm font-semibold text-slate-700 dark:text-slate-300 md:grid ${columns}`}
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
              open={open.has(entry.version)}
              onToggle={() => {
                toggle(entry.version)
              }}
              onRestore={() => {
                ask(entry)
              }}
            >
              {compare(entry.version, false)}
            </HistoryItem>
          ))}
        </ol>
      )}
      {nextBefore !== undefined && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={loadingOlder}
          onClick={() => void loadOlder(nextBefore)}
        >
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
            „{asking.name}“ vom {formatSavedAt(asking.savedAt)} wird als neue Version gespeichert und gilt
            sofort auf allen geöffneten Seiten. Die bisherigen Versionen bleiben im Verlauf.
          </p>
          {/* scrolls on its own, so that the question and both buttons stay in view */}
          <div
            role="region"
            aria-label="Vergleich mit der aktuellen Version"
            tabIndex={0}
            className="max-h-[45vh] overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700 p-3 focus-visible:outline-2 focus-visible:outline-green-700 dark:focus-visible:outline-green-500"
          >
            {compare(asking.version, true)}
          </div>
        </ConfirmDialog>
      )}
    </Card>
  )
}

interface HistoryItemProps {
  entry: HistoryEntry
  current: boolean
  open: boolean
  onToggle: () => void
  onRestore: () => void
  /** The version's comparison, shown while open. */
  children: ReactNode
}

function HistoryItem({ entry, current, open, onToggle, onRestore, children }: HistoryItemProps) {
  const panelId = useId()
  return (
    <li className={`grid grid-cols-1 gap-y-0.5 px-4 py-3 text-sm md:items-center md:gap-x-4 ${columns}`}>
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

interface ComparisonProps {
  resource: Resource<LiveConfig> | undefined
  current: LiveConfig | undefined
  onlyChanged: boolean
  onRetry: () => void
}

/** A stored version against the current one, once both are there. */
function Comparison({ resource, current, onlyChanged, onRetry }: ComparisonProps) {
  if (resource?.state === 'failed') {
    return (
      <Notice tone="error">
        <p>Die Version konnte nicht geladen werden: {resource.message}</p>
        <Button variant="secondary" onClick={onRetry}>
          Erneut versuchen
        </Button>
      </Notice>
    )
  }
  if (resource?.state !== 'ready' || current === undefined) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        Version wird geladen …
      </p>
    )
  }
  return <VersionComparison version={resource.data} current={current} onlyChanged={onlyChanged} />
}
