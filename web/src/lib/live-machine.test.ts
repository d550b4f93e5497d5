import { describe, expect, it } from 'vitest'
import { standardLiveConfig } from '@/test/live-config'
import { startState, step } from './live-machine'
import type { Effect, LiveInput, LiveState } from './live-machine-types'
import {
  FIRST_EVENT_MS,
  LOAD_TIMEOUT_MS,
  LOST_AFTER_MS,
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  STALE_AFTER_MS,
  TRIAL_FIRST_MS,
  TRIAL_MAX_MS,
} from './live-timing'
import type { StoredConfig } from './stored-config'

// The live connection's decisions as data: a state and an input give the next state and the
// effects, in order. The driver that carries them out is tested through the connection itself
// (live-connection.test.ts, live-connection-poll.test.ts).

const NOW = Date.parse('2026-11-22T12:00:00Z')
const NOW_ISO = '2026-11-22T12:00:00.000Z'
const EARLIER = '2026-11-20T08:30:00.000Z'
const v7 = standardLiveConfig(7)
const v8 = standardLiveConfig(8)
const retry = () => undefined
const kept: StoredConfig = { live: standardLiveConfig(4), storedAt: EARLIER }

/** A connection open for a while, showing v7 from the stream, nothing pending. */
const live: LiveState = {
  ...startState({ initial: v7, receivedAt: EARLIER, mayNotExist: false, retry }),
  mode: { name: 'live' },
  stream: 'open',
  load: 'over',
  told: 'working',
}
/** Just opened, nothing shown yet. */
const connecting: LiveState = {
  ...startState({ receivedAt: NOW_ISO, mayNotExist: false, retry }),
  mode: { name: 'connecting' },
  stream: 'connecting',
}
const polling: LiveState = {
  ...live,
  mode: { name: 'polling' },
  stream: 'none',
  shown: { state: 'ready', data: v7, polling: true },
  trialDelay: 2 * TRIAL_FIRST_MS,
}
const pollsFail: LiveState = {
  ...polling,
  mode: { name: 'stale', polls: true },
  shown: { state: 'ready', data: v7, stale: { receivedAt: EARLIER } },
  told: 'lost',
}

interface Row {
  name: string
  state: LiveState
  input: LiveInput
  /** What changes in the state (the rest stays). */
  changes: Partial<LiveState>
  effects: Effect[]
}

