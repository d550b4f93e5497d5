import { lazy, Suspense } from 'react'
import type { Staleness } from '@/lib/use-live-config'

export const STALE_TITLE = 'Keine Verbindung: Konfiguration möglicherweise veraltet'

// The notice itself (with its icon) loads only when needed: a page with a connection never shows
// it, and the calculator route's first download has a budget (docs/benchmarks.md).
const StaleDetails = lazy(() => import('./stale-details'))

/** Shown while the live connection is down: the grades come from the last configuration received. */
export function StaleNotice({ stale }: { stale: Staleness | undefined }) {
  // Always mounted, so that the status region exists before its text appears (and is announced).
  return (
    <div role="status" aria-label="Verbindung" className={stale === undefined ? 'sr-only' : 'mb-6'}>
      {stale !== undefined && (
        <Suspense fallback={<p className="font-semibold">{STALE_TITLE}</p>}>
          <StaleDetails stale={stale} title={STALE_TITLE} />
        </Suspense>
      )}
    </div>
  )
}
