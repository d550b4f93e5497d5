import { valibotResolver } from '@hookform/resolvers/valibot'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { SelectField } from '@/components/select-field'
import { TextField } from '@/components/text-field'
import { emailSchema } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { sameName, showServerErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { createUser, type Invitation } from '../api/users'
import { InviteLink } from './invite-link'

const schema = v.object({
  email: emailSchema,
  role: v.picklist(['admin', 'user'], 'Rolle muss admin oder user sein.'),
})
type Values = v.InferOutput<typeof schema>

interface AddAccountFormProps {
  onAdded: () => void
}

/** Adds an account; the answer's one-time link shows above the form (InviteLink). */
export function AddAccountForm({ onAdded }: AddAccountFormProps) {
  const [created, setCreated] = useState<Invitation | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    resolver: valibotResolver(schema),
    defaultValues: { email: '', role: 'user' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = async ({ email, role }: Values) => {
    setFailure(null)
    try {
      const result = await createUser(email.trim(), role)
      setCreated(result)
      form.reset({ email: '', role: 'user' })
      toast.success(`Konto ${result.user.email} angelegt.`)
      onAdded()
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        form.setError('email', { type: 'server', message: err.message }, { shouldFocus: true })
      } else if (err instanceof ApiError && err.status === 422) {
        const rest = showServerErrors(form.setError, err.fields, sameName<Values>(['email', 'role']))
        if (rest.length > 0) setFailure(rest.join(' '))
      } else {
        setFailure(errorMessage(err))
      }
    }
  }

  return (
    <div className="space-y-4">
      {created !== null && (
        <InviteLink
          invitation={created}
          onDone={() => {
            setCreated(null)
            // „Fertig“ goes with the link: the focus goes on to the next account's email, not the page's body
            form.setFocus('email')
          }}
        />
      )}
      <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-4">
        {failure !== null && (
          <Notice tone="error" role="alert">
            <p>{failure}</p>
          </Notice>
        )}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
          <TextField
            label="E-Mail"
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <SelectField label="Rolle" error={errors.role?.message} {...form.register('role')}>
            <option value="user">Benutzer</option>
            <option value="admin">Admin</option>
          </SelectField>
          <Button type="submit" className="sm:mt-[1.625rem]" disabled={isSubmitting}>
            {isSubmitting ? 'Wird angelegt …' : 'Konto anlegen'}
          </Button>
        </div>
      </form>
    </div>
  )
}
