// The live configuration stream's address, apart from api-client.ts so that the calculator route,
// which needs only this, does not download the whole API client (its JS has a budget,
// docs/benchmarks.md). api-client.ts re-exports both.

export const CONFIG_EVENTS_URL = '/api/v1/config/events'

/** Opens the live configuration stream (SSE, `config` events, see docs/architecture.md). */
export function openConfigEvents(): EventSource {
  return new EventSource(CONFIG_EVENTS_URL)
}

/**
 * How long the server asks to wait before the next stream, in ms: the Retry-After of a refused one
 * (429 too many from this address, 503 too many in all), which EventSource hides, so it is asked
 * again with HEAD under the same limits; 0 when the server does not ask or cannot be reached.
 */
export async function streamRetryAfter(): Promise<number> {
  try {
    const res = await fetch(CONFIG_EVENTS_URL, { method: 'HEAD', cache: 'no-store' })
    return (Number(res.headers.get('Retry-After')) || 0) * 1000
  } catch {
    return 0
  }
}
