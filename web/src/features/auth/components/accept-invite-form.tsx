import { Spinner } from '@/components/spinner'
import { getSignInMethods } from '@/lib/sign-in-methods'
import { useResource } from '@/lib/use-resource'
import { getInvite } from '../api/auth'
import { InviteByProvider, PROVIDER_TITLE } from './invite-by-provider'
import { InviteForm, PASSWORD_TITLE } from './invite-form'
import { LinkGate } from './link-gate'

const HINT =
  'Ein Link gilt 24 Stunden und nur einmal. Einen neuen Link erzeugt ein Admin-Konto unter „Konten“ ' +
  '(„Neuen Einladungslink erzeugen“).'

/**
 * /admin?invite=TOKEN: the person an admin added sets a password once and is signed in. When the
 * server has password sign-in turned off (serve --password-login=false), no password can be set:
 * the page sends the person to the school's identity provider instead, where signing in with the
 * invitation's email opens the account.
 */
export function AcceptInviteForm({ token }: { token: string }) {
  const [methods] = useResource(getSignInMethods, null)
  if (methods.state === 'loading') return <Spinner label="Link wird geprüft" />
  // Methods that cannot be read leave the password form: the server answers it either way.
  const provider = methods.state === 'ready' && !methods.data.password ? methods.data.oidc : null
  return (
    <LinkGate
      token={token}
      check={getInvite}
      title={provider === null ? PASSWORD_TITLE : PROVIDER_TITLE}
      checkingLabel="Link wird geprüft"
      hint={HINT}
    >
      {(data, onInvalid) =>
        provider === null ? (
          <InviteForm token={token} email={data.email} onInvalid={onInvalid} />
        ) : (
          <InviteByProvider email={data.email} provider={provider} />
        )
      }
    </LinkGate>
  )
}
