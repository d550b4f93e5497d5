import { parseLiveConfig } from './config'
import { polls, startState, step } from './live-machine'
import type { Effect, LiveInput, LiveState, Timer } from './live-machine-types'
import type { Poller } from './live-poll'
import type { LiveConnection, LiveConnectionOptions, LiveEvent } from './live-types'
import { storeConfig } from './store-config'
import { readStoredConfig } from './stored-config'

// The live configuration as a plain object (no React): one EventSource, store → broker → SSE →
// here → calculator (STYLE.md). Where the stream cannot be had — the server refuses it for its
// limits (a school behind one address), a proxy cuts it again and again or buffers it so that no
// event arrives — the page asks for the configuration every 10 s instead (live-poll.ts) and tries
// the stream again now and then. Every configuration received is also kept in the browser
// (stored-config.ts): when neither works, the last one stays usable, marked `stale` with the time
// it was received. The app shows it through useLiveConnection (use-live-config.ts) and turns the
// events into toasts (app/live-config-toasts.ts).
//
// What to do when is decided by step (live-machine.ts), a pure function tested as a table; this
// file is its driver: it owns the EventSource, the polls, the timers and the storage, feeds step
// what happens and carries out the effects step returns.

type Dispatch = (input: LiveInput) => void

/** What carries out each kind of effect: effect [name, ...args] calls io[name](...args). */
type IO = { [E in Effect as E[0]]: E extends [string, ...infer Args] ? (...args: Args) => void : never }

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
  const dispatch: Dispatch = (input) => {
    const next = step(state, input)
    state = next.state
    next.effects.forEach(([name, ...args]) => {
      ;(io[name] as (...a: typeof args) => void)(...args)
    })
  }
  const retry = () => {
    dispatch({ type: 'retry' })
  }
  let state = startState({
    initial,
    receivedAt: initialReceivedAt ?? new Date().toISOString(),
    mayNotExist,
    retry,
  })
  const stream = streamOf(eventsUrl, dispatch)
  const timers = timersOf(dispatch)
  const fallback = fallbackOf(eventsUrl, dispatch, () => state)
  const io: IO = {
    emit: (event) => {
      listeners.forEach((listener) => {
        listener(event)
      })
    },
    store: (config, at) => {
      storeConfig(config, at, storageKey)
    },
    readKept: (outage) => {
      dispatch({ type: 'kept', stored: readStoredConfig(storageKey), outage })
    },
    open: () => {
      window.addEventListener('online', retry)
      fallback.load()
    },
    close: () => {
      timers.clear()
      window.removeEventListener('online', retry)
      fallback.close()
      stream.disconnect()
    },
    connect: stream.connect,
    disconnect: () => {
      timers.cancel('silence')
      stream.disconnect()
    },
    probe: fallback.probe,
    poll: fallback.poll,
    start: timers.start,
    cancel: timers.cancel,
  }

  return {
    getSnapshot: () => state.shown,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open: () => {
      dispatch({ type: 'open' })
    },
    close: () => {
      dispatch({ type: 'close' })
    },
    retry,
  }
}

/** The connection's EventSource: its events become inputs while it is the one open. */
function streamOf(url: string, dispatch: Dispatch) {
  let source: EventSource | null = null
  return {
    connect: () => {
      const own = new EventSource(url)
      source = own
      const on = (name: string, input: (event: MessageEvent<string>) => LiveInput) => {
        own.addEventListener(name, (event) => {
          if (source === own) dispatch(input(event as MessageEvent<string>))
        })
      }
      on('open', () => ({ type: 'opened' }))
      on('ping', () => ({ type: 'ping' }))
      on('config', (event) => {
        const data = parseLiveConfig(event.data)
        if (data === null) console.warn('live config: ignored an event that is not a configuration')
        return { type: 'config', data, now: Date.now() }
      })
      on('error', () => ({ type: 'error', closed: own.readyState === EventSource.CLOSED }))
    },
    disconnect: () => {
      source?.close()
      source = null
    },
  }
}

/** The timers step starts and cancels by name; each that runs out is a `timeout` input. */
function timersOf(dispatch: Dispatch) {
  const running = new Map<Timer, ReturnType<typeof setTimeout>>()
  const cancel = (timer: Timer) => {
    clearTimeout(running.get(timer))
    running.delete(timer)
  }
  return {
    start: (timer: Timer, ms: number) => {
      cancel(timer)
      running.set(
        timer,
        setTimeout(() => {
          running.delete(timer)
          dispatch({ type: 'timeout', timer })
        }, ms),
      )
    },
    cancel,
    clear: () => {
      running.forEach(clearTimeout)
      running.clear()
    },
  }
}

/**
 * The code for a stream that cannot be had (its probe, the polls) is not part of the calculator
 * route's first download, which has a budget (docs/benchmarks.md): open() fetches it at once,
 * because it is needed exactly when the stream fails (and the network may be going away).
 */
const loadFallback = () => import('./live-poll')

/** The probe and the polls; their answers become inputs, unless the connection was closed since. */
function fallbackOf(eventsUrl: string, dispatch: Dispatch, current: () => LiveState) {
  let load: ReturnType<typeof loadFallback> | undefined
  let poller: Poller | undefined
  let session = 0 // a probe asked before close() is not answered
  const pollFailed = () => {
    if (polls(current())) dispatch({ type: 'polled', answer: { kind: 'failed' }, now: Date.now() })
  }
  // Runs then with the code once it is there, or failed (by default: a poll that failed, no network
  // for the code either); a load that failed is tried again next time.
  const withCode = (then: (code: Awaited<ReturnType<typeof loadFallback>>) => void, failed = pollFailed) => {
    load ??= loadFallback()
    load.then(then, () => {
      load = undefined
      failed()
    })
  }
  return {
    load: () => {
      withCode(() => undefined)
    },
    close: () => {
      session += 1
      poller?.stop()
    },
    probe: () => {
      const asked = session
      const answer = ({ status, wait }: { status: number; wait: number }) => {
        if (asked === session) dispatch({ type: 'probed', status, wait, now: Date.now() })
      }
      withCode(
        ({ probe }) => void probe(eventsUrl).then(answer),
        () => {
          answer({ status: 0, wait: 0 }) // no network for the code: none for the probe either
        },
      )
    },
    poll: (how: 'start' | 'stop' | 'now') => {
      if (how !== 'start') poller?.[how]()
      else
        withCode(({ createPoller }) => {
          poller ??= createPoller(
            eventsUrl.replace(/\/events$/, ''),
            () => current().shown.data,
            (answer) => {
              dispatch({ type: 'polled', answer, now: Date.now() })
            },
          )
          if (polls(current())) poller.start()
        })
    },
  }
}
