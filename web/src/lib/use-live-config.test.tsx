import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import type { LiveConfig } from './config'
import { readStoredConfig, STORAGE_KEY } from './stored-config'
import { toast } from './toast'
import {
  CONNECTION_TOAST_ID,
  LOAD_TIMEOUT_MS,
  MSG_CONNECTION_LOST,
  MSG_CONNECTION_RESTORED,
  MSG_LOAD_FAILED,
  STALE_AFTER_MS,
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
    expect(result.current).toMatchObject({ state: 'loading', failed: false })
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

  it("waits as long as the server's Retry-After says when it refused the stream", async () => {
    const head = vi.fn(() => Promise.resolve(new Response(null, { status: 429, headers: { 'Retry-After': '30' } })))
    vi.stubGlobal('fetch', head)
    renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed') // EventSource shows a 429 as an error, nothing more
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000 - 1)
    })
    expect(head).toHaveBeenCalledWith('/api/v1/config/events', { method: 'HEAD', cache: 'no-store' })
    expect(FakeEventSource.instances).toHaveLength(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('keeps its own back-off when the server does not ask for a wait', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(null, { status: 200 }))))
    renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed')
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000)
    })
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('replaces a stream that stays silent for 45 s, while pings keep a quiet one', () => {
    renderHook(() => useLiveConfigSource())
    const source = FakeEventSource.latest
    act(() => {
      source.open()
      source.send(standardLiveConfig())
    })
    for (let i = 0; i < 5; i++) {
      act(() => {
        vi.advanceTimersByTime(20_000)
        source.ping()
      })
    }
    act(() => {
      vi.advanceTimersByTime(STALE_AFTER_MS - 1)
    })
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(errorToast).not.toHaveBeenCalled()

    act(() => {
      vi.advanceTimersByTime(1) // silent for 45 s: a network that went away without a word
    })
    expect(source.closed).toBe(true)
    expect(messages(errorToast)).toEqual([MSG_CONNECTION_LOST])
    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(FakeEventSource.instances).toHaveLength(2)
    act(() => {
      FakeEventSource.latest.open()
    })
    expect(messages(successToast)).toEqual([MSG_CONNECTION_RESTORED])
  })

  it('gives up on a connection attempt that hangs, and tries again with back-off', () => {
    renderHook(() => useLiveConfigSource())
    act(() => {
      vi.advanceTimersByTime(STALE_AFTER_MS) // never opened, never failed
    })
    expect(FakeEventSource.instances[0]?.closed).toBe(true)
    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(FakeEventSource.instances).toHaveLength(2)
    act(() => {
      vi.advanceTimersByTime(STALE_AFTER_MS + 2_000 - 1) // the next wait is 2 s
    })
    expect(FakeEventSource.instances).toHaveLength(2)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(FakeEventSource.instances).toHaveLength(3)
  })

  it('reports a configuration that has not arrived after 10 s, and keeps trying', () => {
    const { result } = renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed')
      vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1)
    })
    expect(messages(errorToast)).toEqual([])
    expect(result.current).toMatchObject({ state: 'loading', failed: false })
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(messages(errorToast)).toEqual([MSG_LOAD_FAILED])
    expect(result.current).toMatchObject({ state: 'loading', failed: true }) // the page explains itself
    expect(FakeEventSource.latest.closed).toBe(false) // a new attempt is under way
  })

  it('tries again at once when asked, instead of waiting out the back-off', () => {
    const { result } = renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed')
      vi.advanceTimersByTime(LOAD_TIMEOUT_MS)
    })
    const before = FakeEventSource.instances.length
    const stale = FakeEventSource.latest
    act(() => {
      if (result.current.state === 'loading') result.current.retry()
    })
    expect(FakeEventSource.instances).toHaveLength(before + 1)
    expect(stale.closed).toBe(true)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(standardLiveConfig())
    })
    expect(result.current.state).toBe('ready')
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

