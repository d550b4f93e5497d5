import { useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { formatRole } from '@/lib/format'
import type { Role, User } from '@/lib/session'
import { getSignInMethods } from '@/lib/sign-in-methods'
import { toast } from '@/lib/toast'
import { useResource } from '@/lib/use-resource'
import { deleteUser, listUsers, reissueInvitation, updateUserRole, type Invitation } from './api/users'

/**
 * "Konten": every account, changing a role, removing an account and issuing the invitation of a
 * pending one again (its new link is kept here until dismissed: it is shown only once). Each change is reported and
 * the list read again; for one's own account the session too. A role just chosen shows at once,
 * until the list is read again (the server has the last word: it refuses to demote or remove the
 * last admin, 409, and its message is shown).
 */
export function useAccounts() {
  const { user: me, refresh } = useAuth()
  const [accounts, reload] = useResource(listUsers, null)
  const [shownRole, setShownRole] = useState<Partial<Record<number, Role>>>({})
  const [shownFor, setShownFor] = useState(accounts.data)
  if (shownFor !== accounts.data) {
    setShownFor(accounts.data)
    setShownRole({})
  }
  // The provider's name for "Anmeldung mit IServ"; accounts show it only once one has signed in there.
  const [methods] = useResource(getSignInMethods, null)
  const provider = (methods.state === 'ready' ? methods.data.oidc?.name : undefined) ?? 'Schulkonto'
  const [removing, setRemoving] = useState<User | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const [reissued, setReissued] = useState<Invitation | null>(null)

  const act = async (user: User, call: () => Promise<unknown>, done: string) => {
    setBusy(user.id)
    try {
      await call()
      toast.success(done)
    } catch (err) {
      setShownRole({})
      toast.error(errorMessage(err))
    } finally {
      setBusy(null)
      setRemoving(null)
    }
    if (user.id === me?.id) await refresh()
    reload()
  }

  return {
    me,
    accounts,
    reload,
    provider,
    busy,
    removing,
    setRemoving,
    roleOf: (user: User) => shownRole[user.id] ?? user.role,
    changeRole: (user: User, role: Role) => {
      setShownRole({ [user.id]: role })
      return act(user, () => updateUserRole(user.id, role), `${user.email} ist jetzt ${formatRole(role)}.`)
    },
    remove: (user: User) => act(user, () => deleteUser(user.id), `Konto ${user.email} entfernt.`),
    reissued,
    setReissued,
    // Asks nothing first: it only replaces a link nobody has used yet.
    reissue: (user: User) =>
      act(
        user,
        async () => {
          setReissued(null)
          setReissued(await reissueInvitation(user.id))
        },
        `Neuer Einladungslink für ${user.email} erzeugt; der frühere funktioniert nicht mehr.`,
      ),
  }
}