const rows: Row[] = [
  // open, close, retry
  {
    name: 'open: a stream, the polls’ code, the load timer',
    state: startState({ receivedAt: EARLIER, mayNotExist: false, retry }),
    input: { type: 'open' },
    changes: { mode: { name: 'connecting' }, stream: 'connecting' },
    effects: [
      ['open'],
      ['connect'],
      ['start', 'silence', FIRST_EVENT_MS],
      ['start', 'load', LOAD_TIMEOUT_MS],
    ],
  },
  { name: 'open while open: nothing', state: live, input: { type: 'open' }, changes: {}, effects: [] },
  {
    name: 'close stops everything and keeps what is shown',
    state: { ...connecting, loss: 'waiting' },
    input: { type: 'close' },
    changes: { mode: { name: 'idle' }, stream: 'none', loss: 'none' },
    effects: [['close']],
  },
  {
    name: 'idle: stream events, answers and timers are ignored',
    state: { ...live, mode: { name: 'idle' } },
    input: { type: 'timeout', timer: 'retry' },
    changes: {},
    effects: [],
  },
  {
    name: 'retry replaces a stream the browser is still reconnecting, at the first delay',
    state: { ...connecting, retryDelay: 8 * RETRY_FIRST_MS },
    input: { type: 'retry' },
    changes: { retryDelay: RETRY_FIRST_MS },
    effects: [['disconnect'], ['cancel', 'retry'], ['connect'], ['start', 'silence', FIRST_EVENT_MS]],
  },
  {
    name: 'retry leaves an open stream alone',
    state: live,
    input: { type: 'retry' },
    changes: {},
    effects: [],
  },
  {
    name: 'retry while polling asks at once, and tries a stream',
    state: polling,
    input: { type: 'retry' },
    changes: { stream: 'connecting' },
    effects: [
      ['poll', 'now'],
      ['disconnect'],
      ['cancel', 'retry'],
      ['connect'],
      ['start', 'silence', FIRST_EVENT_MS],
    ],
  },
  {
    name: 'missing: nothing is tried again',
    state: { ...live, mode: { name: 'missing' }, shown: { state: 'missing' } },
    input: { type: 'retry' },
    changes: {},
    effects: [],
  },

  // the stream's events
  {
    name: 'opened: the first event must come within FIRST_EVENT_MS',
    state: connecting,
    input: { type: 'opened' },
    changes: { stream: 'open' },
    effects: [['start', 'silence', FIRST_EVENT_MS]],
  },
  {
    name: 'config: shown, kept, news; the stream is live',
    state: { ...connecting, stream: 'open' },
    input: { type: 'config', data: v7, now: NOW },
    changes: {
      mode: { name: 'live' },
      shown: { state: 'ready', data: v7 },
      receivedAt: NOW_ISO,
      load: 'heard',
      told: 'working',
    },
    effects: [
      ['start', 'silence', STALE_AFTER_MS],
      ['store', v7, NOW_ISO],
      ['emit', 'config'],
    ],
  },
  {
    name: 'config of the version shown: kept, not shown again',
    state: live,
    input: { type: 'config', data: standardLiveConfig(7), now: NOW },
    changes: { receivedAt: NOW_ISO },
    effects: [
      ['start', 'silence', STALE_AFTER_MS],
      ['store', v7, NOW_ISO],
    ],
  },
  {
    name: 'config that is not a configuration still proves the stream alive',
    state: { ...live, failures: 2, retryDelay: 4 * RETRY_FIRST_MS },
    input: { type: 'config', data: null, now: NOW },
    changes: { failures: 0, retryDelay: RETRY_FIRST_MS },
    effects: [['start', 'silence', STALE_AFTER_MS]],
  },
  {
    name: 'ping after a told loss: current again, restored; the polls stop',
    state: { ...pollsFail, stream: 'open' },
    input: { type: 'ping' },
    changes: {
      mode: { name: 'live' },
      shown: { state: 'ready', data: v7 },
      told: 'working',
      trialDelay: TRIAL_FIRST_MS,
    },
    effects: [
      ['start', 'silence', STALE_AFTER_MS],
      ['poll', 'stop'],
      ['cancel', 'retry'],
      ['emit', 'config'],
      ['emit', 'restored'],
    ],
  },
  {
    name: 'ping within the grace of a loss: the grace ends, nobody is told',
    state: { ...live, mode: { name: 'connecting' }, loss: 'waiting', failures: 1 },
    input: { type: 'ping' },
    changes: { mode: { name: 'live' }, loss: 'none', failures: 0 },
    effects: [
      ['start', 'silence', STALE_AFTER_MS],
      ['cancel', 'loss'],
    ],
  },
  {
    name: 'error, retrying, with a configuration shown: LOST_AFTER_MS of grace',
    state: live,
    input: { type: 'error', closed: false },
    changes: { mode: { name: 'connecting' }, stream: 'connecting', loss: 'waiting', failures: 1 },
    effects: [['start', 'loss', LOST_AFTER_MS]],
  },
  {
    name: 'error, retrying, with nothing shown: the kept configuration at once',
    state: connecting,
    input: { type: 'error', closed: false },
    changes: { failures: 1 },
    effects: [['readKept', false]],
  },
  {
    name: 'error, closed: a new stream after retryDelay, which doubles; the probe asks why',
    state: { ...live, retryDelay: 2 * RETRY_FIRST_MS, failures: 1 },
    input: { type: 'error', closed: true },
    changes: {
      mode: { name: 'connecting' },
      stream: 'none',
      loss: 'waiting',
      failures: 2,
      retryDelay: 4 * RETRY_FIRST_MS,
    },
    effects: [
      ['start', 'loss', LOST_AFTER_MS],
      ['probe'],
      ['disconnect'],
      ['start', 'retry', 2 * RETRY_FIRST_MS],
    ],
  },
  {
    name: 'error, closed, at RETRY_MAX_MS: stays there',
    state: { ...connecting, retryDelay: RETRY_MAX_MS },
    input: { type: 'error', closed: true },
    changes: { stream: 'none', failures: 1 },
    effects: [['probe'], ['disconnect'], ['start', 'retry', RETRY_MAX_MS]],
  },
  {
    name: 'the third failure in a row: polls, a trial after TRIAL_FIRST_MS',
    state: { ...live, mode: { name: 'connecting' }, failures: 2, loss: 'waiting' },
    input: { type: 'error', closed: false },
    changes: {
      mode: { name: 'polling' },
      stream: 'none',
      failures: 3,
      loss: 'waiting',
      trialDelay: 2 * TRIAL_FIRST_MS,
    },
    effects: [['disconnect'], ['start', 'retry', TRIAL_FIRST_MS], ['poll', 'start']],
  },
  {
    name: 'a trial that fails while polling: the next one later, up to TRIAL_MAX_MS',
    state: { ...polling, stream: 'connecting', trialDelay: TRIAL_MAX_MS },
    input: { type: 'error', closed: true },
    changes: { stream: 'none', failures: 1 },
    effects: [['probe'], ['disconnect'], ['start', 'retry', TRIAL_MAX_MS]],
  },

  // the probe's answers
  {
    name: 'probed 429: polls, the next stream after Retry-After',
    state: { ...live, mode: { name: 'connecting' }, stream: 'none', failures: 1 },
    input: { type: 'probed', status: 429, wait: 30_000, now: NOW },
    changes: { mode: { name: 'polling' }, refusedUntil: NOW + 30_000 },
    effects: [['disconnect'], ['start', 'retry', 30_000], ['poll', 'start']],
  },
  {
    name: 'probed 503 without Retry-After: its own trial delay',
    state: { ...connecting, stream: 'none' },
    input: { type: 'probed', status: 503, wait: 0, now: NOW },
    changes: { mode: { name: 'polling' }, refusedUntil: NOW, trialDelay: 2 * TRIAL_FIRST_MS },
    effects: [['disconnect'], ['start', 'retry', TRIAL_FIRST_MS], ['poll', 'start']],
  },
  {
    name: 'probed 429 once the next stream is under way: too late to matter',
    state: connecting,
    input: { type: 'probed', status: 429, wait: 30_000, now: NOW },
    changes: {},
    effects: [['readKept', false]],
  },
  {
    name: 'probed 404 of a scale that may not exist: stop, missing',
    state: { ...connecting, stream: 'none', mayNotExist: true },
    input: { type: 'probed', status: 404, wait: 0, now: NOW },
    changes: { mode: { name: 'missing' }, shown: { state: 'missing' } },
    effects: [['close'], ['emit', 'missing']],
  },
  {
    name: 'probed 404 of the default’s stream: nothing shown, so the kept one',
    state: { ...connecting, stream: 'none' },
    input: { type: 'probed', status: 404, wait: 0, now: NOW },
    changes: {},
    effects: [['readKept', false]],
  },

  // the kept configuration
  {
    name: 'kept: shown stale, with the time it was received',
    state: connecting,
    input: { type: 'kept', stored: kept, outage: false },
    changes: {
      shown: { state: 'ready', data: kept.live, stale: { receivedAt: EARLIER } },
      receivedAt: EARLIER,
    },
    effects: [['emit', 'stale']],
  },
  {
    name: 'none kept in an outage after LOAD_TIMEOUT_MS: failed',
    state: { ...connecting, load: 'over' },
    input: { type: 'kept', stored: null, outage: true },
    changes: { shown: { state: 'loading', failed: true, retry } },
    effects: [['emit', 'failed']],
  },
  {
    name: 'none kept before LOAD_TIMEOUT_MS: loading on',
    state: connecting,
    input: { type: 'kept', stored: null, outage: true },
    changes: {},
    effects: [],
  },

  // the polls' answers
  {
    name: 'polled 304 after a failed poll: current, restored, a stream at once',
    state: pollsFail,
    input: { type: 'polled', answer: { kind: 'current' }, now: NOW },
    changes: {
      mode: { name: 'polling' },
      shown: { state: 'ready', data: v7, polling: true },
      told: 'working',
    },
    effects: [['emit', 'config'], ['emit', 'restored'], ['disconnect'], ['start', 'retry', 0]],
  },
  {
    name: 'polled 200 after a failed poll, before Retry-After is over: no stream yet',
    state: { ...pollsFail, refusedUntil: NOW + 1 },
    input: { type: 'polled', answer: { kind: 'config', data: v8 }, now: NOW },
    changes: {
      mode: { name: 'polling' },
      shown: { state: 'ready', data: v8, polling: true },
      receivedAt: NOW_ISO,
      told: 'working',
    },
    effects: [
      ['store', v8, NOW_ISO],
      ['emit', 'config'],
      ['emit', 'restored'],
    ],
  },
  {
    name: 'polled 304 while polling: nothing new',
    state: polling,
    input: { type: 'polled', answer: { kind: 'current' }, now: NOW },
    changes: {},
    effects: [],
  },
  {
    name: 'a poll that fails: an outage, told once, the shown one stale',
    state: polling,
    input: { type: 'polled', answer: { kind: 'failed' }, now: NOW },
    changes: {
      mode: { name: 'stale', polls: true },
      shown: { state: 'ready', data: v7, stale: { receivedAt: EARLIER } },
      told: 'lost',
    },
    effects: [
      ['emit', 'lost'],
      ['emit', 'stale'],
    ],
  },
  {
    name: 'polled 404 of a scale that may not exist: stop, missing',
    state: { ...polling, mayNotExist: true },
    input: { type: 'polled', answer: { kind: 'missing' }, now: NOW },
    changes: { mode: { name: 'missing' }, shown: { state: 'missing' } },
    effects: [['close'], ['emit', 'missing']],
  },
  {
    name: 'polled 404 of the default: a failed poll',
    state: pollsFail,
    input: { type: 'polled', answer: { kind: 'missing' }, now: NOW },
    changes: {},
    effects: [],
  },
  {
    name: 'a poll’s answer after the polls stopped: ignored',
    state: live,
    input: { type: 'polled', answer: { kind: 'failed' }, now: NOW },
    changes: {},
    effects: [],
  },

  // timers
  {
    name: 'retry timer: the next stream',
    state: { ...connecting, stream: 'none' },
    input: { type: 'timeout', timer: 'retry' },
    changes: { stream: 'connecting' },
    effects: [['connect'], ['start', 'silence', FIRST_EVENT_MS]],
  },
  {
    name: 'silence: the stream has failed, poll',
    state: live,
    input: { type: 'timeout', timer: 'silence' },
    changes: { mode: { name: 'polling' }, stream: 'none', failures: 1, trialDelay: 2 * TRIAL_FIRST_MS },
    effects: [['disconnect'], ['start', 'retry', TRIAL_FIRST_MS], ['poll', 'start']],
  },
  {
    name: 'the grace is over: stale, the loss told',
    state: { ...live, mode: { name: 'connecting' }, stream: 'connecting', loss: 'waiting', failures: 1 },
    input: { type: 'timeout', timer: 'loss' },
    changes: {
      mode: { name: 'stale', polls: false },
      shown: { state: 'ready', data: v7, stale: { receivedAt: EARLIER } },
      loss: 'over',
      told: 'lost',
    },
    effects: [
      ['emit', 'lost'],
      ['emit', 'stale'],
    ],
  },
  {
    name: 'the grace is over while polls answer: nothing to tell',
    state: { ...polling, loss: 'waiting' },
    input: { type: 'timeout', timer: 'loss' },
    changes: { loss: 'over' },
    effects: [],
  },
  {
    name: 'LOAD_TIMEOUT_MS without a word from the stream: poll',
    state: connecting,
    input: { type: 'timeout', timer: 'load' },
    changes: { mode: { name: 'polling' }, stream: 'none', load: 'over', trialDelay: 2 * TRIAL_FIRST_MS },
    effects: [['disconnect'], ['start', 'retry', TRIAL_FIRST_MS], ['poll', 'start']],
  },
  {
    name: 'LOAD_TIMEOUT_MS after the stream spoke: nothing',
    state: { ...connecting, load: 'heard' },
    input: { type: 'timeout', timer: 'load' },
    changes: { load: 'over' },
    effects: [],
  },
  {
    name: 'LOAD_TIMEOUT_MS while polls fail, nothing shown: the kept one, else failed',
    state: { ...connecting, mode: { name: 'stale', polls: true }, stream: 'none' },
    input: { type: 'timeout', timer: 'load' },
    changes: { load: 'over' },
    effects: [['readKept', true]],
  },
]

describe('step', () => {
  it.each(rows)('$name', ({ state, input, changes, effects }) => {
    const copy = (s: LiveState) => structuredClone({ ...s, shown: { ...s.shown, retry: undefined } })
    const before = copy(state)
    const next = step(state, input)
    expect(next.state).toEqual({ ...state, ...changes })
    expect(next.effects).toEqual(effects)
    expect(copy(state)).toEqual(before) // never changed in place
  })

  it('keeps the shown object when nothing about it changes, so React renders nothing again', () => {
    const next = step(live, { type: 'config', data: standardLiveConfig(7), now: NOW })
    expect(next.state.shown).toBe(live.shown)
  })
})