describe('useLiveConfigSource offline', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
  })

  function kept(live: LiveConfig, storedAt: string) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ live, storedAt }))
  }

  it('keeps every configuration it receives, with the time it came', () => {
    renderHook(() => useLiveConfigSource())
    const live = standardLiveConfig(7)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(live)
    })
    expect(readStoredConfig()).toEqual({ live, storedAt: '2026-11-22T12:00:00.000Z' })
  })

  it('starting without a connection, uses the kept configuration marked stale, then catches up', () => {
    const old = { ...standardLiveConfig(4), config: { ...standardLiveConfig(4).config, name: 'Alt' } }
    kept(old, '2026-11-20T08:30:00.000Z')
    const { result } = renderHook(() => useLiveConfigSource())
    expect(result.current.state).toBe('loading') // no flash of the old one while connecting

    act(() => {
      FakeEventSource.latest.fail('retrying')
    })
    expect(result.current).toEqual({ state: 'ready', data: old, stale: { receivedAt: '2026-11-20T08:30:00.000Z' } })
    act(() => {
      vi.advanceTimersByTime(LOAD_TIMEOUT_MS * 2)
    })
    expect(errorToast).not.toHaveBeenCalled() // the page shows the notice instead

    const fresh = standardLiveConfig(5)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(fresh)
    })
    expect(result.current).toEqual({ state: 'ready', data: fresh })
    expect(result.current).not.toHaveProperty('stale')
  })

  it('falls back to the kept configuration when the stream hangs for 10 s', () => {
    const old = standardLiveConfig(4)
    kept(old, '2026-11-20T08:30:00.000Z')
    const { result } = renderHook(() => useLiveConfigSource())
    act(() => {
      vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1)
    })
    expect(result.current.state).toBe('loading')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toEqual({ state: 'ready', data: old, stale: { receivedAt: '2026-11-20T08:30:00.000Z' } })
    expect(errorToast).not.toHaveBeenCalled()
  })

  it('drops a kept entry that is not a configuration and keeps loading', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ live: { version: 'x' }, storedAt: '2026-11-20T08:30:00Z' }))
    const { result } = renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed')
    })
    expect(result.current).toMatchObject({ state: 'loading', failed: false })
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull()
  })

  it('marks the shown configuration stale while the connection is down, since it last came', () => {
    const { result } = renderHook(() => useLiveConfigSource())
    const live = standardLiveConfig(7)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(live)
    })
    vi.setSystemTime(new Date('2026-11-22T12:05:00Z'))
    act(() => {
      FakeEventSource.latest.fail('retrying')
    })
    expect(result.current).toEqual({ state: 'ready', data: live, stale: { receivedAt: '2026-11-22T12:00:00.000Z' } })

    const next = standardLiveConfig(8)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(next)
    })
    expect(result.current).toEqual({ state: 'ready', data: next })
  })

  it('is current again once a resumed stream opens, even when nothing newer arrives', () => {
    const { result } = renderHook(() => useLiveConfigSource())
    const live = standardLiveConfig(7)
    act(() => {
      FakeEventSource.latest.open()
      FakeEventSource.latest.send(live)
    })
    act(() => {
      FakeEventSource.latest.fail('retrying')
    })
    expect(result.current).toHaveProperty('stale')
    // EventSource resumes with Last-Event-ID 7; the server has no newer version and sends nothing.
    act(() => {
      FakeEventSource.latest.open()
    })
    expect(result.current).toEqual({ state: 'ready', data: live })
  })

  it('replaces a stream that is still retrying when the browser is back online, and leaves an open one', () => {
    renderHook(() => useLiveConfigSource())
    const first = FakeEventSource.latest
    act(() => {
      first.open()
      first.fail('retrying') // the browser keeps retrying on its own schedule
    })
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(FakeEventSource.instances).toHaveLength(2)
    expect(first.closed).toBe(true)
    act(() => {
      FakeEventSource.latest.open()
      window.dispatchEvent(new Event('online'))
    })
    expect(FakeEventSource.instances).toHaveLength(2)
  })

  it('reconnects at once when the browser is back online', () => {
    renderHook(() => useLiveConfigSource())
    act(() => {
      FakeEventSource.latest.fail('closed')
    })
    expect(FakeEventSource.instances).toHaveLength(1)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(FakeEventSource.instances).toHaveLength(2)
    act(() => {
      vi.advanceTimersByTime(30_000) // the pending retry was cancelled (and the new stream is not yet silent too long)
    })
    expect(FakeEventSource.instances).toHaveLength(2)
  })
})
