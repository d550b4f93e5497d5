import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod/mini'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { TextField } from '@/components/text-field'
import { MSG_INVALID_CREDENTIALS, requiredSchema } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { sameName, showServerErrors } from '@/lib/form-errors'
import { getSignInMethods } from '@/lib/sign-in-methods'
import { toast } from '@/lib/toast'
import { useResource } from '@/lib/use-resource'
import { ssoErrorMessage } from '../sso-messages'
import { AuthCard } from './auth-card'
import { OidcSignIn } from './oidc-sign-in'

const schema = z.object({ email: requiredSchema, password: requiredSchema })
type Values = z.infer<typeof schema>

/**
 * The sign-in card of /admin: "Anmelden mit <Anbieter>" when the school's identity provider is set
 * up, and the password form unless the server turned it off. A wrong pair gives one generic message
 * at the form, never which of the two was wrong; too many attempts give the server's message (429).
 * A sign-in at the provider that failed comes back as /admin?sso_error=<code>, shown here in German.
 */
export function SignInForm() {
  const auth = useAuth()
  // Until the methods are read (or when they cannot be), the password form shows: it works
  // whatever the provider does.
  const [methods] = useResource(getSignInMethods, null)
  const provider = methods.state === 'ready' ? methods.data.oidc : null
  const passwordOn = methods.state !== 'ready' || methods.data.password
  const [ssoError] = useState(() => new URLSearchParams(window.location.search).get('sso_error'))
  useEffect(() => {
    if (ssoError !== null) dropSSOError()
  }, [ssoError])
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = async ({ email, password }: Values) => {
    setFailure(null)
    try {
      await auth.login(email.trim(), password)
      toast.success('Angemeldet.')
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setFailure(MSG_INVALID_CREDENTIALS)
        form.setValue('password', '')
        form.setFocus('password')
      } else if (err instanceof ApiError && err.status === 422) {
        const rest = showServerErrors(form.setError, err.fields, sameName<Values>(['email', 'password']))
        if (rest.length > 0) setFailure(rest.join(' '))
      } else {
        setFailure(errorMessage(err))
      }
    }
  }

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
      {passwordOn && (
        <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-4">
          {failure !== null && (
            <Notice tone="error" role="alert">
              <p>{failure}</p>
            </Notice>
          )}
          <TextField
            label="E-Mail"
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Passwort"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button
            type="submit"
            variant={provider !== null ? 'secondary' : 'primary'}
            className="w-full"
            disabled={isSubmitting}
          >
            {isSubmitting ? 'Wird angemeldet …' : 'Anmelden'}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}

/**
 * Removes the failure code of a sign-in at the provider from the address once it is shown, so that
 * a reload or a bookmark does not show it again.
 */
function dropSSOError(): void {
  const params = new URLSearchParams(window.location.search)
  params.delete('sso_error')
  const rest = params.toString()
  window.history.replaceState(
    window.history.state,
    '',
    window.location.pathname + (rest === '' ? '' : `?${rest}`),
  )
}
