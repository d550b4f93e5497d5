import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { servedJson } from '@/test/served'
import type { LiveConfig } from './config'
import { createLiveConnection } from './live-connection'
import { FIRST_EVENT_MS, LOAD_TIMEOUT_MS, LOST_AFTER_MS, STALE_AFTER_MS, TRIAL_FIRST_MS } from './live-timing'
import type { LiveConnection, LiveConnectionOptions, LiveEvent } from './live-types'
import { CONFIG_EVENTS_URL } from './scale-choice'
import { readStoredConfig, STORAGE_KEY } from './stored-config'

// The live connection without React: driven through the fake EventSource and fake timers, read
// through getSnapshot and the events it reports (the toasts they become: app/live-config-toasts.test.ts).
// Unless a test says otherwise, nothing answers a request (the HEAD probe, a poll): what the stream
// does when it cannot be had is in live-connection-poll.test.ts.

let connection: LiveConnection
let events: LiveEvent[]

beforeEach(() => {
  vi.useFakeTimers()
  FakeEventSource.install()
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  )
})

afterEach(() => {
  connection.close()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Creates and opens a connection to today's stream, recording what it reports. */
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

/** What people are told about (toasts): losses, restores and a load that failed, in order. */
function reports(): LiveEvent[] {
  return events.filter((e) => e === 'lost' || e === 'restored' || e === 'failed')
}

describe('createLiveConnection', () => {
  it('is loading until a config event arrives, then ready with its data', () => {
    const result = connect()
    expect(result.current).toMatchObject({ state: 'loading', failed: false })
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(FakeEventSource.latest.url).toBe('/api/v1/config/events')

    const live = standardLiveConfig(7)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(live)
    expect(result.current).toEqual({ state: 'ready', data: live })

    const next = { ...standardLiveConfig(8), config: { ...live.config, name: 'Oberstufe' } }
    FakeEventSource.latest.send(next)
    expect(result.current).toEqual({ state: 'ready', data: next })
  })

  it('ignores events that are not a configuration', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const result = connect()
    FakeEventSource.latest.open()
    FakeEventSource.latest.send('not json')
    FakeEventSource.latest.send({ version: 1 })
    expect(result.current.state).toBe('loading')
  })

  it('reports a lost open connection once per outage, and its return', () => {
    connect()
    const source = FakeEventSource.latest
    source.open()
    source.send(standardLiveConfig())

    source.fail('retrying')
    vi.advanceTimersByTime(LOST_AFTER_MS - 1)
    source.fail('retrying') // a third failure in a row would make the page poll
    expect(reports()).toEqual([]) // not yet: most drops are over within a second
    vi.advanceTimersByTime(1)
    expect(reports()).toEqual(['lost'])
    vi.advanceTimersByTime(LOST_AFTER_MS * 10)
    expect(reports()).toEqual(['lost'])

    source.open()
    expect(reports()).toEqual(['lost', 'restored'])

    source.fail('retrying')
    vi.advanceTimersByTime(LOST_AFTER_MS)
    expect(reports()).toEqual(['lost', 'restored', 'lost'])
    expect(FakeEventSource.instances).toHaveLength(1) // the browser reconnects this one itself
  })

  it('says nothing about a connection that never opened', () => {
    connect()
    FakeEventSource.latest.fail('retrying')
    expect(reports()).toEqual([])
    FakeEventSource.latest.open()
    expect(reports()).toEqual([])
  })

  it('opens a new EventSource after one gave up after 1 s, then 2 s; from the third failure on 30 s doubling to 5 min; back to 1 s once one works', async () => {
    connect()
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig())

    const delays = [1_000, 2_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000]
    for (const [i, delay] of delays.entries()) {
      const before = FakeEventSource.latest
      before.fail('closed')
      expect(before.closed).toBe(true)
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(FakeEventSource.instances).toHaveLength(i + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(FakeEventSource.instances).toHaveLength(i + 2)
    }
    expect(reports()).toEqual(['lost']) // the polls between them fail too

    FakeEventSource.latest.open()
    expect(reports()).toEqual(['lost', 'restored'])

    const count = FakeEventSource.instances.length
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(FakeEventSource.instances).toHaveLength(count + 1)
  })

  it("waits as long as the server's Retry-After says when it refused the stream", async () => {
    const head = vi.fn(() =>
      Promise.resolve(new Response(null, { status: 429, headers: { 'Retry-After': '30' } })),
    )
    vi.stubGlobal('fetch', head)
    connect()
    FakeEventSource.latest.fail('closed') // EventSource shows a 429 as an error, nothing more
    await vi.advanceTimersByTimeAsync(30_000 - 1)
    expect(head).toHaveBeenCalledWith('/api/v1/config/events', { method: 'HEAD', cache: 'no-store' })
    expect(FakeEventSource.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('keeps its own back-off when the server does not ask for a wait', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 200 }))),
    )
    connect()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('replaces a stream that stays silent for 45 s, while pings keep a quiet one', async () => {
    connect()
    const source = FakeEventSource.latest
    source.open()
    source.send(standardLiveConfig())
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(20_000)
      source.ping()
    }
    vi.advanceTimersByTime(STALE_AFTER_MS - 1)
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(reports()).toEqual([])

    await vi.advanceTimersByTimeAsync(1) // silent for 45 s: a network that went away without a word
    expect(source.closed).toBe(true)
    expect(reports()).toEqual(['lost']) // the poll asked instead got no answer either
    await vi.advanceTimersByTimeAsync(TRIAL_FIRST_MS - 1)
    expect(FakeEventSource.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(2)
    FakeEventSource.latest.open()
    expect(reports()).toEqual(['lost', 'restored'])
  })

  it('gives up on a connection attempt that brings nothing for 10 s, and tries again after 30 s, then 60 s', async () => {
    connect()
    await vi.advanceTimersByTimeAsync(FIRST_EVENT_MS) // never opened, never failed
    expect(FakeEventSource.instances[0]?.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(TRIAL_FIRST_MS - 1)
    expect(FakeEventSource.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(FIRST_EVENT_MS + 2 * TRIAL_FIRST_MS - 1)
    expect(FakeEventSource.instances).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeEventSource.instances).toHaveLength(3)
  })

  it('reports a configuration that has not arrived after 10 s (nor by a poll then), and keeps trying', async () => {
    const result = connect()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS - 1)
    expect(reports()).toEqual([])
    expect(result.current).toMatchObject({ state: 'loading', failed: false })
    await vi.advanceTimersByTimeAsync(1)
    expect(reports()).toEqual(['failed'])
    expect(result.current).toMatchObject({ state: 'loading', failed: true }) // the page explains itself
    const streams = FakeEventSource.instances.length
    await vi.advanceTimersByTimeAsync(TRIAL_FIRST_MS)
    expect(FakeEventSource.instances).toHaveLength(streams + 1) // a new attempt
  })

  it('tries again at once when asked, instead of waiting out the back-off', async () => {
    const result = connect()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS)
    const before = FakeEventSource.instances.length
    const stale = FakeEventSource.latest
    if (result.current.state === 'loading') result.current.retry()
    expect(FakeEventSource.instances).toHaveLength(before + 1)
    expect(stale.closed).toBe(true)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig())
    expect(result.current.state).toBe('ready')
  })

  it('stays quiet at 10 s when the configuration came in time', () => {
    connect()
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig())
    vi.advanceTimersByTime(LOAD_TIMEOUT_MS * 2)
    expect(reports()).toEqual([])
  })

  it('closes the stream and stops retrying on close', () => {
    connect()
    FakeEventSource.latest.fail('closed')
    connection.close()
    vi.advanceTimersByTime(60_000)
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(FakeEventSource.latest.closed).toBe(true)
    expect(reports()).toEqual([])
  })
})

