import { parseLiveConfig, type LiveConfig } from './config'
import type { PollAnswer, Poller } from './live-poll'
import { probe, refused } from './live-probe'
import {
  FIRST_EVENT_MS,
  LOAD_TIMEOUT_MS,
  LOST_AFTER_MS,
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  STALE_AFTER_MS,
  STREAM_FAILURES,
  TRIAL_FIRST_MS,
  TRIAL_MAX_MS,
} from './live-timing'
import type { LiveConfigState, LiveConnection, LiveConnectionOptions, LiveEvent } from './live-types'
import { readStoredConfig, storeConfig } from './stored-config'

// The live configuration as a plain object (no React): one EventSource, store → broker → SSE →
// here → calculator (STYLE.md). Where the stream cannot be had — the server refuses it for its
// limits (a school behind one address), a proxy cuts it again and again or buffers it so that no
// event arrives — the page asks for the configuration every 10 s instead (live-poll.ts) and tries
// the stream again now and then. Every configuration received is also kept in the browser
// (stored-config.ts): when neither works, the last one stays usable, marked `stale` with the time
// it was received. The app shows it through useLiveConnection (use-live-config.ts) and turns the
// events into toasts (app/live-config-toasts.ts).

export { CONFIG_EVENTS_URL } from './scale-choice'

export type {
  LiveConfigState,
  LiveConnection,
  LiveConnectionOptions,
  LiveEvent,
  Staleness,
} from './live-types'

export {
  FIRST_EVENT_MS,
  LOAD_TIMEOUT_MS,
  LOST_AFTER_MS,
  POLL_BOUND_S,
  POLL_INTERVAL_MS,
  POLL_JITTER_MS,
  POLL_TIMEOUT_MS,
  STALE_AFTER_MS,
  STREAM_FAILURES,
  TRIAL_FIRST_MS,
  TRIAL_MAX_MS,
} from './live-timing'

type Shown = 'live' | 'polled' | 'stale'

/**
 * The polls' code is not part of the calculator route's first download, which has a budget
 * (docs/benchmarks.md): open() fetches it at once, because it is needed exactly when the stream
 * cannot be had (and the network may be going away).
 */
const loadPoller = () => import('./live-poll')

