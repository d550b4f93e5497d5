import { act, render } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { AuthContext } from '@/lib/auth'
import { useAuthSource } from '@/lib/auth-source'
import type { LiveConfig } from '@/lib/config'
import type { LiveConfigState } from '@/lib/live-types'
import { usePath } from '@/lib/location'
import { LiveConfigContext } from '@/lib/use-live-config'
import { startAt } from './address'

/**
 * Renders a feature component with the real sign-in state (reading the FakeApi) and a live
 * configuration the test sets by hand, at a path (the harness is the page at /admin, / shows "Startseite").
 */
export function renderFeature(
  ui: ReactNode,
  { live, path = '/admin' }: { live?: LiveConfig; path?: string } = {},
) {
  let setLive: ((s: LiveConfigState) => void) | undefined
  function Harness() {
    const auth = useAuthSource()
    const [state, set] = useState<LiveConfigState>(
      live === undefined
        ? { state: 'loading', failed: false, retry: () => undefined }
        : { state: 'ready', data: live },
    )
    setLive = set
    return (
      <AuthContext value={auth}>
        <LiveConfigContext value={state}>
          {ui}
          <Toaster />
        </LiveConfigContext>
      </AuthContext>
    )
  }
  function Page() {
    const at = usePath()
    return at === '/admin' ? <Harness /> : at === '/' ? <p>Startseite</p> : null
  }
  const router = startAt(path)
  const result = render(<Page />)
  return {
    ...result,
    router,
    /** Delivers a new live configuration, as the SSE stream would. */
    pushLive: (next: LiveConfig) => {
      act(() => {
        setLive?.({ state: 'ready', data: next })
      })
    },
  }
}
