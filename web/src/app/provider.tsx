import type { ReactNode } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { AuthContext, useAuthSource } from '@/lib/auth'
import { LazyToaster } from '@/lib/toast'
import { LiveConfigContext, useLiveConfigSource } from '@/lib/use-live-config'

// react-hot-toast styles its toasts inline (white, dark grey text); in dark mode they follow the
// cards instead ("!" wins over the inline style).
const TOAST_OPTIONS = { className: 'dark:bg-slate-800! dark:text-slate-100! dark:border dark:border-slate-700' }

/**
 * What every route shares: the sign-in state (read at start, kept equal across tabs), one live
 * configuration stream, and the toasts (react-hot-toast defaults, SPEC §2; loaded after the first
 * render, see lib/toast.ts).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const auth = useAuthSource()
  const live = useLiveConfigSource()
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
