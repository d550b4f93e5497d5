import { valibotResolver } from '@hookform/resolvers/valibot'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { Notice } from '@/components/notice'
import { TextField } from '@/components/text-field'
import { newPasswordSchema, repeatMessage, requiredSchema } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { showServerErrors } from '@/lib/form-errors'
import { firstIssue, formSchema } from '@/lib/form-schema'
import { toast } from '@/lib/toast'
import { changePassword } from '../api/auth'
import { NewPasswordFields } from './password-fields'

const schema = formSchema(
  { currentPassword: v.string(), password: v.string(), repeat: v.string() },
  (values) => ({
    currentPassword: firstIssue(requiredSchema, values.currentPassword),
    password: firstIssue(newPasswordSchema, values.password),
    repeat: repeatMessage(values.password, values.repeat),
  }),
)
type Values = v.InferOutput<typeof schema>

const EMPTY: Values = { currentPassword: '', password: '', repeat: '' }

/** The server's field names of POST /auth/password, mapped to this form's. */
function fieldFor(path: string): keyof Values | null {
  if (path === 'currentPassword') return 'currentPassword'
  if (path === 'newPassword') return 'password'
  return null
}

/** "Passwort ändern" for the signed-in account; other sessions of the account end on the server. */
export function ChangePasswordForm() {
  const auth = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({ resolver: valibotResolver(schema), defaultValues: EMPTY })
  const { errors, isSubmitting } = form.formState

  const onSubmit = async ({ currentPassword, password }: Values) => {
    setFailure(null)
    try {
      await changePassword(currentPassword, password)
      form.reset(EMPTY)
      toast.success('Passwort geändert.')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const rest = showServerErrors(form.setError, err.fields, fieldFor)
        if (rest.length > 0) setFailure(rest.join(' '))
        return
      }
      setFailure(errorMessage(err))
    }
  }

  return (
    <Card
      title="Passwort ändern"
      description="Andere Anmeldungen dieses Kontos (z. B. auf anderen Geräten) werden dabei beendet."
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="max-w-md space-y-4">
        {failure !== null && (
          <Notice tone="error" role="alert">
            <p>{failure}</p>
          </Notice>
        )}
        {/* Password managers pair the new password with the account's name. */}
        <input type="text" autoComplete="username" value={auth.user?.email ?? ''} readOnly hidden />
        <TextField
          label="Aktuelles Passwort"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          label="Neues Passwort"
          password={form.register('password')}
          repeat={form.register('repeat')}
          errors={{ password: errors.password?.message, repeat: errors.repeat?.message }}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Wird geändert …' : 'Passwort ändern'}
        </Button>
      </form>
    </Card>
  )
}
