import type { ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { LiveConfigContext, useLiveConfigSource } from '@/lib/use-live-config'

/** One live configuration stream for every route, and the toasts (react-hot-toast defaults, SPEC §2). */
export function AppProvider({ children }: { children: ReactNode }) {
  const live = useLiveConfigSource()
  return (
    <LiveConfigContext value={live}>
      {children}
      <Toaster />
    </LiveConfigContext>
  )
}
