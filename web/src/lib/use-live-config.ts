import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { parseLiveConfig, type LiveConfig } from './config'
import { openConfigEvents, streamRetryAfter } from './config-events'
import { readStoredConfig, storeConfig } from './stored-config'
import { toast } from './toast'

// The live configuration: one EventSource per page (shared through LiveConfigContext),
// following store → broker → SSE → here → calculator (STYLE.md). Every configuration received is
// also kept in the browser (stored-config.ts): when the page starts without a connection, or the
// connection drops, the last one stays usable, marked `stale` with the time it was received.

/** The configuration in use may be out of date: the live connection is down. */
export interface Staleness {
  /** When this browser last received the configuration from the server (ISO 8601). */
  receivedAt: string
}

export type LiveConfigState =
  | {
      state: 'loading'
      data?: undefined
      /** Nothing has arrived after LOAD_TIMEOUT_MS (and no configuration is kept): the page says so. */
      failed: boolean
      /** Try again now instead of waiting out the back-off. */
      retry: () => void
    }
  | { state: 'ready'; data: LiveConfig; stale?: Staleness }

interface Held {
  data: LiveConfig
  receivedAt: string
  stale: boolean
}

export const CONNECTION_TOAST_ID = 'live-config-connection'
export const LOAD_TOAST_ID = 'live-config-load'
export const MSG_CONNECTION_LOST = 'Verbindung zur Live-Konfiguration unterbrochen. Neuer Versuch …'
export const MSG_CONNECTION_RESTORED = 'Verbindung wiederhergestellt.'
export const MSG_LOAD_FAILED = 'Die Konfiguration konnte nicht geladen werden. Neuer Versuch läuft …'

/** Time after which a configuration that has not arrived is reported (SPEC §7). */
export const LOAD_TIMEOUT_MS = 10_000
const RETRY_FIRST_MS = 1_000
const RETRY_MAX_MS = 30_000
/**
 * The server sends a `ping` event every 20 s (internal/live). A stream silent for longer than two of them
 * is taken as dead — a lost network often leaves no error at all — and replaced.
 */
export const STALE_AFTER_MS = 45_000

/**
 * Opens the configuration stream and keeps it open for as long as the calling component is
 * mounted. EventSource reconnects by itself after a dropped connection; when it gives up
 * (readyState CLOSED, e.g. after an HTTP error such as a proxy's 502 during a restart) or the
 * stream stays silent for STALE_AFTER_MS, a new one is opened after 1 s, doubling up to 30 s, or
 * after the server's Retry-After when it refused the stream for its limits (docs/operations.md).
 * Call it once, in the app's providers; components read it with useLiveConfig.
 */
