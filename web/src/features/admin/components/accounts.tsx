import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { inputClass } from '@/components/styles'
import { errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { formatRole, formatSavedAt } from '@/lib/format'
import type { Role, User } from '@/lib/session'
import { getSignInMethods } from '@/lib/sign-in-methods'
import { toast } from '@/lib/toast'
import { useResource } from '@/lib/use-resource'
import { deleteUser, listUsers, updateUserRole } from '../api/users'
import { AddAccountForm } from './add-account-form'

/** When the account last signed in; "Einladung offen" while it has no password yet. */
function lastSignIn(user: User): string {
  if (user.lastSignInAt !== null) return formatSavedAt(user.lastSignInAt)
  return user.pending ? 'Einladung offen' : 'noch nie'
}

/** How the account signs in: "Passwort", the identity provider's name ("IServ"), or both. */
function signInWith(user: User, provider: string): string {
  return user.signInMethods.map((m) => (m === 'password' ? 'Passwort' : provider)).join(' und ')
}

/**
 * "Konten": every account with its role and last sign-in; add one, change a role, remove one.
 * The server refuses to demote or remove the last admin (409), and its message is shown.
 */
export function Accounts() {
  const { user: me, refresh } = useAuth()
  const [accounts, reload] = useResource(listUsers, null)
  // A role just chosen shows at once, until the list is read again (the server has the last word).
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

  /** Runs a change, reports it, reads the list again; for one's own account also the session. */
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

  const changeRole = (user: User, role: Role) => {
    setShownRole({ [user.id]: role })
    return act(user, () => updateUserRole(user.id, role), `${user.email} ist jetzt ${formatRole(role)}.`)
  }

  return (
    <div className="space-y-6">
      <Card
        title="Konten"
        description="Admin-Konten bearbeiten den Notenschlüssel und die Konten; Benutzer-Konten dürfen nichts ändern."
      >
        {accounts.state === 'loading' && <Spinner label="Konten werden geladen" />}
        {accounts.state === 'failed' && (
          <Notice tone="error" role="alert">
            <p>{accounts.message}</p>
            <Button variant="secondary" onClick={reload}>
              Erneut versuchen
            </Button>
          </Notice>
        )}
        {accounts.state === 'ready' && (
          <ul
            className="divide-y divide-slate-200 dark:divide-slate-700 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
            aria-label="Konten"
          >
            <li
              aria-hidden="true"
              className="hidden grid-cols-[minmax(0,1fr)_10rem_11rem_8rem] gap-4 bg-slate-50 dark:bg-slate-950 px-4 py-2 text-sm font-semibold text-slate-700 dark:text-slate-300 md:grid"
            >
              <span>E-Mail</span>
              <span>Rolle</span>
              <span>Letzte Anmeldung</span>
              <span />
            </li>
            {accounts.data.map((user) => (
              <li
                key={user.id}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-3 text-sm md:grid-cols-[minmax(0,1fr)_10rem_11rem_8rem]"
              >
                <span className="col-span-2 font-medium text-slate-900 dark:text-slate-100 wrap-anywhere md:col-span-1">
                  {user.email}
                  {user.id === me?.id && (
                    <span className="font-normal text-slate-600 dark:text-slate-300"> (Sie)</span>
                  )}
                  {user.signInMethods.length > 0 && (
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                      Anmeldung mit {signInWith(user, provider)}
                    </span>
                  )}
                </span>
                <select
                  aria-label={`Rolle von ${user.email}`}
                  value={shownRole[user.id] ?? user.role}
                  disabled={busy === user.id}
                  onChange={(e) => void changeRole(user, e.target.value as Role)}
                  className={inputClass(false, 'h-10 w-36 md:w-full')}
                >
                  <option value="admin">Admin</option>
                  <option value="user">Benutzer</option>
                </select>
                <span className="col-start-1 text-slate-700 dark:text-slate-300 md:col-start-auto">
                  <span className="md:sr-only">Letzte Anmeldung: </span>
                  {lastSignIn(user)}
                </span>
                <span className="col-start-2 row-start-2 flex justify-end md:col-start-auto md:row-start-auto">
                  <Button
                    variant="secondary"
                    aria-label={`${user.email} entfernen`}
                    disabled={busy === user.id}
                    onClick={() => {
                      setRemoving(user)
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Entfernen
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card
        title="Konto hinzufügen"
        level={2}
        description="Die Person legt ihr Passwort selbst fest, über einen Link, der 24 Stunden gilt."
      >
        <AddAccountForm onAdded={reload} />
      </Card>
      {removing !== null && (
        <ConfirmDialog
          title={`${removing.email} entfernen?`}
          confirmLabel="Entfernen"
          danger
          busy={busy === removing.id}
          onConfirm={() =>
            void act(removing, () => deleteUser(removing.id), `Konto ${removing.email} entfernt.`)
          }
          onCancel={() => {
            setRemoving(null)
          }}
        >
          <p>
            Das Konto kann sich danach nicht mehr anmelden. Gespeicherte Versionen behalten den Namen im
            Verlauf.
          </p>
        </ConfirmDialog>
      )}
    </div>
  )
}
