// The times of the live connection (live-connection.ts) and its polls (live-poll.ts), in one place:
// the docs (docs/operations.md) and the page's promise (POLL_BOUND_S) name them.

/** Time after which a configuration that has not arrived is reported (docs/spec.md §7). */
export const LOAD_TIMEOUT_MS = 10_000
/** A stream EventSource gave up on is opened again after 1 s, doubling up to 30 s. */
export const RETRY_FIRST_MS = 1_000
export const RETRY_MAX_MS = 30_000
/**
 * The server sends a `ping` event every 20 s (internal/live). A stream silent for longer than two of them
 * is taken as dead — a lost network often leaves no error at all — and replaced.
 */
export const STALE_AFTER_MS = 45_000
/**
 * Every stream starts with an event (the current version or a ping, internal/live): one that brings
 * none this long after it was opened is held back, by a proxy that buffers event streams.
 */
export const FIRST_EVENT_MS = 10_000
/** Streams that fail this often in a row, with no event in between, are cut off by something: the page polls. */
export const STREAM_FAILURES = 3
/** While polling, the stream is tried again after the server's Retry-After, or after 30 s doubling to 5 min. */
export const TRIAL_FIRST_MS = 30_000
export const TRIAL_MAX_MS = 300_000
/**
 * How long a shown configuration's stream may be down before anyone is told: the server ends
 * streams on purpose (an archived scale, a move of the default) and the browser is back within
 * about a second (`retry: 1000`). A reconnect nobody saw gets no "lost", and so no "restored".
 */
export const LOST_AFTER_MS = 3_000

/** The mean wait between two polls. */
export const POLL_INTERVAL_MS = 10_000
/**
 * Each wait is POLL_INTERVAL_MS plus or minus up to this much, uniformly: the pages of a class
 * behind one address, all refused at the same moment, do not ask in step.
 */
export const POLL_JITTER_MS = 2_000
/** A poll that has not answered by then has failed: it bounds what the page promises (POLL_BOUND_S). */
export const POLL_TIMEOUT_MS = 3_000
/**
 * What the page promises while it polls (features/calculator/components/stale-notice.tsx): a
 * change shows within this many seconds. The next poll starts at most POLL_INTERVAL_MS +
 * POLL_JITTER_MS after the one before it started (polls are timed from their start, never from
 * their answer) and answers within POLL_TIMEOUT_MS.
 */
export const POLL_BOUND_S = Math.ceil((POLL_INTERVAL_MS + POLL_JITTER_MS + POLL_TIMEOUT_MS) / 1000)
