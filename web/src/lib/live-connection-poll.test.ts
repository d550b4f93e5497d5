import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { servedJson } from '@/test/served'
import type { LiveConfig } from './config'
import { createLiveConnection } from './live-connection'
import {
  FIRST_EVENT_MS,
  LOST_AFTER_MS,
  POLL_INTERVAL_MS,
  POLL_JITTER_MS,
  POLL_TIMEOUT_MS,
  STALE_AFTER_MS,
  STREAM_FAILURES,
  TRIAL_FIRST_MS,
} from './live-timing'
import type { LiveConnection, LiveConnectionOptions, LiveEvent } from './live-types'
import { CONFIG_EVENTS_URL } from './scale-choice'
import { readStoredConfig, STORAGE_KEY } from './stored-config'

// A page whose stream cannot be had polls for its configuration (live-connection.ts, live-poll.ts):
// the stream refused (the HEAD probe says 429 or 503), cut off again and again, or silent. Driven
// through the fake EventSource, fake timers and a fake server behind fetch.

let connection: LiveConnection
let events: LiveEvent[]

/** What the fake server answers: HEAD of a stream, and GET of a configuration (the polls). */
const server: {
  /** The scale /config names (the default); its slug is the first part of the tag. */
  slug: string
  current: LiveConfig
  head: { status: number; retryAfter: string | null }
  /** GET: 'up' answers as the API does; 'down' not at all; 'hang' never (until aborted); 'missing' 404. */
  polls: 'up' | 'down' | 'hang' | 'missing'
} = { slug: 'standard', current: standardLiveConfig(7), head: { status: 429, retryAfter: '30' }, polls: 'up' }
let requests: {
  url: string
  method: string
  ifNoneMatch: string | null
  signal: AbortSignal | null | undefined
}[]
const fakeFetch = vi.fn((url: string, init: RequestInit = {}): Promise<Response> => {
  const method = init.method ?? 'GET'
  const ifNoneMatch = new Headers(init.headers).get('If-None-Match')
  requests.push({ url, method, ifNoneMatch, signal: init.signal })
  if (method === 'HEAD') {
    const { status, retryAfter } = server.head
    return Promise.resolve(
      new Response(null, { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} }),
    )
  }
  switch (server.polls) {
    case 'down':
      return Promise.reject(new TypeError('Failed to fetch'))
    case 'hang':
      return new Promise((_, fail) => {
        init.signal?.addEventListener('abort', () => {
          fail(new DOMException('aborted', 'AbortError'))
        })
      })
    case 'missing':
      return Promise.resolve(new Response(null, { status: 404 }))
  }
  // As the server tags its answers: the scale, the version, the archiving.
  const etag = `"${server.slug}.${String(server.current.version)}${server.current.archived === true ? '.archiviert' : ''}"`
  if (ifNoneMatch === etag)
    return Promise.resolve(new Response(null, { status: 304, headers: { ETag: etag } }))
  return Promise.resolve(
    new Response(servedJson(server.current), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ETag: etag },
    }),
  )
})
const polls = () => requests.filter((r) => r.method === 'GET')

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
  FakeEventSource.install()
  localStorage.clear()
  server.slug = 'standard'
  server.current = standardLiveConfig(7)
  server.head = { status: 429, retryAfter: '30' }
  server.polls = 'up'
  requests = []
  fakeFetch.mockClear()
  vi.stubGlobal('fetch', fakeFetch)
})

