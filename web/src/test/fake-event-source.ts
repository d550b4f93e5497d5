import { vi } from 'vitest'
import { servedJson } from './served'

/** A stand-in for the browser's EventSource that tests drive by hand. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []

  readonly url: string
  readyState = FakeEventSource.CONNECTING
  closed = false

  constructor(url: string | URL) {
    super()
    this.url = String(url)
    FakeEventSource.instances.push(this)
  }

  /** The newest instance: the one the code under test is listening to. */
  static get latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1)
    if (last === undefined) throw new Error('no EventSource was opened')
    return last
  }

  static install(): void {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
  }

  /**
   * The stream opens and, as every stream of the server does (internal/live), brings its first ping
   * at once; `{ silent: true }`: nothing after the headers, as behind a proxy that buffers event streams.
   */
  open({ silent = false } = {}): void {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
    if (!silent) this.ping()
  }

  /** Sends a `config` event whose data is `payload` as JSON (or the string as is). */
  send(payload: unknown): void {
    const data = typeof payload === 'string' ? payload : servedJson(payload)
    this.dispatchEvent(new MessageEvent('config', { data }))
  }

  /** The server's heartbeat. */
  ping(): void {
    this.dispatchEvent(new MessageEvent('ping', { data: '' }))
  }

  /** A lost connection the browser retries (CONNECTING), or one it gave up on (CLOSED). */
  fail(state: 'retrying' | 'closed'): void {
    this.readyState = state === 'closed' ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED
    this.closed = true
  }
}
