import type { LiveConfig } from './config'
import type { Effect, LiveInput, LiveState, Timer } from './live-machine-types'
import type { PollAnswer } from './live-poll'
import {
  FIRST_EVENT_MS,
  LOAD_TIMEOUT_MS,
  LOST_AFTER_MS,
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  STALE_AFTER_MS,
  STREAM_FAILURES,
  TRIAL_FIRST_MS,
  TRIAL_MAX_MS,
} from './live-timing'
import type { LiveEvent } from './live-types'
import type { StoredConfig } from './stored-config'

// The live connection's decisions, as a pure function: step(state, input) gives the next state and
// what to do (effects). No timers, no I/O, no clock: the time comes in with the inputs that need it,
// and live-connection.ts (the driver) owns the EventSource, the polls, the timers and the storage,
// carries the effects out and turns what happens into inputs. Why the connection does what it does
// (back-off, polls, stale, lost): live-connection.ts's comment on createLiveConnection.

/** The server refused a stream for its limits (429 from this address, 503 in all). */
const refused = (status: number) => status === 429 || status === 503

/** A connection before open(); retry is what "Erneut versuchen" of the loading state calls. */
export function startState(options: {
  initial?: LiveConfig | undefined
  receivedAt: string
  mayNotExist: boolean
  retry: () => void
}): LiveState {
  return {
    mode: { name: 'idle' },
    shown: options.initial
      ? { state: 'ready', data: options.initial }
      : { state: 'loading', failed: false, retry: options.retry },
    receivedAt: options.receivedAt,
    stream: 'none',
    failures: 0,
    retryDelay: RETRY_FIRST_MS,
    trialDelay: TRIAL_FIRST_MS,
    refusedUntil: 0,
    load: 'waiting',
    told: 'nothing',
    loss: 'none',
    mayNotExist: options.mayNotExist,
  }
}

/** The polls are on: polling, or stale with polls that fail. */
export const polls = ({ mode }: LiveState) => mode.name === 'polling' || (mode.name === 'stale' && mode.polls)

const running = ({ mode }: LiveState) => mode.name !== 'idle' && mode.name !== 'missing'

/** The next state and what to do: a copy of state changed as input says, never state itself. */
export function step(state: LiveState, input: LiveInput): { state: LiveState; effects: Effect[] } {
  const s = { ...state }
  const fx: Effect[] = []
  if (input.type === 'open') open(s, fx)
  else if (input.type === 'kept') kept(s, fx, input.stored, input.outage)
  else if (running(s)) onInput(s, fx, input)
  return { state: s, effects: fx }
}

function onInput(s: LiveState, fx: Effect[], input: LiveInput) {
  switch (input.type) {
    case 'close':
      close(s, fx)
      break
    case 'retry':
      retry(s, fx)
      break
    case 'opened':
      s.stream = 'open'
      fx.push(['start', 'silence', FIRST_EVENT_MS])
      break
    case 'ping':
      delivered(s, fx)
      // A resumed stream (Last-Event-ID) sends no version when the one shown is still the newest:
      // its first ping is what makes the shown one current again.
      confirm(s, fx, 'live')
      working(s, fx)
      break
    case 'config':
      delivered(s, fx)
      if (input.data !== null) take(s, fx, input.data, 'live', input.now)
      working(s, fx)
      break
    case 'error':
      failed(s, fx, input.closed)
      break
    case 'probed':
      probed(s, fx, input.status, input.wait, input.now)
      break
    case 'polled':
      if (polls(s)) polled(s, fx, input.answer, input.now)
      break
    case 'timeout':
      timeout(s, fx, input.timer)
  }
}

type Shown = 'live' | 'polled' | 'stale'

const emit = (fx: Effect[], event: LiveEvent) => fx.push(['emit', event])

function show(s: LiveState, fx: Effect[], data: LiveConfig, how: Shown) {
  if (how === 'stale') s.shown = { state: 'ready', data, stale: { receivedAt: s.receivedAt } }
  else s.shown = how === 'polled' ? { state: 'ready', data, polling: true } : { state: 'ready', data }
  emit(fx, how === 'stale' ? 'stale' : 'config')
}

const shownAs = ({ shown }: LiveState): Shown | undefined =>
  shown.state !== 'ready' ? undefined : shown.stale ? 'stale' : shown.polling ? 'polled' : 'live'