afterEach(() => {
  connection.close()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function connect(options: Partial<LiveConnectionOptions> = {}) {
  connection = createLiveConnection({ eventsUrl: CONFIG_EVENTS_URL, storageKey: STORAGE_KEY, ...options })
  events = []
  connection.subscribe((event) => events.push(event))
  connection.open()
  return {
    get current() {
      return connection.getSnapshot()
    },
  }
}

const renamed = (version: number, name: string): LiveConfig => ({
  ...standardLiveConfig(version),
  config: { ...standardLiveConfig(version).config, name },
})

describe('a refused stream', () => {
  it('polls with the tag of the shown version: 304 keeps it, 200 replaces and keeps it; never stale, no loss', async () => {
    const result = connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.fail('closed') // EventSource shows a 429 as an error, nothing more
    await vi.advanceTimersByTimeAsync(0)
    expect(requests[0]).toMatchObject({ url: '/api/v1/config/events', method: 'HEAD' })
    // The first poll has no tag yet (the page cannot know which scale /config names): a full answer.
    expect(fakeFetch).toHaveBeenCalledWith('/api/v1/config', {
      cache: 'no-store',
      headers: {},
      signal: expect.any(AbortSignal) as AbortSignal,
    })
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7), polling: true })

    const shown = result.current
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS) // with the tag: 304, nothing changes
    expect(polls()).toHaveLength(2)
    expect(polls()[1]?.ifNoneMatch).toBe('"standard.7"')
    expect(result.current).toBe(shown)

    server.current = renamed(8, 'Oberstufe')
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(result.current).toEqual({ state: 'ready', data: renamed(8, 'Oberstufe'), polling: true })
    expect(readStoredConfig(STORAGE_KEY)).toEqual({
      live: renamed(8, 'Oberstufe'),
      storedAt: expect.any(String) as string,
    })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(polls().at(-1)?.ifNoneMatch).toBe('"standard.8"')
    expect(events).toEqual(['config', 'config']) // polled, then version 8: no stale, no lost
  })

  it('tries the stream again after Retry-After, polls on until it brings an event, then stops', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0) // polls every 8 s
    const result = connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(30_000 - 1)
    expect(FakeEventSource.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(2) // the server's 30 s, not its own back-off

    const trial = FakeEventSource.latest
    const before = polls().length
    await vi.advanceTimersByTimeAsync(FIRST_EVENT_MS - 1)
    expect(polls().length).toBeGreaterThan(before) // it has not brought an event yet: still polling
    expect(result.current).toMatchObject({ polling: true })

    trial.open() // with its first ping
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7) })
    const after = polls().length
    for (let i = 0; i < 30; i++) {
      await vi.advanceTimersByTimeAsync(20_000) // ten minutes of the server's heartbeat
      trial.ping()
    }
    expect(polls()).toHaveLength(after)
    expect(FakeEventSource.instances).toHaveLength(2)
    expect(trial.closed).toBe(false)
  })

  it('tries again after Retry-After while the server keeps refusing, and after 503 too', async () => {
    server.head = { status: 503, retryAfter: '60' }
    connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.fail('closed')
    for (let i = 2; i <= 4; i++) {
      await vi.advanceTimersByTimeAsync(60_000 - 1)
      expect(FakeEventSource.instances).toHaveLength(i - 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(FakeEventSource.instances).toHaveLength(i)
      FakeEventSource.latest.fail('closed')
    }
    expect(events).toEqual(['config'])
  })

  it('shows the first configuration from a poll when nothing is shown, without the kept one as stale first', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      servedJson({ live: renamed(4, 'Alt'), storedAt: '2026-11-20T08:30:00Z' }),
    )
    const result = connect()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(0)
    expect(polls()[0]?.ifNoneMatch).toBeNull() // nothing shown: nothing to compare
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7), polling: true })
    expect(events).toEqual(['config'])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(events).toEqual(['config']) // no "failed" at 10 s either
  })

  it("stops at a 404 of a scale's address, as for its stream", async () => {
    const result = connect({
      eventsUrl: '/api/v1/scales/mathematik/events',
      storageKey: `${STORAGE_KEY}.mathematik`,
      mayNotExist: true,
      initial: standardLiveConfig(3),
    })
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(0)
    expect(polls()[0]?.url).toBe('/api/v1/scales/mathematik')
    expect(result.current).toMatchObject({ polling: true })

    server.polls = 'missing'
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(result.current).toEqual({ state: 'missing' })
    const asked = requests.length
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(requests).toHaveLength(asked)
    expect(FakeEventSource.instances).toHaveLength(1)
  })

  it('learns of the return of an archived scale at the same version: the tag names the archiving', async () => {
    server.current = { ...standardLiveConfig(3), archived: true }
    const result = connect({ initial: { ...standardLiveConfig(3), archived: true } })
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(0)
    expect(polls()[0]?.ifNoneMatch).toBeNull()
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(polls().at(-1)?.ifNoneMatch).toBe('"standard.3.archiviert"') // 304 while still archived
    server.current = standardLiveConfig(3) // brought back at the same version
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(3), polling: true })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(polls().at(-1)?.ifNoneMatch).toBe('"standard.3"')
  })
  it('sends no tag for a configuration the stream brought meanwhile, even at the same version', async () => {
    // The default moves to another scale at the same version while the stream works, and back while
    // the page polls: the old tag would name the scale the server has again, and its 304 would keep
    // the other scale's bounds on the page.
    vi.spyOn(Math, 'random').mockReturnValue(0) // polls every 8 s
    const other = { ...renamed(7, 'Oberstufe'), savedAt: '2026-11-22T11:00:00Z' }
    const result = connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(polls().at(-1)?.ifNoneMatch).toBe('"standard.7"')
    await vi.advanceTimersByTimeAsync(30_000 - POLL_INTERVAL_MS) // Retry-After: the stream again
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(other) // the default is now another scale, at 7 too
    expect(result.current).toEqual({ state: 'ready', data: other })

    FakeEventSource.latest.fail('closed') // refused again; the default is back on "standard"
    const before = polls().length
    await vi.advanceTimersByTimeAsync(0)
    expect(polls()).toHaveLength(before + 1)
    expect(polls().at(-1)?.ifNoneMatch).toBeNull()
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7), polling: true })
  })
})

