import { act, render } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AuthContext, useAuthSource } from '@/lib/auth'
import type { LiveConfig } from '@/lib/config'
import { LiveConfigContext, type LiveConfigState } from '@/lib/use-live-config'

/**
 * Renders a feature component with the real sign-in state (reading the FakeApi) and a live
 * configuration the test sets by hand, at a path of a memory router.
 */
export function renderFeature(ui: ReactNode, { live, path = '/admin' }: { live?: LiveConfig; path?: string } = {}) {
  let setLive: ((s: LiveConfigState) => void) | undefined
  function Harness() {
    const auth = useAuthSource()
    const [state, set] = useState<LiveConfigState>(live === undefined ? { state: 'loading' } : { state: 'ready', data: live })
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
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <Harness /> },
      { path: '/', element: <p>Startseite</p> },
    ],
    { initialEntries: [path] },
  )
  const result = render(<RouterProvider router={router} />)
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
