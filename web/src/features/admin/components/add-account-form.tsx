import { zodResolver } from '@hookform/resolvers/zod'
import { Check, Copy } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod/mini'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { errorClass, inputClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { emailSchema } from '@/lib/account-rules'
import { ApiError, errorMessage } from '@/lib/api-client'
import { sameName, showServerErrors } from '@/lib/form-errors'
import { formatSavedAt } from '@/lib/format'
import { toast } from '@/lib/toast'
import { createUser, type CreatedUser } from '../api/users'

const schema = z.object({
  email: emailSchema,
  role: z.enum(['admin', 'user'], 'Rolle muss admin oder user sein.'),
})
type Values = z.infer<typeof schema>

interface AddAccountFormProps {
  onAdded: () => void
}

/**
 * Adds an account. The answer's one-time link is shown once, here, until dismissed: the server
 * keeps only its hash, so it cannot be shown again.
 */
export function AddAccountForm({ onAdded }: AddAccountFormProps) {
  const roleId = useId()
  const [created, setCreated] = useState<CreatedUser | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', role: 'user' } })
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
          created={created}
          onDone={() => {
            setCreated(null)
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
          <div>
            <label htmlFor={roleId} className={labelClass}>
              Rolle
            </label>
            <select
              id={roleId}
              aria-invalid={errors.role === undefined ? undefined : true}
              aria-describedby={errors.role === undefined ? undefined : `${roleId}-error`}
              className={inputClass(errors.role !== undefined, 'mt-1.5')}
              {...form.register('role')}
            >
              <option value="user">Benutzer</option>
              <option value="admin">Admin</option>
            </select>
            {errors.role?.message !== undefined && (
              <p id={`${roleId}-error`} className={errorClass}>
                {errors.role.message}
              </p>
            )}
          </div>
          <Button type="submit" className="sm:mt-[1.625rem]" disabled={isSubmitting}>
            {isSubmitting ? 'Wird angelegt …' : 'Konto anlegen'}
          </Button>
        </div>
      </form>
    </div>
  )
}

function InviteLink({ created, onDone }: { created: CreatedUser; onDone: () => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)

  const copy = async () => {
    input.current?.select()
    try {
      await navigator.clipboard.writeText(created.inviteLink)
      setCopied(true)
      toast.success('Link kopiert.')
    } catch {
      toast.error('Kopieren ging nicht. Bitte den markierten Link von Hand kopieren.')
    }
  }

  return (
    <Notice tone="warning" role="status" title={`Link zum Festlegen des Passworts für ${created.user.email}`}>
      <p id={`${id}-note`}>
        Nur jetzt sichtbar, 24 Stunden gültig (bis {formatSavedAt(created.inviteExpiresAt)}). Bitte an die
        Person weitergeben; mit dem Link legt sie ihr Passwort fest.
      </p>
      {created.linkWarning !== undefined && <p className="font-semibold">{created.linkWarning}</p>}
      <label htmlFor={id} className="sr-only">
        Einladungslink
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={created.inviteLink}
          aria-describedby={`${id}-note`}
          onFocus={(e) => {
            e.currentTarget.select()
          }}
          className={inputClass(false, 'font-mono text-sm')}
        />
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {copied ? 'Kopiert' : 'Kopieren'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Fertig
          </Button>
        </div>
      </div>
    </Notice>
  )
}
