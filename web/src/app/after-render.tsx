import type { Auth } from '@/lib/auth'
import type { LiveConnection } from '@/lib/live-types'
import AuthSource from './auth-source'
import Toasts from './toasts'

/**
 * What the page needs right after its first render but not for it, in one chunk (app/provider.tsx):
 * the toasts with what the live connection tells, and the sign-in state.
 */
export default function AfterRender({
  connection,
  onAuth,
}: {
  connection: LiveConnection
  onAuth: (auth: Auth) => void
}) {
  return (
    <>
      <Toasts connection={connection} />
      <AuthSource onChange={onAuth} />
    </>
  )
}