export function useLiveConfigSource(): LiveConfigState {
  const [held, setHeld] = useState<Held>()
  const [failed, setFailed] = useState(false)
  const retry = useRef<(() => void) | undefined>(undefined)

  useEffect(() => {
    let current: Held | undefined
    const hold = (next: Held) => {
      current = next
      setHeld(next)
    }
    let source: EventSource | null = null
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let staleTimer: ReturnType<typeof setTimeout> | undefined
    let retryDelay = RETRY_FIRST_MS
    let received = false
    let stopped = false
    let wasOpen = false // a connection was open and has not been reported lost yet
    let outage = false // the loss was reported; the next open reports the restore

    const reportLost = () => {
      if (wasOpen && !outage) {
        wasOpen = false
        outage = true
        toast.error(MSG_CONNECTION_LOST, { id: CONNECTION_TOAST_ID })
      }
    }

    const reconnectLater = () => {
      close()
      const delay = retryDelay
      const asked = Date.now()
      retryTimer = setTimeout(connect, delay)
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
      // A server that refused the stream says when to come back: wait at least that long.
      void streamRetryAfter().then((wait) => {
        if (wait <= delay || source !== null || stopped) return
        clearTimeout(retryTimer)
        retryTimer = setTimeout(connect, wait - (Date.now() - asked))
      })
    }

    // Anything the server sends proves the stream alive.
    const watch = () => {
      clearTimeout(staleTimer)
      staleTimer = setTimeout(() => {
        reportLost()
        goStale()
        reconnectLater()
      }, STALE_AFTER_MS)
    }

    const onOpen = () => {
      watch()
      retryDelay = RETRY_FIRST_MS
      wasOpen = true
      // A resumed stream (Last-Event-ID) sends nothing when the version shown is still the newest:
      // being connected again is what makes it current.
      if (current?.stale === true) hold({ ...current, stale: false })
      if (outage) {
        outage = false
        toast.success(MSG_CONNECTION_RESTORED, { id: CONNECTION_TOAST_ID })
      }
    }

    const onConfig = (event: MessageEvent<string>) => {
      watch()
      const next = parseLiveConfig(event.data)
      if (next === null) {
        console.warn('live config: ignored an event that is not a configuration')
        return
      }
      if (!received) {
        received = true
        toast.dismiss(LOAD_TOAST_ID)
      }
      const receivedAt = new Date().toISOString()
      storeConfig(next, receivedAt)
      hold({ data: next, receivedAt, stale: false })
    }

    // No live connection: keep what is shown, marked as possibly out of date; before anything
    // arrived, fall back to the configuration kept from an earlier visit.
    const goStale = () => {
      if (current !== undefined) {
        if (!current.stale) hold({ ...current, stale: true })
        return
      }
      const stored = readStoredConfig()
      if (stored !== null) {
        toast.dismiss(LOAD_TOAST_ID)
        hold({ data: stored.live, receivedAt: stored.storedAt, stale: true })
      }
    }

    const onError = () => {
      reportLost()
      goStale()
      if (source?.readyState === EventSource.CLOSED) reconnectLater()
    }

    function close() {
      clearTimeout(staleTimer)
      if (source === null) return
      source.removeEventListener('open', onOpen)
      source.removeEventListener('config', onConfig)
      source.removeEventListener('ping', watch)
      source.removeEventListener('error', onError)
      source.close()
      source = null
    }

    function connect() {
      source = openConfigEvents()
      source.addEventListener('open', onOpen)
      source.addEventListener('config', onConfig)
      source.addEventListener('ping', watch)
      source.addEventListener('error', onError)
      watch()
    }

    // Back online, or "Erneut versuchen": do not wait out the retry delay, nor the browser's own retry
    // of a stream that is still trying to reconnect (an open stream is left alone; the silence watch
    // covers a dead one).
    const onOnline = () => {
      if (source?.readyState === EventSource.OPEN) return
      close()
      clearTimeout(retryTimer)
      retryDelay = RETRY_FIRST_MS
      connect()
    }
    window.addEventListener('online', onOnline)
    retry.current = onOnline

    connect()
    const loadTimer = setTimeout(() => {
      if (received) return
      goStale() // a stream that hangs (no error, no data) counts as no connection
      if (current === undefined) {
        toast.error(MSG_LOAD_FAILED, { id: LOAD_TOAST_ID })
        setFailed(true)
      }
    }, LOAD_TIMEOUT_MS)

    return () => {
      stopped = true
      clearTimeout(loadTimer)
      clearTimeout(retryTimer)
      window.removeEventListener('online', onOnline)
      close()
    }
  }, [])

  if (held === undefined) return { state: 'loading', failed, retry: () => { retry.current?.() } }
  return held.stale ? { state: 'ready', data: held.data, stale: { receivedAt: held.receivedAt } } : { state: 'ready', data: held.data }
}

export const LiveConfigContext = createContext<LiveConfigState | null>(null)

/** The live configuration provided by AppProvider (app/provider.tsx): 'loading' until the first one arrives. */
export function useLiveConfig(): LiveConfigState {
  const value = useContext(LiveConfigContext)
  if (value === null) throw new Error('useLiveConfig must be used inside AppProvider')
  return value
}
