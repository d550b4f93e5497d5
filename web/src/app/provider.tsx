import { useEffect, useState, type ReactNode } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { AuthContext, useAuthSource } from '@/lib/auth'
import { pageStart } from '@/lib/embedded-config'
import { CONFIG_EVENTS_URL, createLiveConnection } from '@/lib/live-connection'
import { STORAGE_KEY } from '@/lib/stored-config'
import { LazyToaster } from '@/lib/toast'
import { LiveConfigContext, useLiveConnection } from '@/lib/use-live-config'
import { showLiveConfigToasts } from './live-config-toasts'

// react-hot-toast styles its toasts inline (white, dark grey text); in dark mode they follow the
// cards instead ("!" wins over the inline style).
const TOAST_OPTIONS = { className: 'dark:bg-slate-800! dark:text-slate-100! dark:border dark:border-slate-700' }

/**
 * What every route shares: the sign-in state (read at start, kept equal across tabs), one live
 * configuration stream with its toasts, and the toasts (react-hot-toast defaults, SPEC §2; loaded
 * after the first render, see lib/toast.ts).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const auth = useAuthSource()
  // The page's own configuration (web/page.go) makes the first render complete; the stream confirms it.
  const [connection] = useState(() => createLiveConnection({ eventsUrl: CONFIG_EVENTS_URL, storageKey: STORAGE_KEY, ...pageStart(STORAGE_KEY) }))
  useEffect(() => showLiveConfigToasts(connection), [connection])
  const live = useLiveConnection(connection)
  return (
    <AuthContext value={auth}>
      <LiveConfigContext value={live}>
        {children}
        <LazyPart failed={null}>
          <LazyToaster toastOptions={TOAST_OPTIONS} />
        </LazyPart>
      </LiveConfigContext>
    </AuthContext>
  )
}
