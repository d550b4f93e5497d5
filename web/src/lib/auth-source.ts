import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { AUTH_CHANNEL, type Auth, type AuthMessage } from './auth'
import type { User } from './session'

// The session calls load on first use; the session read at start fetches them at once.
const loadApi = () => import('./session')

// Keeps the sign-in state of this browser (docs/spec.md §5): learned at start from GET /auth/session,
// and kept equal across tabs: whoever signs in or out posts {type: 'changed'} on a BroadcastChannel,
// and every other tab reads the session again (also whenever a window regains focus, which covers
// browsers without BroadcastChannel and sessions that ended on the server).

/** Opens the cross-tab channel, or null where the browser has none. */
function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL)
}

/**
 * Holds the sign-in state for the whole app; call it once, in the app's providers. Answers that
 * arrive out of order never win: each change of state takes a ticket, and only the newest ticket's
 * answer is applied (a slow session read cannot undo a sign-in that finished after it started).
 */
export function useAuthSource(): Auth {
  const [state, setState] = useState<{ loading: boolean; user: User | null }>({ loading: true, user: null })
  const ticket = useRef(0)
  const channel = useRef<BroadcastChannel | null>(null)

  const apply = useCallback((mine: number, user: User | null) => {
    if (mine !== ticket.current) return
    // Keep the same object when nothing changed, so a re-read on focus re-renders nothing.
    setState((prev) => (!prev.loading && sameUser(prev.user, user) ? prev : { loading: false, user }))
  }, [])

  const refresh = useCallback(async () => {
    const mine = ++ticket.current
    try {
      apply(mine, await (await loadApi()).getSession())
    } catch (err) {
      // Unknown rather than wrong: keep what we had, but stop showing the spinner.
      console.warn('auth: could not read the session', err)
      if (mine === ticket.current) setState((s) => ({ ...s, loading: false }))
    }
  }, [apply])

  /** Runs a call that changes the session, applies its user and tells the other tabs. */
  const change = useCallback(
    async (call: () => Promise<User | null>): Promise<User | null> => {
      const mine = ++ticket.current
      const user = await call()
      apply(mine, user)
      const message: AuthMessage = { type: 'changed' }
      channel.current?.postMessage(message)
      return user
    },
    [apply],
  )

  useEffect(() => {
    const ch = openChannel()
    channel.current = ch
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data
      if (typeof data === 'object' && data !== null && (data as Partial<AuthMessage>).type === 'changed')
        void refresh()
    }
    const onFocus = () => void refresh()
    ch?.addEventListener('message', onMessage)
    window.addEventListener('focus', onFocus)
    // The one reaction to a call refused because the session ended (lib/api-client.ts).
    const stop = new AbortController()
    void loadApi().then((api) => {
      api.onAuthError(onFocus, stop.signal)
    })
    void refresh()
    return () => {
      stop.abort()
      ch?.removeEventListener('message', onMessage)
      ch?.close()
      channel.current = null
      window.removeEventListener('focus', onFocus)
    }
  }, [refresh])

  return useMemo<Auth>(
    () => ({
      loading: state.loading,
      user: state.user,
      refresh,
      login: async (email, password) =>
        signedIn(await change(async () => (await loadApi()).login(email, password))),
      logout: async () => {
        await change(async () => {
          await (await loadApi()).logout()
          return null
        })
      },
      signIn: async (call) => signedIn(await change(call)),
    }),
    [state, refresh, change],
  )
}

function sameUser(a: User | null, b: User | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function signedIn(user: User | null): User {
  if (user === null) throw new Error('auth: expected a user')
  return user
}