describe('createLiveConnection offline', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
  })

  function kept(live: LiveConfig, storedAt: string) {
    localStorage.setItem(STORAGE_KEY, servedJson({ live, storedAt }))
  }

  it('keeps every configuration it receives, with the time it came', () => {
    connect()
    const live = standardLiveConfig(7)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(live)
    expect(readStoredConfig(STORAGE_KEY)).toEqual({ live, storedAt: '2026-11-22T12:00:00.000Z' })
  })

  it('starting without a connection, uses the kept configuration marked stale, then catches up', async () => {
    const old = { ...standardLiveConfig(4), config: { ...standardLiveConfig(4).config, name: 'Alt' } }
    kept(old, '2026-11-20T08:30:00.000Z')
    const result = connect()
    expect(result.current.state).toBe('loading') // no flash of the old one while connecting

    FakeEventSource.latest.fail('retrying')
    expect(result.current).toEqual({
      state: 'ready',
      data: old,
      stale: { receivedAt: '2026-11-20T08:30:00.000Z' },
    })
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS * 2) // the polls fail too
    expect(reports()).toEqual([]) // the page shows the notice instead
    expect(result.current).toHaveProperty('stale')

    // 30 s after the first stream was given up for silence, a new one is tried
    await vi.advanceTimersByTimeAsync(FIRST_EVENT_MS + TRIAL_FIRST_MS - LOAD_TIMEOUT_MS * 2)
    expect(FakeEventSource.instances).toHaveLength(2)
    const fresh = standardLiveConfig(5)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(fresh)
    expect(result.current).toEqual({ state: 'ready', data: fresh })
    expect(result.current).not.toHaveProperty('stale')
  })

  it('falls back to the kept configuration when the stream hangs for 10 s and the poll fails', async () => {
    const old = standardLiveConfig(4)
    kept(old, '2026-11-20T08:30:00.000Z')
    const result = connect()
    vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1)
    expect(result.current.state).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(result.current).toEqual({
      state: 'ready',
      data: old,
      stale: { receivedAt: '2026-11-20T08:30:00.000Z' },
    })
    expect(reports()).toEqual([])
  })

  it('drops a kept entry that is not a configuration and keeps loading', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ live: { version: 'x' }, storedAt: '2026-11-20T08:30:00Z' }),
    )
    const result = connect()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(0) // the probe: not refused
    expect(result.current).toMatchObject({ state: 'loading', failed: false })
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull()
  })

  it('marks the shown configuration stale while the connection is down, since it last came', () => {
    const result = connect()
    const live = standardLiveConfig(7)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(live)
    vi.setSystemTime(new Date('2026-11-22T12:05:00Z'))
    FakeEventSource.latest.fail('retrying')
    vi.advanceTimersByTime(LOST_AFTER_MS)
    expect(result.current).toEqual({
      state: 'ready',
      data: live,
      stale: { receivedAt: '2026-11-22T12:00:00.000Z' },
    })

    const next = standardLiveConfig(8)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(next)
    expect(result.current).toEqual({ state: 'ready', data: next })
  })

  it('is current again once a resumed stream opens, even when nothing newer arrives', () => {
    const result = connect()
    const live = standardLiveConfig(7)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(live)
    FakeEventSource.latest.fail('retrying')
    vi.advanceTimersByTime(LOST_AFTER_MS)
    expect(result.current).toHaveProperty('stale')
    // EventSource resumes with Last-Event-ID 7; the server has no newer version and sends nothing.
    FakeEventSource.latest.open()
    expect(result.current).toEqual({ state: 'ready', data: live })
  })

  it('replaces a stream that is still retrying when the browser is back online, and leaves an open one', () => {
    connect()
    const first = FakeEventSource.latest
    first.open()
    first.fail('retrying') // the browser keeps retrying on its own schedule
    window.dispatchEvent(new Event('online'))
    expect(FakeEventSource.instances).toHaveLength(2)
    expect(first.closed).toBe(true)
    FakeEventSource.latest.open()
    window.dispatchEvent(new Event('online'))
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('reconnects at once when the browser is back online', () => {
    connect()
    FakeEventSource.latest.fail('closed')
    expect(FakeEventSource.instances).toHaveLength(1)
    window.dispatchEvent(new Event('online'))
    expect(FakeEventSource.instances).toHaveLength(2)
    vi.advanceTimersByTime(30_000) // the pending retry was cancelled (and the new stream is not yet silent too long)
    expect(FakeEventSource.instances).toHaveLength(2)
  })
})

