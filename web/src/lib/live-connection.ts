import { parseLiveConfig, type LiveConfig } from './config'
import { readStoredConfig, storeConfig } from './stored-config'

// The live configuration as a plain object (no React): one EventSource, store → broker → SSE →
// here → calculator (STYLE.md). Every configuration received is also kept in the browser
// (stored-config.ts): when the page starts without a connection, or the connection drops, the last
// one stays usable, marked `stale` with the time it was received. The app shows it through
// useLiveConnection (use-live-config.ts) and turns the events into toasts (app/live-config-toasts.ts).

export const CONFIG_EVENTS_URL = '/api/v1/config/events'

/** The configuration in use may be out of date: the live connection is down. */
export interface Staleness {
  /** When this browser last received the configuration from the server (ISO 8601). */
  receivedAt: string
}

export type LiveConfigState =
  | {
      state: 'loading'
      data?: undefined
      stale?: undefined
      /** Nothing has arrived after LOAD_TIMEOUT_MS (and no configuration is kept): the page says so. */
      failed: boolean
      /** Try again now instead of waiting out the back-off. */
      retry: () => void
    }
  | { state: 'ready'; data: LiveConfig; stale?: Staleness }
  /** The stream answered 404: the scale does not exist (issue 17); nothing is retried. */
  | { state: 'missing'; data?: undefined; stale?: undefined }

/**
 * What happened, for those who tell people about it (the state itself is read with getSnapshot):
 * `config` a current configuration is shown (one arrived, or a resumed stream made the shown one
 * current again); `stale` the shown one may be out of date (or a kept one is shown); `lost` an open
 * connection has been down for LOST_AFTER_MS (once per outage); `restored` it is back after a
 * `lost`; `failed` nothing to show after LOAD_TIMEOUT_MS; `missing` the stream does not exist.
 */
export type LiveEvent = 'config' | 'stale' | 'lost' | 'restored' | 'failed' | 'missing'

export interface LiveConnectionOptions {
  /** The SSE stream of `config` events (CONFIG_EVENTS_URL); asked with HEAD for a Retry-After. */
  eventsUrl: string
  /** Where the browser keeps the last configuration received (stored-config.ts). */
  storageKey: string
  /** A configuration the page already has (e.g. from the served HTML): shown at once, then confirmed or replaced by the stream. */
  initial?: LiveConfig
  /** When this browser received initial, for the stale notice (ISO 8601; default now). */
  initialReceivedAt?: string
  /**
   * A scale's stream: a 404 means the scale does not exist (an old link, a typo), which no retry
   * mends, so the connection stops and reports `missing`. The default's stream always exists.
   */
  mayNotExist?: boolean
}

export interface LiveConnection {
  /** The current state; the same object until something changes (useSyncExternalStore). */
  getSnapshot: () => LiveConfigState
  /** Calls listener on every event; returns the unsubscribe function. */
  subscribe: (listener: (event: LiveEvent) => void) => () => void
  /** Connects (again after close); does nothing while connected. */
  open: () => void
  /** Stops everything open started: the stream, every timer, the `online` listener. */
  close: () => void
  /** Tries again at once instead of waiting out the back-off (an open stream is left alone). */
  retry: () => void
}

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
 * How long a shown configuration's stream may be down before anyone is told: the server ends
 * streams on purpose (an archived scale, a move of the default) and the browser is back within
 * about a second (`retry: 1000`). A reconnect nobody saw gets no "lost", and so no "restored".
 */
export const LOST_AFTER_MS = 3_000

/**
 * What the server says about a stream EventSource gave up on, which EventSource hides, so it is
 * asked again with HEAD under the same limits: its status (0 when it cannot be reached) and how long
 * to wait before the next stream, in ms (the Retry-After of a refused one: 429 too many from this
 * address, 503 too many in all; else 0).
 */
async function probe(url: string): Promise<{ status: number; wait: number }> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' })
    return { status: res.status, wait: (Number(res.headers.get('Retry-After')) || 0) * 1000 }
  } catch {
    return { status: 0, wait: 0 }
  }
}

/**
 * A live configuration stream, idle until open(). EventSource reconnects by itself after a dropped
 * connection; when it gives up (readyState CLOSED, e.g. after an HTTP error such as a proxy's 502
 * during a restart) or the stream stays silent for STALE_AFTER_MS, a new one is opened after 1 s,
 * doubling up to 30 s, or after the server's Retry-After when it refused the stream for its limits
 * (docs/operations.md).
 */
