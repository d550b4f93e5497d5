import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { toast } from './toast'
import {
  CONNECTION_TOAST_ID,
  LOAD_TIMEOUT_MS,
  MSG_CONNECTION_LOST,
  MSG_CONNECTION_RESTORED,
  MSG_LOAD_FAILED,
  useLiveConfigSource,
} from './use-live-config'

let errorToast: MockInstance<typeof toast.error>
let successToast: MockInstance<typeof toast.success>

beforeEach(() => {
  vi.useFakeTimers()
  FakeEventSource.install()
  errorToast = vi.spyOn(toast, 'error')
  successToast = vi.spyOn(toast, 'success')
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function messages(spy: MockInstance<typeof toast.error>): unknown[] {
  return spy.mock.calls.map(([message]) => message)
}

describe('useLiveConfigSource', () => {
  it('is loading until a config event arrives, then ready with its data', () => {
    const { result } = renderHook(() => useLiveConfigSource())
    expect(result.current).toEqual({ state: 'loading' })
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(FakeEventSource.latest.url).toBe('/api/v1/config/events')

    const live = standardLiveConfig(7)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(live)
    })
    expect(result.current).toEqual({ state: 'ready', data: live })

    const next = { ...standardLiveConfig(8), config: { ...live.config, name: 'Oberstufe' } }
    act(() => {
      FakeEventSource.latest.send(next)
    })
    expect(result.current).toEqual({ state: 'ready', data: next })
  })

  it('ignores events that are not a configuration', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { result } = renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send('not json')
      FakeEventSource.latest.send({ version: 1 })
    })
    expect(result.current.state).toBe('loading')
  })

  it('reports a lost open connection once per outage, and its return', () => {
    renderHook(() => useLiveConfigSource())
    const source = FakeEventSource.latest
    act(() => {
      source.open()
      source.send(standardLiveConfig())
    })

    act(() => {
      source.fail('retrying')
      source.fail('retrying')
      source.fail('retrying')
    })
    expect(messages(errorToast)).toEqual([MSG_CONNECTION_LOST])
    expect(errorToast.mock.calls[0]?.[1]).toEqual({ id: CONNECTION_TOAST_ID })
    expect(successToast).not.toHaveBeenCalled()

    act(() => {
      source.open()
    })
    expect(messages(successToast)).toEqual([MSG_CONNECTION_RESTORED])

    act(() => {
      source.fail('retrying')
    })
    expect(messages(errorToast)).toEqual([MSG_CONNECTION_LOST, MSG_CONNECTION_LOST])
    expect(FakeEventSource.instances).toHaveLength(1) // the browser reconnects this one itself
  })

  it('says nothing about a connection that never opened', () => {
    renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('retrying')
    })
    expect(errorToast).not.toHaveBeenCalled()
    act(() => {
      FakeEventSource.latest.open()
    })
    expect(successToast).not.toHaveBeenCalled()
  })

  it('opens a new EventSource after one gave up, 1 s doubling to 30 s, and back to 1 s once open', () => {
    renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(standardLiveConfig())
    })

    const delays = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]
    for (const [i, delay] of delays.entries()) {
      const before = FakeEventSource.latest
      act(() => {
        before.fail('closed')
      })
      expect(before.closed).toBe(true)
      act(() => {
        vi.advanceTimersByTime(delay - 1)
      })
      expect(FakeEventSource.instances).toHaveLength(i + 1)
      act(() => {
        vi.advanceTimersByTime(1)
      })
      expect(FakeEventSource.instances).toHaveLength(i + 2)
    }
    expect(messages(errorToast)).toEqual([MSG_CONNECTION_LOST])

    act(() => {
      FakeEventSource.latest.open()
    })
    expect(messages(successToast)).toEqual([MSG_CONNECTION_RESTORED])

    const count = FakeEventSource.instances.length
    act(() => {
      FakeEventSource.latest.fail('closed')
      vi.advanceTimersByTime(1_000)
    })
    expect(FakeEventSource.instances).toHaveLength(count + 1)
  })

  it('reports a configuration that has not arrived after 10 s, and keeps trying', () => {
    renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed')
      vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1)
    })
    expect(messages(errorToast)).toEqual([])
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(messages(errorToast)).toEqual([MSG_LOAD_FAILED])
    expect(FakeEventSource.latest.closed).toBe(false) // a new attempt is under way
  })

  it('stays quiet at 10 s when the configuration came in time', () => {
    renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(standardLiveConfig())
      vi.advanceTimersByTime(LOAD_TIMEOUT_MS * 2)
    })
    expect(errorToast).not.toHaveBeenCalled()
  })

  it('closes the stream and stops retrying on unmount', () => {
    const { unmount } = renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed')
    })
    unmount()
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(FakeEventSource.latest.closed).toBe(true)
    expect(errorToast).not.toHaveBeenCalled()
  })
})
