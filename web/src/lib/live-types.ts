import type { LiveConfig } from './config'

// The live connection's types (live-connection.ts has the object), apart so that the file with the
// object stays readable.

/** The configuration in use may be out of date: the live connection is down. */
export interface Staleness {
  /** When this browser last received the configuration from the server (ISO 8601). */
  receivedAt: string
}

export type LiveConfigState =
  | {
      state: 'loading'
      data?: undefined
      stale?: undefined
      polling?: undefined
      /** Nothing has arrived after LOAD_TIMEOUT_MS (and no configuration is kept): the page says so. */
      failed: boolean
      /** Try again now instead of waiting out the back-off. */
      retry: () => void
    }
  /**
   * A configuration to compute with: current (from the stream, or with `polling` from the last
   * poll, so that a change shows within POLL_BOUND_S), or `stale`: neither answers.
   */
  | { state: 'ready'; data: LiveConfig; stale?: Staleness; polling?: true }
  /** The stream answered 404: the scale does not exist; nothing is retried. */
  | { state: 'missing'; data?: undefined; stale?: undefined; polling?: undefined }

/**
 * What happened, for those who tell people about it (the state itself is read with getSnapshot):
 * `config` a current configuration is shown (one arrived, the stream or a poll confirmed the shown
 * one, or it is current another way now); `stale` the shown one may be out of date (or a kept one
 * is shown); `lost` a connection that worked (stream or polls) has been down for LOST_AFTER_MS, or
 * a poll failed while the stream was down (once per outage); `restored` it is back after a `lost`;
 * `failed` nothing to show after LOAD_TIMEOUT_MS; `missing` the scale does not exist.
 */
export type LiveEvent = 'config' | 'stale' | 'lost' | 'restored' | 'failed' | 'missing'

export interface LiveConnectionOptions {
  /**
   * The SSE stream of `config` events (CONFIG_EVENTS_URL in scale-choice.ts); asked with HEAD for a Retry-After. Without
   * `/events` it is the address polled (GET /api/v1/config, /api/v1/scales/{slug}).
   */
  eventsUrl: string
  /** Where the browser keeps the last configuration received (stored-config.ts). */
  storageKey: string
  /** A configuration the page already has (e.g. from the served HTML): shown at once, then confirmed or replaced by the stream. */
  initial?: LiveConfig
  /** When this browser received initial, for the stale notice (ISO 8601; default now). */
  initialReceivedAt?: string
  /**
   * A scale's stream: a 404 means the scale does not exist (an old link, a typo), which no retry
   * mends, so the connection stops and reports `missing`. The default's stream always exists.
   */
  mayNotExist?: boolean
}

export interface LiveConnection {
  /** The current state; the same object until something changes (useSyncExternalStore). */
  getSnapshot: () => LiveConfigState
  /** Calls listener on every event; returns the unsubscribe function. */
  subscribe: (listener: (event: LiveEvent) => void) => () => void
  /** Connects (again after close); does nothing while connected. */
  open: () => void
  /** Stops everything open started: the stream, the polls, every timer, the `online` listener. */
  close: () => void
  /** Tries again at once instead of waiting out the back-off (an open stream is left alone). */
  retry: () => void
}
