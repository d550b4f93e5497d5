import { valibotResolver } from '@hookform/resolvers/valibot'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { TextField } from '@/components/text-field'
import { MSG_INVALID_CREDENTIALS, requiredSchema } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { sameName, showServerErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'

const schema = v.object({ email: requiredSchema, password: requiredSchema })
type Values = v.InferOutput<typeof schema>

/**
 * Email and password. A wrong pair gives one generic message at the form, never which of the two
 * was wrong; too many attempts give the server's message (429). `secondary` while the school's
 * provider is offered above it.
 */
export function PasswordSignIn({ secondary }: { secondary: boolean }) {
  const auth = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    resolver: valibotResolver(schema),
    defaultValues: { email: '', password: '' },
  })
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
        variant={secondary ? 'secondary' : 'primary'}
        className="w-full"
        disabled={isSubmitting}
      >
        {isSubmitting ? 'Wird angemeldet …' : 'Anmelden'}
      </Button>
    </form>
  )
}
