import { useCallback, useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { useResource } from '@/lib/use-resource'
import type { HistoryEntry, HistoryPage } from './api/config'
import type { ScaleApi } from './api/scales'

interface OlderPages {
  /** The first page these continue; a new first page drops them. */
  after: HistoryPage
  entries: HistoryEntry[]
  nextBefore: number | undefined
}

/**
 * The stored versions of the scale `api` calls, newest first: the first 50, read again whenever
 * `liveVersion` changes (someone saved or restored), and older pages on request (loadOlder).
 */
export function useHistory(api: ScaleApi, liveVersion: number | undefined) {
  const loadFirstPage = useCallback(() => api.history(), [api])
  const [history, reload] = useResource(loadFirstPage, liveVersion)
  const [older, setOlder] = useState<OlderPages | null>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const first = history.state === 'ready' ? history.data : undefined
  const extra = older !== null && older.after === first ? older : null

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

  return {
    history,
    reload,
    entries: first === undefined ? [] : [...first.versions, ...(extra?.entries ?? [])],
    /** Where the next older page starts; undefined when there is none. */
    nextBefore: extra !== null ? extra.nextBefore : first?.nextBefore,
    loadingOlder,
    loadOlder,
  }
}

/** Restores a stored version as a new one (after the admin confirmed), and says how it went. */
export function useRestore(api: ScaleApi, onDone: () => void) {
  const [asking, setAsking] = useState<HistoryEntry | null>(null)
  const [restoring, setRestoring] = useState(false)
  // the version the last restore made: its row takes the focus once the list shows it
  const [made, setMade] = useState<number | null>(null)
  const restore = async (entry: HistoryEntry) => {
    setRestoring(true)
    try {
      const restored = await api.restore(entry.version)
      toast.success(`Version ${entry.version} als Version ${restored.version} wiederhergestellt.`)
      setMade(restored.version)
      setAsking(null)
      onDone()
    } catch (err) {
      toast.error(`Nicht wiederhergestellt: ${errorMessage(err)}`)
      setAsking(null)
    } finally {
      setRestoring(false)
    }
  }
  return { asking, setAsking, restoring, restore, made }
}

/** Which versions are open (their comparison shown); opening one reads it first (onOpen). */
export function useOpenVersions(onOpen: (version: number) => void) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const toggle = (version: number) => {
    onOpen(version)
    setOpen((now) => {
      const next = new Set(now)
      if (!next.delete(version)) next.add(version)
      return next
    })
  }
  return { open, toggle }
}