// A configuration from the server (an event, a poll's 200): kept, and shown unless it is the one
// shown already, the same way (e.g. the page's initial one, confirmed: nothing to render again).
function take(s: LiveState, fx: Effect[], next: LiveConfig, how: 'live' | 'polled', now: number) {
  s.receivedAt = new Date(now).toISOString()
  fx.push(['store', next, s.receivedAt])
  const shown = s.shown.data
  // A scale's version can come again as archived: that is news.
  if (
    shownAs(s) !== how ||
    shown?.version !== next.version ||
    shown.savedAt !== next.savedAt ||
    shown.archived !== next.archived
  )
    show(s, fx, next, how)
}

// The shown configuration is current, as the server just confirmed (a ping, a 304).
function confirm(s: LiveState, fx: Effect[], how: 'live' | 'polled') {
  if (s.shown.state === 'ready' && shownAs(s) !== how) show(s, fx, s.shown.data, how)
}

function working(s: LiveState, fx: Effect[]) {
  if (s.told === 'lost') emit(fx, 'restored')
  s.told = 'working'
}

// The stream is down. That is an outage unless polls make up for it (or one is about to tell).
function outage(s: LiveState, fx: Effect[]) {
  if (s.mode.name === 'polling') return
  if (s.mode.name !== 'stale') s.mode = { name: 'stale', polls: false }
  if (s.told === 'working') {
    s.told = 'lost'
    emit(fx, 'lost')
  }
  goStale(s, fx, true)
}

// No live connection: keep what is shown, marked as possibly out of date; before anything
// arrived, fall back to the configuration kept from an earlier visit (the `kept` input).
function goStale(s: LiveState, fx: Effect[], outage: boolean) {
  if (s.shown.state === 'missing') return // a kept copy of a scale that does not exist helps no one
  if (s.shown.data === undefined) fx.push(['readKept', outage])
  else if (!s.shown.stale) show(s, fx, s.shown.data, 'stale')
}

function kept(s: LiveState, fx: Effect[], stored: StoredConfig | null, outage: boolean) {
  if (s.shown.state !== 'loading') return
  if (stored !== null) {
    s.receivedAt = stored.storedAt
    show(s, fx, stored.live, 'stale')
  } else if (outage && s.load === 'over' && !s.shown.failed) {
    s.shown = { ...s.shown, failed: true }
    emit(fx, 'failed')
  }
}

function stopMissing(s: LiveState, fx: Effect[]) {
  close(s, fx)
  s.mode = { name: 'missing' }
  s.shown = { state: 'missing' }
  emit(fx, 'missing')
}

function disconnect(s: LiveState, fx: Effect[]) {
  s.stream = 'none'
  fx.push(['disconnect'])
}

function connect(s: LiveState, fx: Effect[]) {
  s.stream = 'connecting'
  fx.push(['connect'], ['start', 'silence', FIRST_EVENT_MS])
}

// The stream cannot be had for now: poll, and try it again after wait (ms), or after the next
// step of TRIAL_FIRST_MS doubling to TRIAL_MAX_MS.
function fallBack(s: LiveState, fx: Effect[], wait?: number) {
  disconnect(s, fx)
  if (wait === undefined) {
    wait = s.trialDelay
    s.trialDelay = Math.min(s.trialDelay * 2, TRIAL_MAX_MS)
  }
  fx.push(['start', 'retry', wait])
  if (polls(s)) return
  s.mode = { name: 'polling' }
  fx.push(['poll', 'start'])
}

function polled(s: LiveState, fx: Effect[], answer: PollAnswer, now: number) {
  if (answer.kind === 'missing' && s.mayNotExist) {
    stopMissing(s, fx)
    return
  }
  if (answer.kind === 'config' || answer.kind === 'current') {
    const afterFailure = s.mode.name === 'stale'
    s.mode = { name: 'polling' }
    if (answer.kind === 'config') take(s, fx, answer.data, 'polled', now)
    else confirm(s, fx, 'polled')
    working(s, fx)
    // An outage has ended (the server is back, or the network): the stream may work again too.
    if (afterFailure && s.stream === 'none' && now >= s.refusedUntil) fallBack(s, fx, 0)
    return
  }
  s.mode = { name: 'stale', polls: true }
  outage(s, fx)
}

