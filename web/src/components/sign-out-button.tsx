import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { navigate } from '@/lib/location'
import { toast } from '@/lib/toast'
import { headerIconClass } from './styles'

/** The header's "Abmelden" icon: only while signed in; signs out, says so and goes to the calculator. */
export function SignOutButton() {
  const auth = useAuth()
  const [busy, setBusy] = useState(false)
  if (auth.user === null) return null

  const signOut = async () => {
    setBusy(true)
    try {
      await auth.logout()
      toast.success('Abgemeldet.')
      navigate('/')
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className={headerIconClass}
      aria-label="Abmelden"
      title="Abmelden"
      disabled={busy}
      onClick={() => void signOut()}
    >
      <LogOut className="size-6" aria-hidden="true" />
    </button>
  )
}
