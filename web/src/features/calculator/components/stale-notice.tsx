import { Notice } from '@/components/notice'
import { formatSavedAt } from '@/lib/format'
import type { Staleness } from '@/lib/use-live-config'

export const STALE_TITLE = 'Keine Verbindung: Konfiguration möglicherweise veraltet'

/** Shown while the live connection is down: the grades come from the last configuration received. */
export function StaleNotice({ stale }: { stale: Staleness | undefined }) {
  // Always mounted, so that the status region exists before its text appears (and is announced).
  return (
    <div role="status" aria-label="Verbindung" className={stale === undefined ? 'sr-only' : 'mb-6'}>
      {stale !== undefined && (
        <Notice tone="warning" title={STALE_TITLE}>
          <p>
            Gerechnet wird mit der zuletzt empfangenen Konfiguration (Stand {formatSavedAt(stale.receivedAt)}). Sobald
            die Verbindung zurück ist, wird sie aktualisiert.
          </p>
        </Notice>
      )}
    </div>
  )
}
