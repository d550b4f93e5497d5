import { lazy } from 'react'
import { LazyPart } from '@/components/lazy-part'
import type { Staleness } from '@/lib/live-connection'

export const STALE_TITLE = 'Keine Verbindung: Konfiguration möglicherweise veraltet'

/**
 * The notice's body (with its icon) is not part of the route's first download, which has a budget
 * (docs/benchmarks.md). The calculator fetches it right after the first render (preloadStaleNotice),
 * because it is needed exactly when the server cannot be reached any more.
 */
export const preloadStaleNotice = () => import('./stale-details')
const StaleDetails = lazy(preloadStaleNotice)

/** Shown while the live connection is down: the grades come from the last configuration received. */
export function StaleNotice({ stale }: { stale: Staleness | undefined }) {
  // Always mounted, so that the status region exists before its text appears (and is announced).
  return (
    <div role="status" aria-label="Verbindung" className={stale === undefined ? 'sr-only' : 'mb-6'}>
      {stale !== undefined && (
        <LazyPart
          fallback={<p className="font-semibold">{STALE_TITLE}</p>}
          failed={<p className="font-semibold">{STALE_TITLE}</p>}
        >
          <StaleDetails stale={stale} title={STALE_TITLE} />
        </LazyPart>
      )}
    </div>
  )
}
