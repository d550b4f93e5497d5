import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { createLiveConnection } from '@/lib/live-connection'
import { LOAD_TIMEOUT_MS, LOST_AFTER_MS } from '@/lib/live-timing'
import type { LiveConnection } from '@/lib/live-types'
import { CONFIG_EVENTS_URL } from '@/lib/scale-choice'
import { STORAGE_KEY } from '@/lib/stored-config'
import { toast } from '@/lib/toast'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { servedJson } from '@/test/served'
import {
  CONNECTION_TOAST_ID,
  LOAD_TOAST_ID,
  MSG_CONNECTION_LOST,
  MSG_CONNECTION_RESTORED,
  MSG_LOAD_FAILED,
  showLiveConfigToasts,
} from './live-config-toasts'

let errorToast: MockInstance<typeof toast.error>
let successToast: MockInstance<typeof toast.success>
let dismissToast: MockInstance<typeof toast.dismiss>
let connection: LiveConnection
let stop: () => void

beforeEach(() => {
  vi.useFakeTimers()
  FakeEventSource.install()
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))), // no server: no probe, no poll answers
  )
  errorToast = vi.spyOn(toast, 'error')
  successToast = vi.spyOn(toast, 'success')
  dismissToast = vi.spyOn(toast, 'dismiss')
  connection = createLiveConnection({ eventsUrl: CONFIG_EVENTS_URL, storageKey: STORAGE_KEY })
  stop = showLiveConfigToasts(connection)
  connection.open()
})

afterEach(() => {
  stop()
  connection.close()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function messages(spy: MockInstance<typeof toast.error>): unknown[] {
  return spy.mock.calls.map(([message]) => message)
}

describe('showLiveConfigToasts', () => {
  it('tells of a lost open connection once per outage, and of its return, in one toast', () => {
    const source = FakeEventSource.latest
    source.open()
    source.send(standardLiveConfig())
    source.fail('retrying')
    source.fail('retrying')
    vi.advanceTimersByTime(LOST_AFTER_MS)
    expect(messages(errorToast)).toEqual([MSG_CONNECTION_LOST])
    expect(errorToast.mock.calls[0]?.[1]).toEqual({ id: CONNECTION_TOAST_ID })
    expect(successToast).not.toHaveBeenCalled()

    source.open()
    expect(messages(successToast)).toEqual([MSG_CONNECTION_RESTORED])
    expect(successToast.mock.calls[0]?.[1]).toEqual({ id: CONNECTION_TOAST_ID })
  })

  it('says nothing about a connection that never opened', () => {
    FakeEventSource.latest.fail('retrying')
    FakeEventSource.latest.open()
    expect(errorToast).not.toHaveBeenCalled()
    expect(successToast).not.toHaveBeenCalled()
  })

  it('tells of a configuration that has not arrived after 10 s, and takes it back once one comes', async () => {
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS - 1)
    expect(errorToast).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(messages(errorToast)).toEqual([MSG_LOAD_FAILED])
    expect(errorToast.mock.calls[0]?.[1]).toEqual({ id: LOAD_TOAST_ID })
    expect(dismissToast).not.toHaveBeenCalled()

    connection.retry()
    FakeEventSource.latest.open()
    FakeEventSource.latest.send(standardLiveConfig(3))
    expect(dismissToast.mock.calls).toEqual([[LOAD_TOAST_ID]])
    expect(errorToast).toHaveBeenCalledTimes(1)
  })

  it('takes the load notice back when a kept configuration is shown instead', () => {
    localStorage.setItem(
      STORAGE_KEY,
      servedJson({ live: standardLiveConfig(2), storedAt: '2026-11-20T08:30:00.000Z' }),
    )
    FakeEventSource.latest.fail('retrying')
    expect(dismissToast.mock.calls).toEqual([[LOAD_TOAST_ID]])
    vi.advanceTimersByTime(LOAD_TIMEOUT_MS * 2)
    expect(errorToast).not.toHaveBeenCalled() // the page shows the stale notice instead
  })

  it('says nothing while a refused page is current by polling', async () => {
    stop()
    connection.close()
    const live = standardLiveConfig(4)
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'HEAD'
            ? new Response(null, { status: 429, headers: { 'Retry-After': '30' } })
            : new Response(null, { status: 304 }),
        ),
      ),
    )
    connection = createLiveConnection({
      eventsUrl: CONFIG_EVENTS_URL,
      storageKey: STORAGE_KEY,
      initial: live,
    })
    stop = showLiveConfigToasts(connection)
    connection.open()
    FakeEventSource.latest.fail('closed') // refused
    await vi.advanceTimersByTimeAsync(LOST_AFTER_MS * 20)
    expect(connection.getSnapshot()).toEqual({ state: 'ready', data: live, polling: true })
    expect(errorToast).not.toHaveBeenCalled()
    expect(successToast).not.toHaveBeenCalled()
  })

  it('says nothing when the server ends the stream and the browser is back within a second (archiving)', async () => {
    const source = FakeEventSource.latest
    source.open()
    source.send(standardLiveConfig())
    source.fail('retrying')
    await vi.advanceTimersByTimeAsync(1_000)
    source.open()
    source.send({ ...standardLiveConfig(), archived: true })
    await vi.advanceTimersByTimeAsync(LOST_AFTER_MS * 10)
    expect(errorToast).not.toHaveBeenCalled()
    expect(successToast).not.toHaveBeenCalled() // no "Verbindung wiederhergestellt" after nothing was lost
  })

  it('tells of a scale that does not exist by no toast at all: the page says so (and no load notice at 10 s)', async () => {
    stop()
    connection.close()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 404 }))),
    )
    connection = createLiveConnection({
      eventsUrl: '/api/v1/scales/gibtesnicht/events',
      storageKey: `${STORAGE_KEY}.gibtesnicht`,
      mayNotExist: true,
    })
    stop = showLiveConfigToasts(connection)
    connection.open()
    FakeEventSource.latest.fail('closed')
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS * 2)
    expect(connection.getSnapshot().state).toBe('missing')
    expect(errorToast).not.toHaveBeenCalled()
    expect(successToast).not.toHaveBeenCalled()
  })

  it('stays quiet after it is stopped', () => {
    stop()
    FakeEventSource.latest.open()
    FakeEventSource.latest.fail('retrying')
    expect(errorToast).not.toHaveBeenCalled()
  })
})