describe('polls', () => {
  it.each([
    [0, POLL_INTERVAL_MS - POLL_JITTER_MS],
    [0.5, POLL_INTERVAL_MS],
    [0.999, POLL_INTERVAL_MS + POLL_JITTER_MS - 4], // the longest wait is just under 12 s
  ])(
    'come every 10 s ± 2 s uniformly, timed from the start of the one before (random %f: %i ms)',
    async (r, wait) => {
      vi.spyOn(Math, 'random').mockReturnValue(r)
      connect({ initial: standardLiveConfig(7) })
      FakeEventSource.latest.fail('closed')
      await vi.advanceTimersByTimeAsync(0)
      expect(polls()).toHaveLength(1)
      for (const n of [2, 3]) {
        await vi.advanceTimersByTimeAsync(wait - 1)
        expect(polls()).toHaveLength(n - 1)
        await vi.advanceTimersByTimeAsync(1)
        expect(polls()).toHaveLength(n)
      }
    },
  )

  it('that do not answer within POLL_TIMEOUT_MS have failed', async () => {
    const result = connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig(7))
    server.polls = 'hang'
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(POLL_TIMEOUT_MS - 1)
    expect(events).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(polls()[0]?.signal?.aborted).toBe(true)
    expect(events).toEqual(['lost', 'stale'])
    expect(result.current).toHaveProperty('stale')
  })
})

