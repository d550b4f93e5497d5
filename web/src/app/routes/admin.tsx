import { useState } from 'react'
import { Spinner } from '@/components/spinner'
import { useFocusOnOpen } from '@/components/use-focus-on-open'
import { Accounts } from '@/features/admin/components/accounts'
import { AdminTabs } from '@/features/admin/components/admin-scales'
import { SchoolSettings } from '@/features/admin/components/school-settings'
import { AcceptInviteForm } from '@/features/auth/components/accept-invite-form'
import { ChangePasswordForm } from '@/features/auth/components/change-password-form'
import { ReadOnlyNotice } from '@/features/auth/components/read-only-notice'
import { SetupAdminForm } from '@/features/auth/components/setup-admin-form'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { useAuth } from '@/lib/auth'
import { formatRole } from '@/lib/format'
import { useSearch } from '@/lib/location'
import type { User } from '@/lib/session'
import { getSignInMethods } from '@/lib/sign-in-methods'
import { useResource } from '@/lib/use-resource'

/**
 * /admin, loaded on demand (React.lazy in the router). Its state decides what shows: a setup or
 * invitation link first, then the sign-in form, the notice for accounts that may not edit, or the
 * admin's sections.
 */
export default function AdminRoute() {
  const params = new URLSearchParams(useSearch())
  const auth = useAuth()
  // the sign-in form was shown here: the signed-in view that replaces it takes the focus
  const [signedInHere, setSignedInHere] = useState(false)
  const setup = params.get('setup')
  const invite = params.get('invite')
  if (setup !== null) return <SetupAdminForm key={setup} token={setup} />
  if (invite !== null) return <AcceptInviteForm key={invite} token={invite} />
  if (auth.loading) return <Spinner label="Anmeldung wird geprüft" />
  if (auth.user === null) {
    if (!signedInHere) setSignedInHere(true)
    return <SignInForm />
  }
  return <SignedIn user={auth.user} focus={signedInHere} />
}

/**
 * The signed-in view. "Passwort ändern" is left out where the server has password sign-in off
 * (serve --password-login=false): the server would refuse the change (403 password_login_disabled).
 * While the methods load, or if they cannot be read, it is offered, and the server decides.
 */
function SignedIn({ user, focus }: { user: User; focus: boolean }) {
  const [methods] = useResource(getSignInMethods, null)
  const passwords = methods.state !== 'ready' || methods.data.password
  if (user.role !== 'admin') {
    return (
      <div className="space-y-6">
        <SignedInAs user={user} focus={focus} />
        <ReadOnlyNotice user={user} />
        {passwords && <ChangePasswordForm />}
      </div>
    )
  }
  const more = [
    { id: 'accounts', label: 'Konten', content: <Accounts /> },
    { id: 'school', label: 'Schule', content: <SchoolSettings /> },
  ]
  if (passwords) more.push({ id: 'password', label: 'Passwort ändern', content: <ChangePasswordForm /> })
  return (
    <div className="space-y-4">
      <SignedInAs user={user} focus={focus} />
      <AdminTabs more={more} />
    </div>
  )
}

/**
 * Who is signed in. Right after a sign-in on this page it takes the focus from the form it replaced (the
 * focus would fall to the page's body): keyboard and screen reader users go on from here to the tabs.
 */
function SignedInAs({ user, focus }: { user: User; focus: boolean }) {
  const line = useFocusOnOpen<HTMLParagraphElement>(focus)
  return (
    <p ref={line} tabIndex={-1} className="text-sm text-slate-700 focus:outline-hidden dark:text-slate-300">
      Angemeldet als{' '}
      <span className="font-medium text-slate-900 dark:text-slate-100 wrap-anywhere">{user.email}</span> (
      {formatRole(user.role)})
    </p>
  )
}
