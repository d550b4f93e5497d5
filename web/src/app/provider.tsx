import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { AuthContext, useAuthSource } from '@/lib/auth'
import { pageStart } from '@/lib/embedded-config'
import { createLiveConnection } from '@/lib/live-connection'
import { readScaleChoice, ScaleChoiceContext, scaleEventsUrl, scaleStorageKey } from '@/lib/scale-choice'
import { LazyToaster } from '@/lib/toast'
import { LiveConfigContext, useLiveConnection } from '@/lib/use-live-config'
import { showLiveConfigToasts } from './live-config-toasts'

// react-hot-toast styles its toasts inline (white, dark grey text); in dark mode they follow the
// cards instead ("!" wins over the inline style).
const TOAST_OPTIONS = {
  className: 'dark:bg-slate-800! dark:text-slate-100! dark:border dark:border-slate-700',
}

/**
 * What every route shares: the sign-in state (read at start, kept equal across tabs), one live
 * configuration stream with its toasts — the chosen scale's (lib/scale-choice.ts): choosing
 * another closes it and opens that one — and the toasts (react-hot-toast defaults, SPEC §2; loaded
 * after the first render, see lib/toast.ts).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const auth = useAuthSource()
  const [slug, choose] = useState(readScaleChoice)
  // The page's own configuration (web/page.go) makes the first render complete when it was made for the
  // chosen scale; the stream confirms it.
  const connection = useMemo(() => {
    const storageKey = scaleStorageKey(slug)
    return createLiveConnection({
      eventsUrl: scaleEventsUrl(slug),
      storageKey,
      mayNotExist: slug !== null,
      ...pageStart(slug, storageKey),
    })
  }, [slug])
  useEffect(() => showLiveConfigToasts(connection), [connection])
  const live = useLiveConnection(connection)
  const choice = useMemo(() => ({ slug, choose }), [slug])
  return (
    <AuthContext value={auth}>
      <ScaleChoiceContext value={choice}>
        <LiveConfigContext value={live}>
          {children}
          <LazyPart failed={null}>
            <LazyToaster toastOptions={TOAST_OPTIONS} />
          </LazyPart>
        </LiveConfigContext>
      </ScaleChoiceContext>
    </AuthContext>
  )
}
