import { lazy, useMemo, useState, type ReactNode } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { AuthContext, type Auth } from '@/lib/auth'
import { pageStart, type RenderedStart } from '@/lib/embedded-config'
import { createDeferredLiveConnection } from '@/lib/live-deferred'
import { readScaleChoice, scaleEventsUrl, scaleStorageKey } from '@/lib/scale-choice'
import { ScaleChoiceContext } from '@/lib/scale-choice-context'
import { LiveConfigContext, useLiveConnection } from '@/lib/use-live-config'

// The toasts (react-hot-toast, about 4 KiB gzip) with what the live connection tells through them, and
// the sign-in state's code, load right after the first render, not with the calculator route's JS, which
// has a budget (docs/benchmarks.md): no toast is needed to show the page or to compute a grade, nothing
// the connection reports that early is a toast (a loss is told after 3 s, a load that fails after 10 s),
// and until the session is read every part that asks sees "loading" (lib/auth.ts).
const AfterRender = lazy(() => import('./after-render'))

/**
 * What every route shares: the sign-in state (read right after the first render, kept equal across tabs), one live
 * configuration stream — the chosen scale's (lib/scale-choice.ts): choosing another closes it and
 * opens that one — and the toasts, with what that connection tells (app/toasts.tsx).
 */
export function AppProvider({
  children,
  rendered,
}: {
  children: ReactNode
  rendered?: RenderedStart | undefined
}) {
  const [auth, setAuth] = useState<Auth | null>(null)
  const [slug, choose] = useState(() => (rendered ? rendered.slug : readScaleChoice()))
  // The page's own configuration (web/page.go) makes the first render complete when it was made for the
  // chosen scale; the stream confirms it. A page the server rendered starts from exactly what it was
  // rendered with, so that the first render here is the server's (hydration). The connection's code
  // comes right after that render (lib/live-deferred.ts).
  const connection = useMemo(() => {
    const storageKey = scaleStorageKey(slug)
    const start = rendered?.slug === slug ? { initial: rendered.config } : pageStart(slug, storageKey)
    return createDeferredLiveConnection({
      eventsUrl: scaleEventsUrl(slug),
      storageKey,
      mayNotExist: slug !== null,
      ...start,
    })
  }, [slug, rendered])
  const live = useLiveConnection(connection)
  const choice = useMemo(() => ({ slug, choose }), [slug])
  return (
    <AuthContext value={auth}>
      <ScaleChoiceContext value={choice}>
        <LiveConfigContext value={live}>
          {children}
          <LazyPart failed={null} browserOnly>
            <AfterRender connection={connection} onAuth={setAuth} />
          </LazyPart>
        </LiveConfigContext>
      </ScaleChoiceContext>
    </AuthContext>
  )
}
