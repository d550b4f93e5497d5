import { LogIn } from 'lucide-react'
import { buttonClass } from '@/components/button'
import { OIDC_START_URL, type SignInMethods } from '@/lib/sign-in-methods'

type Provider = NonNullable<SignInMethods['oidc']>

/**
 * "Anmelden mit IServ": a link, not a fetch, because the browser itself goes to the school's
 * identity provider and comes back (the server answers with redirects). While the server has not
 * reached the provider, the button stays (a click makes the server try at once) and says so.
 */
export function OidcSignIn({ provider }: { provider: Provider }) {
  return (
    <div className="space-y-2">
      <a
        href={OIDC_START_URL}
        className={buttonClass('primary', 'w-full')}
        aria-describedby={provider.reachable ? undefined : 'oidc-unreachable'}
      >
        <LogIn className="size-4" aria-hidden="true" />
        Anmelden mit {provider.name}
      </a>
      {!provider.reachable && (
        <p id="oidc-unreachable" className="text-sm text-amber-900 dark:text-amber-200">
          {provider.name} ist gerade nicht erreichbar; der Server versucht es weiter.
        </p>
      )}
    </div>
  )
}
