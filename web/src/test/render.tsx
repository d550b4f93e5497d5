import { act, render } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { Route, Switch } from 'wouter'
import { AuthContext } from '@/lib/auth'
import { useAuthSource } from '@/lib/auth-source'
import type { LiveConfig } from '@/lib/config'
import type { LiveConfigState } from '@/lib/live-types'
import { LiveConfigContext } from '@/lib/use-live-config'
import { memoryRouter } from './memory-router'

/**
 * Renders a feature component with the real sign-in state (reading the FakeApi) and a live
 * configuration the test sets by hand, at a path of a memory router.
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
  const router = memoryRouter(path)
  const result = render(
    router.wrap(
      <Switch>
        <Route path="/admin" component={Harness} />
        <Route path="/">
          <p>Startseite</p>
        </Route>
      </Switch>,
    ),
  )
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
