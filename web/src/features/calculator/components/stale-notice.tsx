import { lazy } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import type { Staleness } from '@/lib/live-types'

export const STALE_TITLE = 'Keine Verbindung: Konfiguration möglicherweise veraltet'

/**
 * The notices' bodies (with their icons and buttons) and the polling line are not part of the route's
 * first download, which has a budget (docs/benchmarks.md). The calculator fetches them right after the
 * first render (preloadStaleNotice), because they are needed exactly when the server cannot be reached
 * any more; the live connection, whose states they show, loads at the same time (lib/live-deferred.ts).
 */
export const preloadStaleNotice = () => import('./stale-details')
const StaleDetails = lazy(preloadStaleNotice)
const LoadFailedDetails = lazy(() => preloadStaleNotice().then((m) => ({ default: m.LoadFailed })))

/**
 * Shown while the live connection is down: the grades come from the last configuration received.
 * While the page polls instead of following the stream (`polling`), a quiet line says so: the
 * configuration is current, only a change takes a few seconds longer to show.
 */
export function StaleNotice({ stale, polling }: { stale: Staleness | undefined; polling: boolean }) {
  // Always mounted, so that the status region exists before its text appears (and is announced).
  const title = stale !== undefined && <p className="font-semibold">{STALE_TITLE}</p>
  return (
    <div
      role="status"
      aria-label="Verbindung"
      className={
        stale !== undefined ? 'mb-6' : polling ? 'mb-4 text-sm text-slate-600 dark:text-slate-400' : 'sr-only'
      }
    >
      {(stale !== undefined || polling) && (
        <LazyPart fallback={title} failed={title}>
          <StaleDetails stale={stale} title={STALE_TITLE} />
        </LazyPart>
      )}
    </div>
  )
}

/**
 * The first configuration has not arrived after 10 s and none is kept from an earlier visit (docs/spec.md §7):
 * the page says so instead of spinning on, keeps trying, and offers to try at once.
 */
export function LoadFailed({ retry }: { retry: () => void }) {
  // Until its code is there (or when it cannot come), the page goes on saying that it is loading.
  const loading = <Spinner label="Konfiguration wird geladen" />
  return (
    <LazyPart fallback={loading} failed={loading}>
      <LoadFailedDetails retry={retry} />
    </LazyPart>
  )
}
