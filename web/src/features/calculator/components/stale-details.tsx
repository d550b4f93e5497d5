import { Notice } from '@/components/notice'
import { cardClass as card } from '@/components/styles'
import { formatSavedAt } from '@/lib/format'
import { POLL_BOUND_S } from '@/lib/live-timing'
import type { Staleness } from '@/lib/live-types'

/** The stale-configuration notice, or while none is due the quiet polling line (loaded by StaleNotice). */
export default function StaleDetails({ stale, title }: { stale: Staleness | undefined; title: string }) {
  if (stale === undefined) return POLLING_TEXT
  return (
    <Notice tone="warning" title={title}>
      <p>
        Gerechnet wird mit der zuletzt empfangenen Konfiguration (Stand {formatSavedAt(stale.receivedAt)}).
        Sobald die Verbindung zurück ist, wird sie aktualisiert.
      </p>
    </Notice>
  )
}

/** Nothing to compute with after 10 s (loaded by LoadFailed in stale-notice.tsx). */
export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <section role="alert" className={`${card} mx-auto max-w-xl space-y-3 text-slate-800 dark:text-slate-100`}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        Der Notenschlüssel kann gerade nicht geladen werden
      </h2>
      <p>
        Der Server ist nicht erreichbar oder antwortet nicht. Die Seite versucht es weiter und zeigt den
        Rechner, sobald der Notenschlüssel da ist.
      </p>
      <button
        type="button"
        onClick={retry}
        className="rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 focus-visible:ring-offset-2"
      >
        Erneut versuchen
      </button>
    </section>
  )
}

/** The page is current, but by asking every 10 s: the live stream cannot be had (lib/live-connection.ts). */
export const POLLING_TEXT = `Live-Verbindung nicht möglich – Änderungen erscheinen hier innerhalb von ${String(POLL_BOUND_S)} Sekunden.`
