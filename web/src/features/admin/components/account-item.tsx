import { Trash2 } from 'lucide-react'
import { Button } from '@/components/button'
import { SelectField } from '@/components/select-field'
import { formatSavedAt } from '@/lib/format'
import type { Role, User } from '@/lib/session'
import { unavailable } from './save-bar'

/** When the account last signed in; "Einladung offen" while it has no password yet. */
function lastSignIn(user: User): string {
  if (user.lastSignInAt !== null) return formatSavedAt(user.lastSignInAt)
  return user.pending ? 'Einladung offen' : 'noch nie'
}

/** How the account signs in: "Passwort", the identity provider's name ("IServ"), or both. */
function signInWith(user: User, provider: string): string {
  return user.signInMethods.map((m) => (m === 'password' ? 'Passwort' : provider)).join(' und ')
}

// email, role, last sign-in, remove; narrower than md the email spans the row
export const accountColumns = 'md:grid-cols-[minmax(0,1fr)_10rem_11rem_8rem]'

interface AccountItemProps {
  user: User
  /** The signed-in account's own row says "(Sie)". */
  mine: boolean
  role: Role
  /** The identity provider's name, for "Anmeldung mit …". */
  provider: string
  busy: boolean
  onRole: (role: Role) => void
  onRemove: () => void
  /** Only for a pending account: a new invitation link replaces the earlier one. */
  onReissue: () => void
}

/**
 * One account: its email (and how it signs in), its role to change, its last sign-in (or, while the
 * invitation is open, a new link for it), "Entfernen".
 */
export function AccountItem({
  user,
  mine,
  role,
  provider,
  busy,
  onRole,
  onRemove,
  onReissue,
}: AccountItemProps) {
  return (
    <li
      className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-3 text-sm ${accountColumns}`}
    >
      <span className="col-span-2 font-medium text-slate-900 dark:text-slate-100 wrap-anywhere md:col-span-1">
        {user.email}
        {mine && <span className="font-normal text-slate-600 dark:text-slate-300"> (Sie)</span>}
        {user.signInMethods.length > 0 && (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
            Anmeldung mit {signInWith(user, provider)}
          </span>
        )}
      </span>
      <SelectField
        label={`Rolle von ${user.email}`}
        hideLabel
        selectClassName="h-10 w-36 md:w-full"
        value={role}
        disabled={busy}
        onChange={(e) => {
          onRole(e.target.value as Role)
        }}
      >
        <option value="admin">Admin</option>
        <option value="user">Benutzer</option>
      </SelectField>
      <span className="col-start-1 text-slate-700 dark:text-slate-300 md:col-start-auto">
        <span className="md:sr-only">Letzte Anmeldung: </span>
        {lastSignIn(user)}
        {user.pending && (
          <span className="block">
            <Button
              variant="link"
              aria-label={`Neuen Einladungslink erzeugen für ${user.email}`}
              // aria-disabled, not disabled: a browser drops the focus of a disabled button (save-bar.tsx)
              aria-disabled={busy}
              className={`mt-1 px-0! text-left ${unavailable}`}
              data-reissue={user.id}
              onClick={() => {
                if (!busy) onReissue()
              }}
            >
              Neuen Einladungslink erzeugen
            </Button>
          </span>
        )}
      </span>
      <span className="col-start-2 row-start-2 flex justify-end md:col-start-auto md:row-start-auto">
        <Button variant="secondary" aria-label={`${user.email} entfernen`} disabled={busy} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden="true" />
          Entfernen
        </Button>
      </span>
    </li>
  )
}