/**
 * A live configuration stream, idle until open(). EventSource reconnects by itself after a dropped
 * connection; when it gives up (readyState CLOSED, e.g. a proxy's 502 during a restart) a new one
 * is opened after 1 s, doubling up to 30 s. The page polls instead (docs/operations.md) when the
 * server refused the stream (HEAD: 429 or 503), after STREAM_FAILURES failures with no event in
 * between, or when a stream is silent (FIRST_EVENT_MS after it opened, STALE_AFTER_MS later), until
 * a stream tried after Retry-After or TRIAL_FIRST_MS doubling to TRIAL_MAX_MS brings an event.
 * Only a poll that fails (the stream being down) makes the shown one stale.
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
  let retryTimer: ReturnType<typeof setTimeout> | undefined // the next stream
  let silenceTimer: ReturnType<typeof setTimeout> | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let lossTimer: ReturnType<typeof setTimeout> | undefined // set while a shown one's stream is down
  let retryDelay = RETRY_FIRST_MS
  let trialDelay = TRIAL_FIRST_MS
  let failures = 0 // streams failed since the last event
  let refusedUntil = 0 // the server's Retry-After, as a time (ms)
  let pollFailed = false // the last poll got no answer: with the stream down, an outage
  let loadDue = false // LOAD_TIMEOUT_MS has passed
  let heard = false // an event has arrived since open()
  let running = false
  let session = 0 // a probe's answer from before a close() is ignored
  let wasOpen = false // a connection worked and has not been reported lost yet
  let outage = false // the loss was reported; the next working connection reports the restore
  let polling = false // the page polls (while the poller's code loads, too)
  let poller: Poller | undefined
  let pollerLoad: Promise<Poller> | undefined

  const emit = (event: LiveEvent) => {
    listeners.forEach((listener) => {
      listener(event)
    })
  }
  const set = (next: LiveConfigState, event: LiveEvent) => {
    snapshot = next
    emit(event)
  }
  const show = (data: LiveConfig, how: Shown) => {
    if (how === 'stale') set({ state: 'ready', data, stale: { receivedAt } }, 'stale')
    else if (how === 'polled') set({ state: 'ready', data, polling: true }, 'config')
    else set({ state: 'ready', data }, 'config')
  }
  const shownAs = (): Shown | undefined =>
    snapshot.state !== 'ready' ? undefined : snapshot.stale ? 'stale' : snapshot.polling ? 'polled' : 'live'

  // A configuration from the server (an event, a poll's 200): kept, and shown unless it is the one
  // shown already, the same way (e.g. the page's initial one, confirmed: nothing to render again).
  const take = (next: LiveConfig, how: 'live' | 'polled') => {
    receivedAt = new Date().toISOString()
    storeConfig(next, receivedAt, storageKey)
    const shown = snapshot.data
    // A scale's version can come again as archived: that is news.
    if (
      shownAs() !== how ||
      shown?.version !== next.version ||
      shown.savedAt !== next.savedAt ||
      shown.archived !== next.archived
    )
      show(next, how)
  }
  // The shown configuration is current, as the server just confirmed (a ping, a 304).
  const confirm = (how: 'live' | 'polled') => {
    if (snapshot.state === 'ready' && shownAs() !== how) show(snapshot.data, how)
  }
  const working = () => {
    wasOpen = true
    if (outage) {
      outage = false
      emit('restored')
    }
  }

  const reportLost = () => {
    if (wasOpen && !outage) {
      wasOpen = false
      outage = true
      emit('lost')
    }
  }

  // The stream is down. That is an outage unless polls make up for it (or one is about to tell).
  const outageNow = () => {
    if (polling && !pollFailed) return
    reportLost()
    goStale()
    if (loadDue && snapshot.state === 'loading' && !snapshot.failed)
      set({ state: 'loading', failed: true, retry }, 'failed')
  }

  // No live connection: keep what is shown, marked as possibly out of date; before anything
  // arrived, fall back to the configuration kept from an earlier visit.
  const goStale = () => {
    if (snapshot.state === 'missing') return // a kept copy of a scale that does not exist helps no one
    if (snapshot.data !== undefined) {
      if (!snapshot.stale) show(snapshot.data, 'stale')
      return
    }
    const stored = readStoredConfig(storageKey)
    if (stored !== null) {
      receivedAt = stored.storedAt
      show(stored.live, 'stale')
    }
  }

  const stopMissing = () => {
    close()
    set({ state: 'missing' }, 'missing')
  }

  // The stream cannot be had for now: poll, and try it again after wait (ms), or after the next
  // step of TRIAL_FIRST_MS doubling to TRIAL_MAX_MS.
  function fallBack(wait?: number) {
    stopSource()
    clearTimeout(retryTimer)
    if (wait === undefined) {
      wait = trialDelay
      trialDelay = Math.min(trialDelay * 2, TRIAL_MAX_MS)
    }
    retryTimer = setTimeout(connect, wait)
    if (polling) return
    polling = true
    pollFailed = false
    withPoller((p) => {
      if (polling) p.start()
    })
  }

  // Runs then with the poller once its code is there; a load that failed is tried again next time.
  function withPoller(then: (p: Poller) => void) {
    pollerLoad ??= loadPoller().then(
      ({ createPoller }) =>
        (poller = createPoller(eventsUrl.replace(/\/events$/, ''), () => snapshot.data, onPoll)),
    )
    pollerLoad.then(then, () => {
      pollerLoad = undefined
      if (polling) onPoll({ kind: 'failed' }) // no network for the code either
    })
  }

  function onPoll(answer: PollAnswer) {
    if (answer.kind === 'missing' && mayNotExist) {
      stopMissing()
      return
    }
    if (answer.kind === 'config' || answer.kind === 'current') {
      const afterFailure = pollFailed
      pollFailed = false
      if (answer.kind === 'config') take(answer.data, 'polled')
      else confirm('polled')
      working()
      // An outage has ended (the server is back, or the network): the stream may work again too.
      if (afterFailure && source === null && Date.now() >= refusedUntil) fallBack(0)
      return
    }
    pollFailed = true
    outageNow()
  }

  // The stream failed: EventSource gave up (CLOSED) or is retrying, or it stayed silent.
  function streamFailed(closed: boolean) {
    failures += 1
    if (polling || failures >= STREAM_FAILURES) fallBack()
    else if (closed) {
      stopSource()
      retryTimer = setTimeout(connect, retryDelay)
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
    }
    if (!closed) return
    // What EventSource hides: a refusal (then poll and come back when the server says), a scale
    // that does not exist, or anything else (a proxy's 502: the next attempt is scheduled above).
    const asked = session
    void probe(eventsUrl).then(({ status, wait }) => {
      if (!running || asked !== session) return
      if (status === 404 && mayNotExist && source?.readyState !== EventSource.OPEN) stopMissing()
      else if (refused(status) && source === null) {
        refusedUntil = Date.now() + wait
        fallBack(wait > 0 ? wait : undefined)
      } else if (!polling && snapshot.data === undefined) goStale() // nothing shown: the kept copy
    })
  }

  // Anything the server sends proves the stream alive; a stream silent for `ms` has failed.
  const watch = (ms: number) => {
    clearTimeout(silenceTimer)
    silenceTimer = setTimeout(() => {
      failures += 1
      fallBack() // silence alone is reason enough to poll
    }, ms)
  }

  const onOpen = () => {
    watch(FIRST_EVENT_MS)
  }

  // An event: the stream works. Polling, if on, has done its job.
  const delivered = () => {
    heard = true
    watch(STALE_AFTER_MS)
    clearTimeout(lossTimer)
    lossTimer = undefined
    failures = 0
    retryDelay = RETRY_FIRST_MS
    trialDelay = TRIAL_FIRST_MS
    if (polling) {
      polling = false
      poller?.stop()
      clearTimeout(retryTimer) // the next trial: none needed
    }
  }

  const onPing = () => {
    delivered()
    // A resumed stream (Last-Event-ID) sends no version when the one shown is still the newest:
    // its first ping is what makes the shown one current again.
    confirm('live')
    working()
  }

  const onConfig = (event: MessageEvent<string>) => {
    delivered()
    const next = parseLiveConfig(event.data)
    if (next === null) console.warn('live config: ignored an event that is not a configuration')
    else take(next, 'live')
    working()
  }

  // Nothing shown yet: the kept configuration at once, unless the probe may still say the stream
  // was refused (then the polls will show the current one). A shown one stays current for
  // LOST_AFTER_MS, so that a stream the server ended on purpose comes back without a word.
  const onError = () => {
    const closed = source?.readyState === EventSource.CLOSED
    if (!polling) {
      if (snapshot.data !== undefined) lossTimer ??= setTimeout(outageNow, LOST_AFTER_MS)
      else if (!closed) goStale()
    }
    streamFailed(closed)
  }

  function stopSource() {
    clearTimeout(silenceTimer)
    if (source === null) return
    source.removeEventListener('open', onOpen)
    source.removeEventListener('config', onConfig)
    source.removeEventListener('ping', onPing)
    source.removeEventListener('error', onError)
    source.close()
    source = null
  }

  function connect() {
    source = new EventSource(eventsUrl)
    source.addEventListener('open', onOpen)
    source.addEventListener('config', onConfig)
    source.addEventListener('ping', onPing)
    source.addEventListener('error', onError)
    watch(FIRST_EVENT_MS)
  }

  // Back online, or "Erneut versuchen": do not wait out the retry delay, nor the browser's own retry
  // of a stream that is still trying to reconnect (an open stream is left alone; the silence watch
  // covers a dead one). A page that polls asks at once, too.
  function retry() {
    if (!running) return
    if (polling) poller?.now()
    if (source?.readyState === EventSource.OPEN) return
    stopSource()
    clearTimeout(retryTimer)
    retryDelay = RETRY_FIRST_MS
    connect()
  }

  function open() {
    if (running) return
    running = true
    retryDelay = RETRY_FIRST_MS
    trialDelay = TRIAL_FIRST_MS
    failures = 0
    loadDue = false
    heard = false
    window.addEventListener('online', retry)
    withPoller(() => undefined) // its code is fetched now (loadPoller)
    connect()
    loadTimer = setTimeout(() => {
      loadDue = true
      if (polling)
        outageNow() // the polls decide (a failed one has, already)
      else if (!heard) fallBack() // nothing from the stream: it counts as no connection, the polls decide
    }, LOAD_TIMEOUT_MS)
  }

  function close() {
    running = false
    session += 1
    clearTimeout(loadTimer)
    clearTimeout(retryTimer)
    clearTimeout(lossTimer)
    lossTimer = undefined
    window.removeEventListener('online', retry)
    polling = false
    poller?.stop()
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
