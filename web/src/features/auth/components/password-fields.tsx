import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from '@/components/text-field'

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn
  repeat: UseFormRegisterReturn
  errors: { password?: string | undefined; repeat?: string | undefined }
  label?: string
}

/** A new password and its repeat, with the rule as a hint. */
export function NewPasswordFields({ password, repeat, errors, label = 'Passwort' }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint="10 bis 256 Zeichen, keine weiteren Regeln: ein langer Satz ist ein gutes Passwort."
        error={errors.password}
        {...password}
      />
      <TextField
        label={`${label} wiederholen`}
        type="password"
        autoComplete="new-password"
        error={errors.repeat}
        {...repeat}
      />
    </>
  )
}
