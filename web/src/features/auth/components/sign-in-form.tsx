import { Notice } from '@/components/notice'
import { getSignInMethods } from '@/lib/sign-in-methods'
import { useResource } from '@/lib/use-resource'
import { ssoErrorMessage } from '../sso-messages'
import { useSsoError } from '../use-sso-error'
import { AuthCard } from './auth-card'
import { OidcSignIn } from './oidc-sign-in'
import { PasswordSignIn } from './password-sign-in'

/**
 * The sign-in card of /admin: "Anmelden mit <Anbieter>" when the school's identity provider is set
 * up, and the password form unless the server turned it off. A sign-in at the provider that failed
 * comes back as /admin?sso_error=<code>, shown here in German.
 */
export function SignInForm() {
  // Until the methods are read (or when they cannot be), the password form shows: it works
  // whatever the provider does.
  const [methods] = useResource(getSignInMethods, null)
  const provider = methods.state === 'ready' ? methods.data.oidc : null
  const passwordOn = methods.state !== 'ready' || methods.data.password
  const ssoError = useSsoError()

  return (
    <AuthCard
      title="Anmelden"
      description="Zum Bearbeiten des Notenschlüssels mit dem eigenen Konto anmelden."
    >
      {ssoError !== null && methods.state !== 'loading' && (
        <Notice tone="error" role="alert" className="mb-4">
          <p>{ssoErrorMessage(ssoError, provider?.name ?? 'Schulkonto')}</p>
        </Notice>
      )}
      {provider !== null && <OidcSignIn provider={provider} />}
      {provider !== null && passwordOn && (
        <p className="my-4 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300 before:h-px before:flex-1 before:bg-slate-200 dark:before:bg-slate-700 after:h-px after:flex-1 after:bg-slate-200 dark:after:bg-slate-700">
          oder mit Passwort
        </p>
      )}
      {passwordOn && <PasswordSignIn secondary={provider !== null} />}
    </AuthCard>
  )
}
