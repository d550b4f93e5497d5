import type { LiveConfigState, LiveConnection, LiveConnectionOptions, LiveEvent } from './live-types'

// The page's live connection with its code (live-connection.ts, live-machine.ts: about 2.7 KiB gzip) not
// part of the calculator route's first download, which has a budget (docs/benchmarks.md). Nothing of it
// is needed to show the page: the server's page carries its configuration (embedded-config.ts), which
// is the connection's first state, and the stream only confirms or replaces it. The code is fetched
// while the app takes the page over (main.tsx) and runs at open(), right after the first render.

/** Fetches the live connection's code; a second call shares the first's fetch (the browser's module map). */
export const loadLiveConnection = () => import('./live-connection')

/** A code fetch that failed is tried again after this long, while the connection is open. */
export const AGAIN_MS = 5_000

/**
 * createLiveConnection's connection (the same options, state and events), whose code loads at the
 * first open(). Until it runs, the state is its first: the configuration the page has (ready), or
 * loading; the same object after the code came, so that nothing renders again for it. A page that
 * cannot get the code keeps what it shows and tries again; one with nothing to show says so at once.
 */
export function createDeferredLiveConnection(
  options: LiveConnectionOptions,
  load: typeof loadLiveConnection = loadLiveConnection,
): LiveConnection {
  // when the page got its configuration: the page's start, not the moment the code arrived
  const settled = { ...options, initialReceivedAt: options.initialReceivedAt ?? new Date().toISOString() }
  const listeners = new Set<(event: LiveEvent) => void>()
  const emit = (event: LiveEvent) => {
    listeners.forEach((listener) => {
      listener(event)
    })
  }
  let real: LiveConnection | undefined
  let realFirst: LiveConfigState | undefined
  let wanted = false // open() was called, close() not since
  let again: ReturnType<typeof setTimeout> | undefined
  // Opens the connection once its code is here (open() does nothing while connected).
  const run = () => {
    load().then(
      ({ createLiveConnection }) => {
        if (!wanted) return
        if (real === undefined) {
          real = createLiveConnection(settled)
          realFirst = real.getSnapshot()
          real.subscribe(emit)
        }
        real.open()
      },
      () => {
        if (!wanted || again !== undefined) return
        if (first.state === 'loading' && !first.failed) {
          first = { ...first, failed: true }
          emit('failed')
        }
        again = setTimeout(() => {
          again = undefined
          run()
        }, AGAIN_MS)
      },
    )
  }
  const retry = () => {
    if (real === undefined) run()
    else real.retry()
  }
  let first: LiveConfigState = options.initial
    ? { state: 'ready', data: options.initial }
    : { state: 'loading', failed: false, retry }

  return {
    getSnapshot: () => {
      const shown = real?.getSnapshot()
      return shown === undefined || shown === realFirst ? first : shown
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    open: () => {
      wanted = true
      run()
    },
    close: () => {
      wanted = false
      clearTimeout(again)
      again = undefined
      real?.close()
    },
    retry,
  }
}
