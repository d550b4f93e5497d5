import { valibotResolver } from '@hookform/resolvers/valibot'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { TextField } from '@/components/text-field'
import { newPasswordSchema, repeatMessage } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { sameName, showServerErrors } from '@/lib/form-errors'
import { firstIssue, formSchema } from '@/lib/form-schema'
import { navigate } from '@/lib/location'
import { toast } from '@/lib/toast'
import { acceptInvite } from '../api/auth'
import { AuthCard } from './auth-card'
import { NewPasswordFields } from './password-fields'

const schema = formSchema({ password: v.string(), repeat: v.string() }, (values) => ({
  password: firstIssue(newPasswordSchema, values.password),
  repeat: repeatMessage(values.password, values.repeat),
}))
type Values = v.InferOutput<typeof schema>

export const PASSWORD_TITLE = 'Passwort festlegen'

/** The password of an invited account: set once, and the person is signed in. */
export function InviteForm({
  token,
  email,
  onInvalid,
}: {
  token: string
  email: string
  onInvalid: (message: string) => void
}) {
  const auth = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    resolver: valibotResolver(schema),
    defaultValues: { password: '', repeat: '' },
  })
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
    <AuthCard title={PASSWORD_TITLE} description="Mit diesem Passwort melden Sie sich künftig an.">
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
