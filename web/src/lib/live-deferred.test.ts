import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { createLiveConnection } from './live-connection'
import { AGAIN_MS, createDeferredLiveConnection, loadLiveConnection } from './live-deferred'
import type { LiveConnection, LiveConnectionOptions, LiveEvent } from './live-types'
import { CONFIG_EVENTS_URL } from './scale-choice'
import { STORAGE_KEY } from './stored-config'

// The connection whose code loads at open(): what it shows before and after, and what it does when the
// code does not come. What the connection itself does: live-connection.test.ts.

let connection: LiveConnection

beforeEach(() => {
  vi.useFakeTimers()
  FakeEventSource.install()
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))), // no server: no probe, no poll answers
  )
})

afterEach(() => {
  connection.close()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const options = (initial?: ReturnType<typeof standardLiveConfig>): LiveConnectionOptions => ({
  eventsUrl: CONFIG_EVENTS_URL,
  storageKey: STORAGE_KEY,
  ...(initial === undefined ? {} : { initial }),
})

/** A deferred connection over load, recording its events. */
function deferred(opts: LiveConnectionOptions, load: typeof loadLiveConnection = loadLiveConnection) {
  connection = createDeferredLiveConnection(opts, load)
  const events: LiveEvent[] = []
  connection.subscribe((event) => events.push(event))
  return events
}

/** Lets the code's promise settle. */
const codeArrives = () => vi.advanceTimersByTimeAsync(0)

describe('createDeferredLiveConnection', () => {
  it.each([
    ['the page’s configuration', standardLiveConfig(3)],
    ['loading', undefined],
  ])('starts as the connection starts (%s), the same object once the code runs', async (_, initial) => {
    deferred(options(initial))
    const first = connection.getSnapshot()
    // the same but for the retry function, which each has its own
    const eager = createLiveConnection(options(initial)).getSnapshot()
    expect({ ...first, retry: undefined }).toEqual({ ...eager, retry: undefined })
    expect(FakeEventSource.instances).toHaveLength(0)

    connection.open()
    await codeArrives()
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(FakeEventSource.latest.url).toBe(CONFIG_EVENTS_URL)
    expect(connection.getSnapshot()).toBe(first)
  })

  it('follows the stream once the code runs, and passes its events on', async () => {
    const events = deferred(options())
    connection.open()
    await codeArrives()
    const live = standardLiveConfig(7)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(live)
    expect(connection.getSnapshot()).toEqual({ state: 'ready', data: live })
    expect(events).toEqual(['config'])

    connection.close()
    expect(FakeEventSource.latest.closed).toBe(true)
  })

  it('opens nothing when closed before the code came', async () => {
    deferred(options(standardLiveConfig(3)))
    connection.open()
    connection.close()
    await codeArrives()
    expect(FakeEventSource.instances).toHaveLength(0)
  })

  it('keeps the time the page received its configuration, not the time the code came', async () => {
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'))
    const create = vi.fn(createLiveConnection)
    deferred(options(standardLiveConfig(3)), () => Promise.resolve({ createLiveConnection: create }))
    vi.setSystemTime(new Date('2026-11-22T10:00:05Z'))
    connection.open()
    await codeArrives()
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ initialReceivedAt: '2026-11-22T10:00:00.000Z' }),
    )
  })

  it('without its code says at once that nothing could be loaded, and tries again', async () => {
    const load = vi
      .fn<typeof loadLiveConnection>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => import('./live-connection'))
    const events = deferred(options(), load)
    connection.open()
    await codeArrives()
    expect(connection.getSnapshot()).toMatchObject({ state: 'loading', failed: true })
    expect(events).toEqual(['failed'])

    await vi.advanceTimersByTimeAsync(AGAIN_MS)
    expect(load).toHaveBeenCalledTimes(2)
    expect(FakeEventSource.instances).toHaveLength(0)
    expect(events).toEqual(['failed']) // said once

    await vi.advanceTimersByTimeAsync(AGAIN_MS)
    expect(FakeEventSource.instances).toHaveLength(1)
    const live = standardLiveConfig(7)
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(live)
    expect(connection.getSnapshot()).toEqual({ state: 'ready', data: live })
  })

  it('tries the code again at once when asked to, and stops trying when closed', async () => {
    const load = vi
      .fn<typeof loadLiveConnection>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => import('./live-connection'))
    deferred(options(), load)
    connection.open()
    await codeArrives()
    const shown = connection.getSnapshot()
    if (shown.state !== 'loading') throw new Error('expected loading')
    shown.retry()
    await codeArrives()
    expect(FakeEventSource.instances).toHaveLength(1)

    connection.close()
    await vi.advanceTimersByTimeAsync(AGAIN_MS)
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps what a page shows when the code does not come, and tries again', async () => {
    const load = vi
      .fn<typeof loadLiveConnection>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => import('./live-connection'))
    const live = standardLiveConfig(3)
    const events = deferred(options(live), load)
    connection.open()
    await codeArrives()
    expect(connection.getSnapshot()).toEqual({ state: 'ready', data: live })
    expect(events).toEqual([])
    await vi.advanceTimersByTimeAsync(AGAIN_MS)
    expect(FakeEventSource.instances).toHaveLength(1)
  })
})
