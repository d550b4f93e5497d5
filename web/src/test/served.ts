import { type ScaleDocument } from '@/lib/config'
import { writeDocument } from '@/lib/write-document'

// Tests hold documents as the app reads them (lib/config.ts: a name and a rule); the fakes of the
// server (fake-api.ts, fake-event-source.ts) send them as the server writes them, through the app's
// own writer. A document read by the app is told from one the server writes by its rule's system,
// which only the app's rule carries.

const isRead = (x: unknown): x is ScaleDocument =>
  typeof (x as { rule?: { system?: unknown } } | null)?.rule?.system === 'string'

/** JSON as the server would send it: every document in `value` in its written shape. */
export const servedJson = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (isRead(v) ? writeDocument(v) : v))
