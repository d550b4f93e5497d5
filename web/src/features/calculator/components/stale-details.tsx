import { Notice } from '@/components/notice'
import { formatSavedAt } from '@/lib/format'
import type { Staleness } from '@/lib/live-connection'

/** The stale-configuration notice (loaded by StaleNotice). */
export default function StaleDetails({ stale, title }: { stale: Staleness; title: string }) {
  return (
    <Notice tone="warning" title={title}>
      <p>
        Gerechnet wird mit der zuletzt empfangenen Konfiguration (Stand {formatSavedAt(stale.receivedAt)}).
        Sobald die Verbindung zurück ist, wird sie aktualisiert.
      </p>
    </Notice>
  )
}
