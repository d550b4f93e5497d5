import { vi } from 'vitest'

/** BroadcastChannel within one test: a message reaches the other instances of the same name. */
export class FakeBroadcastChannel extends EventTarget {
  static instances: FakeBroadcastChannel[] = []
  static posted: { name: string; data: unknown }[] = []
  readonly name: string
  closed = false

  constructor(name: string) {
    super()
    this.name = name
    FakeBroadcastChannel.instances.push(this)
  }

  static install(): void {
    FakeBroadcastChannel.instances = []
    FakeBroadcastChannel.posted = []
    vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel)
  }

  /** Delivers data as another tab would: to every open channel of that name. */
  static deliver(name: string, data: unknown): void {
    for (const ch of FakeBroadcastChannel.instances) {
      if (ch.name === name && !ch.closed) ch.dispatchEvent(new MessageEvent('message', { data }))
    }
  }

  postMessage(data: unknown): void {
    FakeBroadcastChannel.posted.push({ name: this.name, data })
    for (const ch of FakeBroadcastChannel.instances) {
      if (ch !== this && ch.name === this.name && !ch.closed)
        ch.dispatchEvent(new MessageEvent('message', { data }))
    }
  }

  close(): void {
    this.closed = true
  }
}