// The stream failed: EventSource gave up (closed) or is retrying. Nothing shown yet: the kept
// configuration at once, unless the probe may still say the stream was refused (then the polls will
// show the current one). A shown one stays current for LOST_AFTER_MS, so that a stream the server
// ended on purpose comes back without a word.
function failed(s: LiveState, fx: Effect[], closed: boolean) {
  s.stream = closed ? 'none' : 'connecting'
  if (s.mode.name === 'live') s.mode = { name: 'connecting' }
  if (!polls(s)) {
    if (s.shown.data !== undefined) {
      if (s.loss === 'none') {
        s.loss = 'waiting'
        fx.push(['start', 'loss', LOST_AFTER_MS])
      }
    } else if (!closed) goStale(s, fx, false)
  }
  s.failures += 1
  // What EventSource hides: a refusal, a scale that does not exist, or anything else (a proxy's
  // 502 during a restart: the next attempt is scheduled below). Asked before a poll starts.
  if (closed) fx.push(['probe'])
  if (polls(s) || s.failures >= STREAM_FAILURES) fallBack(s, fx)
  else if (closed) {
    disconnect(s, fx)
    fx.push(['start', 'retry', s.retryDelay])
    s.retryDelay = Math.min(s.retryDelay * 2, RETRY_MAX_MS)
  }
}

// The probe's answer: a refusal (then poll and come back when the server says), a scale that does
// not exist, or anything else.
function probed(s: LiveState, fx: Effect[], status: number, wait: number, now: number) {
  if (status === 404 && s.mayNotExist && s.stream !== 'open') stopMissing(s, fx)
  else if (refused(status) && s.stream === 'none') {
    s.refusedUntil = now + wait
    fallBack(s, fx, wait > 0 ? wait : undefined)
  } else if (!polls(s) && s.shown.data === undefined) goStale(s, fx, false) // nothing shown: the kept copy
}

// An event: the stream works. Polling, if on, has done its job.
function delivered(s: LiveState, fx: Effect[]) {
  if (s.load === 'waiting') s.load = 'heard'
  // Anything the server sends proves the stream alive; a stream silent this long has failed.
  fx.push(['start', 'silence', STALE_AFTER_MS])
  if (s.loss === 'waiting') fx.push(['cancel', 'loss'])
  s.loss = 'none'
  s.failures = 0
  s.retryDelay = RETRY_FIRST_MS
  s.trialDelay = TRIAL_FIRST_MS
  if (polls(s)) fx.push(['poll', 'stop'], ['cancel', 'retry']) // no next trial needed
  s.mode = { name: 'live' }
}

function timeout(s: LiveState, fx: Effect[], timer: Timer) {
  if (timer === 'retry') connect(s, fx)
  else if (timer === 'silence') {
    s.failures += 1
    fallBack(s, fx) // silence alone is reason enough to poll
  } else if (timer === 'loss') {
    s.loss = 'over'
    outage(s, fx)
  } else {
    const heard = s.load === 'heard'
    s.load = 'over'
    if (polls(s))
      outage(s, fx) // the polls decide (a failed one has, already)
    else if (!heard) fallBack(s, fx) // nothing from the stream: it counts as no connection, the polls decide
  }
}

// Back online, or "Erneut versuchen": do not wait out the retry delay, nor the browser's own retry
// of a stream that is still trying to reconnect (an open stream is left alone; the silence watch
// covers a dead one). A page that polls asks at once, too.
function retry(s: LiveState, fx: Effect[]) {
  if (polls(s)) fx.push(['poll', 'now'])
  if (s.stream === 'open') return
  disconnect(s, fx)
  fx.push(['cancel', 'retry'])
  s.retryDelay = RETRY_FIRST_MS
  connect(s, fx)
}

function open(s: LiveState, fx: Effect[]) {
  if (running(s)) return
  s.mode = { name: 'connecting' }
  s.retryDelay = RETRY_FIRST_MS
  s.trialDelay = TRIAL_FIRST_MS
  s.failures = 0
  s.load = 'waiting'
  fx.push(['open'])
  connect(s, fx)
  fx.push(['start', 'load', LOAD_TIMEOUT_MS])
}

function close(s: LiveState, fx: Effect[]) {
  s.mode = { name: 'idle' }
  s.stream = 'none'
  s.loss = 'none'
  fx.push(['close'])
}