describe('a stream that is cut off or silent', () => {
  it(`polls after ${String(STREAM_FAILURES)} failures in a row with no event in between`, async () => {
    const result = connect({ initial: standardLiveConfig(7) })
    const source = FakeEventSource.latest
    for (let i = 1; i < STREAM_FAILURES; i++) {
      source.fail('retrying') // the browser reconnects by itself …
      source.open({ silent: true }) // … and is cut off again before anything arrives
    }
    expect(polls()).toHaveLength(0)
    source.fail('retrying')
    expect(source.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(polls()).toHaveLength(1)
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7), polling: true })
    await vi.advanceTimersByTimeAsync(LOST_AFTER_MS * 2)
    expect(events).toEqual(['config']) // polled: no loss, no stale notice
    await vi.advanceTimersByTimeAsync(TRIAL_FIRST_MS - LOST_AFTER_MS * 2)
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('does not poll for streams cut off with events in between (each a working connection)', async () => {
    connect({ initial: standardLiveConfig(7) })
    const source = FakeEventSource.latest
    for (let i = 0; i < STREAM_FAILURES * 3; i++) {
      source.fail('retrying')
      source.open() // its first ping arrives
    }
    await vi.advanceTimersByTimeAsync(LOST_AFTER_MS * 2)
    expect(polls()).toHaveLength(0)
    expect(events).toEqual([])
  })

  it('polls when a stream brings no event within 10 s of opening (a proxy that buffers it)', async () => {
    const start = Date.now()
    const result = connect({ initial: standardLiveConfig(7) })
    const source = FakeEventSource.latest
    source.open({ silent: true })
    await vi.advanceTimersByTimeAsync(FIRST_EVENT_MS - 1)
    expect(polls()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(source.closed).toBe(true)
    expect(polls()).toHaveLength(1)
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7), polling: true })

    server.current = renamed(8, 'Oberstufe')
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS + POLL_TIMEOUT_MS)
    expect(result.current).toEqual({ state: 'ready', data: renamed(8, 'Oberstufe'), polling: true })

    // The next stream, 30 s after the first was given up, is held back too: polling goes on, and the
    // stream is tried again 60 s after that one was given up.
    await vi.advanceTimersByTimeAsync(start + FIRST_EVENT_MS + TRIAL_FIRST_MS - Date.now() - 1)
    expect(FakeEventSource.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(2)
    FakeEventSource.latest.open({ silent: true })
    await vi.advanceTimersByTimeAsync(FIRST_EVENT_MS)
    expect(FakeEventSource.latest.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(2 * TRIAL_FIRST_MS - 1)
    expect(FakeEventSource.instances).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(3)
    expect(events).not.toContain('stale')
    expect(events).not.toContain('lost')
  })

  it('polls when a working stream falls silent for 45 s, and is current by polling if that works', async () => {
    const result = connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.open()
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS)
    expect(polls()).toHaveLength(1)
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7), polling: true })
    expect(events).toEqual(['config'])
  })
})

describe('a poll that fails while the stream is down', () => {
  it('is an outage: stale and lost as without polls; a poll that works again restores and tries the stream at once', async () => {
    const result = connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.open({ silent: true }) // a proxy that buffers the stream
    await vi.advanceTimersByTimeAsync(FIRST_EVENT_MS)
    expect(result.current).toMatchObject({ polling: true })

    server.polls = 'down'
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(result.current).toEqual({
      state: 'ready',
      data: standardLiveConfig(7),
      stale: { receivedAt: '2026-11-22T12:00:10.000Z' }, // the first poll's full answer (it had no tag)
    })
    expect(events).toEqual(['config', 'lost', 'stale'])

    server.polls = 'up'
    server.current = renamed(8, 'Oberstufe')
    const streams = FakeEventSource.instances.length
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + POLL_JITTER_MS)
    expect(result.current).toEqual({ state: 'ready', data: renamed(8, 'Oberstufe'), polling: true })
    expect(events).toEqual(['config', 'lost', 'stale', 'config', 'restored'])
    expect(FakeEventSource.instances).toHaveLength(streams + 1) // the server is back: maybe its stream too
  })

  it('after a refusal, a poll that works again waits out the Retry-After before the next stream', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0) // polls every 8 s
    connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(0)
    server.polls = 'down'
    await vi.advanceTimersByTimeAsync(8_000)
    server.polls = 'up'
    await vi.advanceTimersByTimeAsync(8_000)
    expect(events).toEqual(['config', 'lost', 'stale', 'config', 'restored'])
    await vi.advanceTimersByTimeAsync(30_000 - 16_000 - 1)
    expect(FakeEventSource.instances).toHaveLength(1) // not at once: the server asked for 30 s
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('with nothing shown and nothing kept, the page says it cannot load after 10 s', async () => {
    server.polls = 'down'
    const result = connect()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(result.current).toMatchObject({ state: 'loading', failed: true })
    expect(events).toEqual(['failed'])
  })
})

describe('close', () => {
  it('stops the polls, a poll under way, the next stream and every timer', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5) // polls every 10 s
    connect({ initial: standardLiveConfig(7) })
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(0)
    server.polls = 'hang'
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS) // the second poll has just started
    const underWay = polls().at(-1)
    expect(underWay?.signal?.aborted).toBe(false)

    connection.close()
    expect(underWay?.signal?.aborted).toBe(true)
    const asked = requests.length
    await vi.advanceTimersByTimeAsync(30 * 60_000)
    expect(requests).toHaveLength(asked)
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0)
    expect(events).toEqual(['config'])
  })
})
