import type { SignInMethods } from '@/lib/sign-in-methods'
import { AuthCard } from './auth-card'
import { OidcSignIn } from './oidc-sign-in'

export const PROVIDER_TITLE = 'Einladung annehmen'

/**
 * An invitation while password sign-in is off: the account opens when the person signs in at the
 * school's provider with the invitation's email.
 */
export function InviteByProvider({
  email,
  provider,
}: {
  email: string
  provider: NonNullable<SignInMethods['oidc']>
}) {
  return (
    <AuthCard title={PROVIDER_TITLE} description={`Melden Sie sich mit ${provider.name} an.`}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Für <span className="font-medium text-slate-900 dark:text-slate-100 wrap-anywhere">{email}</span>{' '}
          gibt es hier ein Konto ohne eigenes Passwort. Sie kommen hinein, wenn Sie sich mit {provider.name}{' '}
          unter dieser E-Mail-Adresse anmelden.
        </p>
        <OidcSignIn provider={provider} />
      </div>
    </AuthCard>
  )
}
