import { useRef } from 'react'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { useAccounts } from '../use-accounts'
import { accountColumns, AccountItem } from './account-item'
import { AddAccountForm } from './add-account-form'
import { InviteLink } from './invite-link'

/**
 * "Konten": every account with its role and last sign-in; add one, change a role, remove one, give
 * a pending one a new invitation link (shown above the list, once).
 * The server refuses to demote or remove the last admin (409), and its message is shown.
 */
export function Accounts() {
  const all = useAccounts()
  const { me, accounts, reload, provider, busy, removing, setRemoving, roleOf, changeRole, remove } = all
  const { reissued, setReissued, reissue } = all
  const list = useRef<HTMLUListElement>(null)
  return (
    <div className="space-y-6">
      <Card
        title="Konten"
        description="Admin-Konten bearbeiten die Notenschlüssel und die Konten. Benutzer-Konten melden sich an und ändern ihr eigenes Passwort, bearbeiten aber nichts. Den Rechner nutzen alle, auch ohne Konto."
      >
        {reissued !== null && (
          <div className="mb-4">
            <InviteLink
              invitation={reissued}
              replaced
              focus
              onDone={() => {
                // „Fertig“ goes with the link: the focus goes back to the button that made it (or the list,
                // should the account have set its password meanwhile), not to the page's body
                const again = list.current?.querySelector<HTMLElement>(`[data-reissue="${reissued.user.id}"]`)
                ;(again ?? list.current)?.focus()
                setReissued(null)
              }}
            />
          </div>
        )}
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
            ref={list}
            tabIndex={-1}
            className="divide-y divide-slate-200 dark:divide-slate-700 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
            aria-label="Konten"
          >
            <li
              aria-hidden="true"
              className={`hidden gap-4 bg-slate-50 dark:bg-slate-950 px-4 py-2 text-sm font-semibold text-slate-700 dark:text-slate-300 md:grid ${accountColumns}`}
            >
              <span>E-Mail</span>
              <span>Rolle</span>
              <span>Letzte Anmeldung</span>
              <span />
            </li>
            {accounts.data.map((user) => (
              <AccountItem
                key={user.id}
                user={user}
                mine={user.id === me?.id}
                role={roleOf(user)}
                provider={provider}
                busy={busy === user.id}
                onRole={(role) => void changeRole(user, role)}
                onRemove={() => {
                  setRemoving(user)
                }}
                onReissue={() => void reissue(user)}
              />
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
          onConfirm={() => void remove(removing)}
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