describe('createLiveConnection, made from parameters', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
  })

  it('opens the stream it is given, keeps under its own key, and asks that stream for Retry-After', async () => {
    const head = vi.fn(() =>
      Promise.resolve(new Response(null, { status: 503, headers: { 'Retry-After': '5' } })),
    )
    vi.stubGlobal('fetch', head)
    connect({ eventsUrl: '/api/v1/scales/oberstufe/events', storageKey: 'notenrechner.scale.oberstufe' })
    expect(FakeEventSource.latest.url).toBe('/api/v1/scales/oberstufe/events')
    const live = standardLiveConfig(2)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(live)
    expect(readStoredConfig('notenrechner.scale.oberstufe')).toEqual({
      live,
      storedAt: '2026-11-22T12:00:00.000Z',
    })
    expect(readStoredConfig(STORAGE_KEY)).toBeNull()

    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(head).toHaveBeenCalledWith('/api/v1/scales/oberstufe/events', {
      method: 'HEAD',
      cache: 'no-store',
    })
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('falls back to the configuration kept under its own key only', () => {
    const other = standardLiveConfig(4)
    localStorage.setItem(STORAGE_KEY, servedJson({ live: other, storedAt: '2026-11-20T08:30:00.000Z' }))
    const result = connect({ storageKey: 'notenrechner.scale.oberstufe' })
    FakeEventSource.latest.fail('closed')
    expect(result.current).toMatchObject({ state: 'loading' })
  })

  it('does nothing until opened, and close stops every stream and timer it started', async () => {
    const head = vi.fn(() =>
      Promise.resolve(new Response(null, { status: 429, headers: { 'Retry-After': '30' } })),
    )
    vi.stubGlobal('fetch', head)
    connection = createLiveConnection({ eventsUrl: CONFIG_EVENTS_URL, storageKey: STORAGE_KEY })
    events = []
    connection.subscribe((event) => events.push(event))
    expect(FakeEventSource.instances).toHaveLength(0)

    connection.open()
    connection.open() // already open: still one stream
    expect(FakeEventSource.instances).toHaveLength(1)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig())
    FakeEventSource.latest.fail('closed') // a retry, a Retry-After probe and the report of the loss are pending
    connection.close()
    await vi.advanceTimersByTimeAsync(120_000)
    window.dispatchEvent(new Event('online'))
    if (connection.getSnapshot().state === 'loading') throw new Error('the configuration is gone')
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(FakeEventSource.latest.closed).toBe(true)
    expect(events).toEqual(['config']) // nothing after close

    connection.open() // again, e.g. React's StrictMode mounting twice
    expect(FakeEventSource.instances).toHaveLength(2)
    FakeEventSource.latest.open()
    expect(connection.getSnapshot()).toEqual({ state: 'ready', data: standardLiveConfig() })
  })

  it('shows an initial configuration at once, without a round trip', () => {
    const initial = standardLiveConfig(7)
    const result = connect({ initial })
    expect(result.current).toEqual({ state: 'ready', data: initial })
    expect(events).toEqual([])
  })

  it('keeps the initial snapshot when the stream confirms the same version', () => {
    const initial = standardLiveConfig(7)
    const result = connect({ initial })
    const before = result.current
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig(7))
    expect(result.current).toBe(before) // the same object: React renders nothing again
    expect(events).toEqual([])
    vi.advanceTimersByTime(LOAD_TIMEOUT_MS * 2)
    expect(result.current).toBe(before) // confirmed: not taken for a hanging stream
    expect(readStoredConfig(STORAGE_KEY)).toEqual({ live: initial, storedAt: '2026-11-22T12:00:00.000Z' })
  })

  it('replaces the initial configuration with a newer one from the stream', () => {
    const result = connect({ initial: standardLiveConfig(7) })
    const newer = { ...standardLiveConfig(8), config: { ...standardLiveConfig(8).config, name: 'Oberstufe' } }
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(newer)
    expect(result.current).toEqual({ state: 'ready', data: newer })
    expect(events).toEqual(['config'])
  })

  it('takes a configuration of the same number saved at another time for a new one (a new database)', () => {
    const result = connect({ initial: standardLiveConfig(7) })
    const other = { ...standardLiveConfig(7), savedAt: '2026-11-22T11:00:00Z' }
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(other)
    expect(result.current).toEqual({ state: 'ready', data: other })
  })

  it('takes the same version of a scale coming again as archived for news', () => {
    const result = connect({
      eventsUrl: '/api/v1/scales/mathematik/events',
      storageKey: `${STORAGE_KEY}.mathematik`,
    })
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig(7))
    const archived = { ...standardLiveConfig(7), archived: true }
    FakeEventSource.latest.send(archived)
    expect(result.current).toEqual({ state: 'ready', data: archived })
    FakeEventSource.latest.send(standardLiveConfig(7)) // brought back
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7) })
    expect(events).toEqual(['config', 'config', 'config'])
  })

  it('marks the initial configuration stale when the stream does not come', () => {
    const initial = standardLiveConfig(7)
    const result = connect({ initial })
    FakeEventSource.latest.fail('retrying')
    vi.advanceTimersByTime(LOST_AFTER_MS)
    expect(result.current).toEqual({
      state: 'ready',
      data: initial,
      stale: { receivedAt: '2026-11-22T12:00:00.000Z' },
    })
    expect(reports()).toEqual([]) // it never opened: nothing was lost
  })

  it('shows when the initial configuration was received when it goes stale (kept in the browser)', () => {
    const initial = standardLiveConfig(7)
    const result = connect({ initial, initialReceivedAt: '2026-11-20T08:00:00.000Z' })
    FakeEventSource.latest.fail('retrying')
    vi.advanceTimersByTime(LOST_AFTER_MS)
    expect(result.current).toEqual({
      state: 'ready',
      data: initial,
      stale: { receivedAt: '2026-11-20T08:00:00.000Z' },
    })
  })
})

