import type { LiveConfig } from './config'
import type { PollAnswer } from './live-poll'
import type { LiveConfigState, LiveEvent } from './live-types'
import type { StoredConfig } from './stored-config'

// The states, inputs and effects of the live connection's machine (live-machine.ts), which its driver
// (live-connection.ts) and its table of tests share.

/**
 * What the connection does: `idle` before open() and after close(); `connecting` a stream is being
 * opened or reconnected and has brought nothing since; `live` the stream delivers; `polling` the
 * stream cannot be had, so the page asks for the configuration (and tries a stream now and then);
 * `stale` an outage: nothing answers past the grace LOST_AFTER_MS (a stream being retried, or
 * `polls` that fail); `missing` the scale does not exist, nothing is tried again. What is shown
 * says `stale` in this mode, and also while connecting with only the kept configuration to show.
 */
export type Mode =
  | { name: 'idle' }
  | { name: 'connecting' }
  | { name: 'live' }
  | { name: 'polling' }
  | { name: 'stale'; polls: boolean }
  | { name: 'missing' }

export interface LiveState {
  mode: Mode
  /** What the page shows (getSnapshot): the same object until it changes. */
  shown: LiveConfigState
  /** When the configuration shown was received (ISO 8601), for its stale notice. */
  receivedAt: string
  /** The EventSource, as its readyState: none, connecting (or the browser reconnects it), open. */
  stream: 'none' | 'connecting' | 'open'
  /** Streams failed since the last event; the next wait for a stream given up (not polling). */
  failures: number
  retryDelay: number
  /** While polling: the wait before the next trial of a stream. */
  trialDelay: number
  /** The server's Retry-After, as a time (ms since the epoch). */
  refusedUntil: number
  /** LOAD_TIMEOUT_MS after open(): waiting, an event came before it (heard), or it has passed (over). */
  load: 'waiting' | 'heard' | 'over'
  /**
   * What the toasts were told: a connection worked (its loss will be news), or its loss was told
   * (the next one that works is news).
   */
  told: 'nothing' | 'working' | 'lost'
  /** The LOST_AFTER_MS of grace of a shown configuration whose stream is down: running, or over. */
  loss: 'none' | 'waiting' | 'over'
  /** A 404 means the scale does not exist (LiveConnectionOptions.mayNotExist). */
  mayNotExist: boolean
}

export type Timer = 'retry' | 'silence' | 'load' | 'loss'

/** What happens to the connection: its own calls, the stream's events, answers, timers. */
export type LiveInput =
  | { type: 'open' }
  | { type: 'close' }
  /** "Erneut versuchen", or the browser is back online. */
  | { type: 'retry' }
  | { type: 'opened' }
  | { type: 'ping' }
  /** A `config` event; null when its data is not a configuration. */
  | { type: 'config'; data: LiveConfig | null; now: number }
  /** The stream failed; closed: EventSource gave up on it (else the browser reconnects it). */
  | { type: 'error'; closed: boolean }
  /** The HEAD probe's answer (status 0: no answer; wait: Retry-After in ms). */
  | { type: 'probed'; status: number; wait: number; now: number }
  | { type: 'polled'; answer: PollAnswer; now: number }
  /** The configuration kept in this browser, read for readKept (outage: as asked). */
  | { type: 'kept'; stored: StoredConfig | null; outage: boolean }
  | { type: 'timeout'; timer: Timer }

/**
 * What to do, in order: tell the listeners; keep a configuration received (at: ISO 8601); read the
 * kept one and answer with a `kept` input at once; `open` listen for the browser coming back online
 * and fetch the polls' code; `close` stop everything (the stream, the polls, every timer, the
 * `online` listener) and ignore answers still to come; open a new EventSource, or close it; ask the
 * server why the stream failed (`probed`); start, stop or hurry the polls; (re)start a timer, whose
 * `timeout` comes after ms, or cancel it.
 */
export type Effect =
  | ['emit', LiveEvent]
  | ['store', LiveConfig, string]
  | ['readKept', boolean]
  | ['open']
  | ['close']
  | ['connect']
  | ['disconnect']
  | ['probe']
  | ['poll', 'start' | 'stop' | 'now']
  | ['start', Timer, number]
  | ['cancel', Timer]
