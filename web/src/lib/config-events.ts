// The live configuration stream's address, apart from api-client.ts so that the calculator route,
// which needs only this, does not download the whole API client (its JS has a budget,
// docs/benchmarks.md). api-client.ts re-exports both.

export const CONFIG_EVENTS_URL = '/api/v1/config/events'

/** Opens the live configuration stream (SSE, `config` events, see docs/architecture.md). */
export function openConfigEvents(): EventSource {
  return new EventSource(CONFIG_EVENTS_URL)
}