describe('createLiveConnection, a stream the server ends or does not have', () => {
  const MATHE = { eventsUrl: '/api/v1/scales/mathematik/events', storageKey: `${STORAGE_KEY}.mathematik` }
  const answerHead = (status: number) => {
    const head = vi.fn(() => Promise.resolve(new Response(null, { status })))
    vi.stubGlobal('fetch', head)
    return head
  }

  it.each(['retrying', 'closed'] as const)(
    'says nothing of a stream that is back within LOST_AFTER_MS (%s), e.g. one the server ended on archiving',
    async (how) => {
      const result = connect(MATHE)
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(standardLiveConfig(7))
      const shown = result.current
      FakeEventSource.latest.fail(how) // the server ends the stream: EventSource retries after `retry: 1000`
      await vi.advanceTimersByTimeAsync(1_000)
      expect(result.current).toBe(shown) // no stale notice either
      FakeEventSource.latest.open()
      FakeEventSource.latest.send({ ...standardLiveConfig(7), archived: true })
      await vi.advanceTimersByTimeAsync(LOST_AFTER_MS * 10)
      expect(events).toEqual(['config', 'config'])
      expect(result.current).toEqual({ state: 'ready', data: { ...standardLiveConfig(7), archived: true } })
    },
  )

  it('tells of a loss only once it has lasted LOST_AFTER_MS, and then of the return', async () => {
    connect(MATHE)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig(7))
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(1_000)
    FakeEventSource.latest.fail('closed') // the new stream is refused too
    await vi.advanceTimersByTimeAsync(LOST_AFTER_MS - 1_000 - 1)
    expect(events).toEqual(['config'])
    await vi.advanceTimersByTimeAsync(1)
    expect(events).toEqual(['config', 'lost', 'stale'])
    await vi.advanceTimersByTimeAsync(2_000)
    FakeEventSource.latest.open()
    expect(events).toEqual(['config', 'lost', 'stale', 'config', 'restored'])
  })

  it('stops at a 404 of a scale that does not exist, reports it once and keeps nothing of it', async () => {
    const head = answerHead(404)
    localStorage.setItem(
      MATHE.storageKey,
      servedJson({ live: standardLiveConfig(2), storedAt: '2026-11-20T08:30:00.000Z' }),
    )
    const result = connect({ ...MATHE, mayNotExist: true })
    FakeEventSource.latest.fail('closed') // EventSource shows a 404 as an error, nothing more
    await vi.advanceTimersByTimeAsync(0)
    expect(head).toHaveBeenCalledWith(MATHE.eventsUrl, { method: 'HEAD', cache: 'no-store' })
    expect(result.current).toEqual({ state: 'missing' })
    expect(FakeEventSource.latest.closed).toBe(true)

    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS * 12)
    window.dispatchEvent(new Event('online'))
    connection.retry()
    expect(FakeEventSource.instances).toHaveLength(1) // never again
    expect(head).toHaveBeenCalledTimes(1)
    expect(events.filter((e) => e !== 'stale')).toEqual(['missing']) // no "failed" at 10 s
    expect(result.current).toEqual({ state: 'missing' })
  })

  it('keeps retrying a 404 where the stream must exist (the default’s), and a scale’s other refusals', async () => {
    answerHead(404)
    const result = connect()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(FakeEventSource.instances).toHaveLength(2)
    expect(result.current.state).toBe('loading')

    connection.close()
    answerHead(502) // a proxy while the server restarts
    const scale = connect({ ...MATHE, mayNotExist: true })
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(FakeEventSource.instances).toHaveLength(4)
    expect(scale.current.state).toBe('loading')
  })
})
