import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation } from 'wouter'
import { z } from 'zod/mini'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { TextField } from '@/components/text-field'
import { newPasswordSchema, repeatMatches } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { sameName, showServerErrors } from '@/lib/form-errors'
import { getSignInMethods, type SignInMethods } from '@/lib/sign-in-methods'
import { toast } from '@/lib/toast'
import { useResource } from '@/lib/use-resource'
import { acceptInvite, getInvite } from '../api/auth'
import { AuthCard } from './auth-card'
import { LinkGate } from './link-gate'
import { OidcSignIn } from './oidc-sign-in'
import { NewPasswordFields } from './password-fields'

const schema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .check(repeatMatches((v: { password: string; repeat: string }) => [v.password, v.repeat], 'repeat'))
type Values = z.infer<typeof schema>

const TITLE = 'Passwort festlegen'
const PROVIDER_TITLE = 'Einladung annehmen'
const HINT =
  'Ein Link gilt 24 Stunden und nur einmal. Einen neuen Link erstellt ein Admin-Konto unter „Konten“, ' +
  'indem es das Konto entfernt und neu anlegt.'

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
      title={provider === null ? TITLE : PROVIDER_TITLE}
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

function InviteByProvider({
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

function InviteForm({
  token,
  email,
  onInvalid,
}: {
  token: string
  email: string
  onInvalid: (message: string) => void
}) {
  const auth = useAuth()
  const [, navigate] = useLocation()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', repeat: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = async ({ password }: Values) => {
    setFailure(null)
    try {
      await auth.signIn(() => acceptInvite(token, password))
      toast.success('Passwort festgelegt. Sie sind angemeldet.')
      navigate('/admin', { replace: true })
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) onInvalid(err.message)
      else if (err instanceof ApiError && err.status === 422) {
        const rest = showServerErrors(form.setError, err.fields, sameName<Values>(['password']))
        if (rest.length > 0) setFailure(rest.join(' '))
      } else setFailure(errorMessage(err))
    }
  }

  return (
    <AuthCard title={TITLE} description="Mit diesem Passwort melden Sie sich künftig an.">
      <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-4">
        {failure !== null && (
          <Notice tone="error" role="alert">
            <p>{failure}</p>
          </Notice>
        )}
        <TextField label="E-Mail" type="email" autoComplete="username" value={email} readOnly />
        <NewPasswordFields
          password={form.register('password')}
          repeat={form.register('repeat')}
          errors={{ password: errors.password?.message, repeat: errors.repeat?.message }}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Wird gespeichert …' : 'Passwort festlegen'}
        </Button>
      </form>
    </AuthCard>
  )
}
