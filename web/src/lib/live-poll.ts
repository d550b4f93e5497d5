import { readLiveConfig, type LiveConfig } from './config'
import { POLL_INTERVAL_MS, POLL_JITTER_MS, POLL_TIMEOUT_MS } from './live-timing'

// What a page asks when its live stream fails: the HEAD probe (why EventSource gave up), and the
// configuration at intervals when the stream cannot be had (refused by the server's limits, cut off
// again and again, or held back by a proxy that buffers event streams). live-machine.ts decides
// when; live-connection.ts loads this file when the connection opens, after the first render.
// GET /api/v1/config and /api/v1/scales/{slug} answer what a stream's `config` event carries, with an
// ETag that names the scale, its version and its archiving ("standard.7"), and 304 for exactly that
// tag in If-None-Match, so a poll costs a few hundred bytes while nothing changes. The page cannot
// write the tag itself (which scale is the default, /config does not say), so it sends back the tag
// of the answer it shows, and none before the first: that answer comes in full. A tag is sent only
// while the page shows exactly what came with it: the stream may have brought another scale at the
// same version meanwhile (the default moved), and a 304 for the old tag would keep that one shown.

/** A poll's answer: a configuration (200), the shown one is current (304), none (404), or no answer. */
export type PollAnswer =
  { kind: 'config'; data: LiveConfig } | { kind: 'current' } | { kind: 'missing' } | { kind: 'failed' }

export interface Poller {
  readonly running: boolean
  /** Asks at once, then every POLL_INTERVAL_MS ± POLL_JITTER_MS; does nothing while running. */
  start: () => void
  /** Asks no more; a poll under way is cancelled and its answer never reported. */
  stop: () => void
  /** Asks at once (e.g. back online) and goes on from there; does nothing while not running. */
  now: () => void
}

/** The ETag of a full answer, with the answer as JSON (what a 304 for it says is current). */
interface Tag {
  etag: string
  answer: string
}

/** One poll; never throws. `tag` is sent when it names the configuration shown. */
async function request(
  url: string,
  shown: LiveConfig | undefined,
  tag: Tag | undefined,
  signal: AbortSignal,
): Promise<{ answer: PollAnswer; tag?: Tag | undefined }> {
  const current = shown !== undefined && tag?.answer === JSON.stringify(shown)
  const headers: Record<string, string> = current ? { 'If-None-Match': tag.etag } : {}
  try {
    const res = await fetch(url, { cache: 'no-store', headers, signal })
    if (res.status === 304) return { answer: { kind: 'current' } }
    if (res.status === 404) return { answer: { kind: 'missing' } }
    if (!res.ok) return { answer: { kind: 'failed' } }
    const data = readLiveConfig(await res.json())
    if (data === null) return { answer: { kind: 'failed' } }
    const etag = res.headers.get('ETag')
    const got = etag === null ? undefined : { etag, answer: JSON.stringify(data) }
    return { answer: { kind: 'config', data }, tag: got }
  } catch {
    return { answer: { kind: 'failed' } } // no network, no answer within POLL_TIMEOUT_MS, or not JSON
  }
}

/**
 * Polls url while running, sending the tag of the configuration shown() in If-None-Match (once an
 * answer brought it), and reports each answer.
 * A plain object without React, like the live connection that owns it.
 */
export function createPoller(
  url: string,
  shown: () => LiveConfig | undefined,
  answer: (a: PollAnswer) => void,
): Poller {
  let running = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let underWay: AbortController | null = null
  let tag: Tag | undefined

  const ask = async () => {
    const wait = POLL_INTERVAL_MS + (Math.random() * 2 - 1) * POLL_JITTER_MS
    timer = setTimeout(() => void ask(), wait) // from the start of this poll: see POLL_BOUND_S
    const controller = new AbortController()
    underWay = controller
    const timeout = setTimeout(() => {
      controller.abort()
    }, POLL_TIMEOUT_MS)
    const result = await request(url, shown(), tag, controller.signal)
    clearTimeout(timeout)
    if (underWay !== controller) return // stopped (or asked anew) meanwhile
    underWay = null
    if (result.tag !== undefined) tag = result.tag
    answer(result.answer)
  }

  const cancel = () => {
    clearTimeout(timer)
    underWay?.abort()
    underWay = null
  }

  return {
    get running() {
      return running
    },
    start() {
      if (running) return
      running = true
      void ask()
    },
    stop() {
      running = false
      cancel()
    },
    now() {
      if (!running) return
      cancel()
      void ask()
    },
  }
}

/**
 * What the server says about a stream EventSource gave up on, which EventSource hides, so it is
 * asked again with HEAD under the same limits: its status (0 when it cannot be reached) and how long
 * to wait before the next stream, in ms (the Retry-After of a refused one: 429 too many from this
 * address, 503 too many in all; else 0).
 */
export async function probe(url: string): Promise<{ status: number; wait: number }> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' })
    return { status: res.status, wait: (Number(res.headers.get('Retry-After')) || 0) * 1000 }
  } catch {
    return { status: 0, wait: 0 }
  }
}