export function createLiveConnection({
  eventsUrl,
  storageKey,
  initial,
  initialReceivedAt,
  mayNotExist = false,
}: LiveConnectionOptions): LiveConnection {
  const listeners = new Set<(event: LiveEvent) => void>()
  let snapshot: LiveConfigState = initial
    ? { state: 'ready', data: initial }
    : { state: 'loading', failed: false, retry }
  let receivedAt = initialReceivedAt ?? new Date().toISOString() // of the configuration shown
  let source: EventSource | null = null
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let staleTimer: ReturnType<typeof setTimeout> | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let lossTimer: ReturnType<typeof setTimeout> | undefined // set while a shown one's stream is down
  let retryDelay = RETRY_FIRST_MS
  let received = false
  let running = false
  let wasOpen = false // a connection was open and has not been reported lost yet
  let outage = false // the loss was reported; the next open reports the restore

  const emit = (event: LiveEvent) => {
    listeners.forEach((listener) => {
      listener(event)
    })
  }
  const set = (next: LiveConfigState, event: LiveEvent) => {
    snapshot = next
    emit(event)
  }
  const show = (data: LiveConfig, stale: boolean) => {
    if (stale) set({ state: 'ready', data, stale: { receivedAt } }, 'stale')
    else set({ state: 'ready', data }, 'config')
  }

  const reportLost = () => {
    if (wasOpen && !outage) {
      wasOpen = false
      outage = true
      emit('lost')
    }
  }

  const reconnectLater = () => {
    stopSource()
    const delay = retryDelay
    const asked = Date.now()
    retryTimer = setTimeout(connect, delay)
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
    void probe(eventsUrl).then(({ status, wait }) => {
      if (!running) return
      if (status === 404 && mayNotExist && source?.readyState !== EventSource.OPEN) {
        close()
        set({ state: 'missing' }, 'missing')
        return
      }
      // A server that refused the stream says when to come back: wait at least that long.
      if (wait <= delay || source !== null) return
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
    clearTimeout(lossTimer)
    lossTimer = undefined
    retryDelay = RETRY_FIRST_MS
    wasOpen = true
    // A resumed stream (Last-Event-ID) sends nothing when the version shown is still the newest:
    // being connected again is what makes it current.
    if (snapshot.stale) show(snapshot.data, false)
    if (outage) {
      outage = false
      emit('restored')
    }
  }

  const onConfig = (event: MessageEvent<string>) => {
    watch()
    const next = parseLiveConfig(event.data)
    if (next === null) {
      console.warn('live config: ignored an event that is not a configuration')
      return
    }
    received = true
    receivedAt = new Date().toISOString()
    storeConfig(next, receivedAt, storageKey)
    // The version already shown (e.g. the page's initial one, confirmed): nothing to render again.
    const shown = snapshot.stale ? undefined : snapshot.data
    // A scale's version can come again as archived (issue 17): that is news.
    if (shown?.version !== next.version || shown.savedAt !== next.savedAt || shown.archived !== next.archived)
      show(next, false)
  }

  // No live connection: keep what is shown, marked as possibly out of date; before anything
  // arrived, fall back to the configuration kept from an earlier visit.
  const goStale = () => {
    if (snapshot.state === 'missing') return // a kept copy of a scale that does not exist helps no one
    if (snapshot.data !== undefined) {
      if (!snapshot.stale) show(snapshot.data, true)
      return
    }
    const stored = readStoredConfig(storageKey)
    if (stored !== null) {
      receivedAt = stored.storedAt
      show(stored.live, true)
    }
  }

  // Nothing shown yet: the kept configuration at once. A shown one stays current for LOST_AFTER_MS,
  // so that a stream the server ended on purpose comes back without a word.
  const onError = () => {
    if (snapshot.data === undefined) goStale()
    else
      lossTimer ??= setTimeout(() => {
        reportLost()
        goStale()
      }, LOST_AFTER_MS)
    if (source?.readyState === EventSource.CLOSED) reconnectLater()
  }

  function stopSource() {
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
    source = new EventSource(eventsUrl)
    source.addEventListener('open', onOpen)
    source.addEventListener('config', onConfig)
    source.addEventListener('ping', watch)
    source.addEventListener('error', onError)
    watch()
  }

  // Back online, or "Erneut versuchen": do not wait out the retry delay, nor the browser's own retry
  // of a stream that is still trying to reconnect (an open stream is left alone; the silence watch
  // covers a dead one).
  function retry() {
    if (!running || source?.readyState === EventSource.OPEN) return
    stopSource()
    clearTimeout(retryTimer)
    retryDelay = RETRY_FIRST_MS
    connect()
  }

  function open() {
    if (running) return
    running = true
    retryDelay = RETRY_FIRST_MS
    window.addEventListener('online', retry)
    connect()
    loadTimer = setTimeout(() => {
      if (received) return
      goStale() // a stream that hangs (no error, no data) counts as no connection
      if (snapshot.state === 'loading') set({ state: 'loading', failed: true, retry }, 'failed')
    }, LOAD_TIMEOUT_MS)
  }

  function close() {
    running = false
    clearTimeout(loadTimer)
    clearTimeout(retryTimer)
    clearTimeout(lossTimer)
    lossTimer = undefined
    window.removeEventListener('online', retry)
    stopSource()
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open,
    close,
    retry,
  }
}
