import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { createLiveConnection } from './live-connection'
import { LOAD_TIMEOUT_MS } from './live-timing'
import { CONFIG_EVENTS_URL } from './scale-choice'
import { STORAGE_KEY } from './stored-config'
import { useLiveConnection } from './use-live-config'

// The hook only connects React to the connection (its behaviour: live-connection.test.ts).

beforeEach(() => {
  vi.useFakeTimers()
  FakeEventSource.install()
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))), // no server: no probe, no poll answers
  )
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const newConnection = (initial?: ReturnType<typeof standardLiveConfig>) =>
  createLiveConnection({
    eventsUrl: CONFIG_EVENTS_URL,
    storageKey: STORAGE_KEY,
    ...(initial === undefined ? {} : { initial }),
  })

describe('useLiveConnection', () => {
  it('opens the connection while mounted and renders each new state', () => {
    const connection = newConnection()
    const { result } = renderHook(() => useLiveConnection(connection))
    expect(result.current).toMatchObject({ state: 'loading', failed: false })
    expect(FakeEventSource.instances).toHaveLength(1)
    const live = standardLiveConfig(7)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(live)
    })
    expect(result.current).toEqual({ state: 'ready', data: live })
  })

  it('retries from the loading state at once', async () => {
    const connection = newConnection()
    const { result } = renderHook(() => useLiveConnection(connection))
    await act(async () => {
      FakeEventSource.latest.fail('closed')
      await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS)
    })
    expect(result.current).toMatchObject({ state: 'loading', failed: true })
    const before = FakeEventSource.instances.length
    act(() => {
      if (result.current.state === 'loading') result.current.retry()
    })
    expect(FakeEventSource.instances).toHaveLength(before + 1)
  })

  it('renders an initial configuration first, and not again when the stream confirms it', () => {
    const connection = newConnection(standardLiveConfig(7))
    let renders = 0
    const { result } = renderHook(() => {
      renders++
      return useLiveConnection(connection)
    })
    expect(result.current).toEqual({ state: 'ready', data: standardLiveConfig(7) })
    const after = renders
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(standardLiveConfig(7))
    })
    expect(renders).toBe(after)
  })

  it('closes the stream and stops retrying on unmount', () => {
    const connection = newConnection()
    const { unmount } = renderHook(() => useLiveConnection(connection))
    act(() => {
      FakeEventSource.latest.fail('closed')
    })
    unmount()
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(FakeEventSource.latest.closed).toBe(true)
  })
})
