import { valibotResolver } from '@hookform/resolvers/valibot'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { TextField } from '@/components/text-field'
import { emailSchema, newPasswordSchema, repeatMessage } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { sameName, showServerErrors } from '@/lib/form-errors'
import { firstIssue, formSchema } from '@/lib/form-schema'
import { navigate } from '@/lib/location'
import { toast } from '@/lib/toast'
import { setupFirstAdmin } from '../api/auth'
import { AuthCard } from './auth-card'
import { NewPasswordFields } from './password-fields'

const schema = formSchema({ email: v.string(), password: v.string(), repeat: v.string() }, (values) => ({
  email: firstIssue(emailSchema, values.email),
  password: firstIssue(newPasswordSchema, values.password),
  repeat: repeatMessage(values.password, values.repeat),
}))
type Values = v.InferOutput<typeof schema>

export const SETUP_TITLE = 'Erstes Admin-Konto anlegen'

/** The first admin's email and password; the account is created and signed in. */
export function SetupForm({ token, onInvalid }: { token: string; onInvalid: (message: string) => void }) {
  const auth = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    resolver: valibotResolver(schema),
    defaultValues: { email: '', password: '', repeat: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = async ({ email, password }: Values) => {
    setFailure(null)
    try {
      await auth.signIn(() => setupFirstAdmin(token, email.trim(), password))
      toast.success('Admin-Konto angelegt. Sie sind angemeldet.')
      navigate('/admin', { replace: true })
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) onInvalid(err.message)
      else if (err instanceof ApiError && err.status === 422) {
        const rest = showServerErrors(form.setError, err.fields, sameName<Values>(['email', 'password']))
        if (rest.length > 0) setFailure(rest.join(' '))
      } else setFailure(errorMessage(err))
    }
  }

  return (
    <AuthCard
      title={SETUP_TITLE}
      description="Dieses Konto darf den Notenschlüssel bearbeiten und weitere Konten anlegen."
    >
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
        <NewPasswordFields
          password={form.register('password')}
          repeat={form.register('repeat')}
          errors={{ password: errors.password?.message, repeat: errors.repeat?.message }}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Wird angelegt …' : 'Admin-Konto anlegen'}
        </Button>
      </form>
    </AuthCard>
  )
}
