import { Suspense, type ReactNode } from 'react'
import { AuthContext, useAuthSource } from '@/lib/auth'
import { LazyToaster } from '@/lib/toast'
import { LiveConfigContext, useLiveConfigSource } from '@/lib/use-live-config'

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
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      </LiveConfigContext>
    </AuthContext>
  )
}
