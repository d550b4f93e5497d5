// The only module that knows the server's URLs.

export const CONFIG_EVENTS_URL = '/api/v1/config/events'

/** Opens the live configuration stream (SSE, `config` events, see docs/architecture.md). */
export function openConfigEvents(): EventSource {
  return new EventSource(CONFIG_EVENTS_URL)
}
