import { useSearchParams } from 'wouter'
import { Spinner } from '@/components/spinner'
import { Accounts } from '@/features/admin/components/accounts'
import { AdminTabs } from '@/features/admin/components/admin-scales'
import { AcceptInviteForm } from '@/features/auth/components/accept-invite-form'
import { ChangePasswordForm } from '@/features/auth/components/change-password-form'
import { ReadOnlyNotice } from '@/features/auth/components/read-only-notice'
import { SetupAdminForm } from '@/features/auth/components/setup-admin-form'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { useAuth } from '@/lib/auth'
import { formatRole } from '@/lib/format'
import type { User } from '@/lib/session'

/**
 * /admin, loaded on demand (React.lazy in the router). Its state decides what shows: a setup or
 * invitation link first, then the sign-in form, the notice for accounts that may not edit, or the
 * admin's sections.
 */
export default function AdminRoute() {
  const [params] = useSearchParams()
  const auth = useAuth()
  const setup = params.get('setup')
  const invite = params.get('invite')
  if (setup !== null) return <SetupAdminForm key={setup} token={setup} />
  if (invite !== null) return <AcceptInviteForm key={invite} token={invite} />
  if (auth.loading) return <Spinner label="Anmeldung wird geprüft" />
  if (auth.user === null) return <SignInForm />
  if (auth.user.role !== 'admin') {
    return (
      <div className="space-y-6">
        <SignedInAs user={auth.user} />
        <ReadOnlyNotice user={auth.user} />
        <ChangePasswordForm />
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <SignedInAs user={auth.user} />
      <AdminTabs
        more={[
          { id: 'accounts', label: 'Konten', content: <Accounts /> },
          { id: 'password', label: 'Passwort ändern', content: <ChangePasswordForm /> },
        ]}
      />
    </div>
  )
}

function SignedInAs({ user }: { user: User }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      Angemeldet als{' '}
      <span className="font-medium text-slate-900 dark:text-slate-100 wrap-anywhere">{user.email}</span> (
      {formatRole(user.role)})
    </p>
  )
}
