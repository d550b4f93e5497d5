import type { UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { TextField } from '@/components/text-field'
import { FORM_FIELDS, type ConfigFormValues } from '../config-form'
import { BoundariesFieldset, WidthsFieldset } from './config-fields'

type Form = UseFormReturn<ConfigFormValues>

interface EditorFieldsProps {
  form: Form
  onSubmit: (values: ConfigFormValues) => Promise<void>
  onDiscard: () => void
}

export function EditorFields({ form, onSubmit, onDiscard }: EditorFieldsProps) {
  const { errors, isDirty, isSubmitting } = form.formState
  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}
      // leaving a changed field shows what is wrong, before anyone presses "Speichern"
      onBlur={(e) => {
        const field = FORM_FIELDS.find((f) => f === (e.target as Partial<HTMLInputElement>).name)
        if (field !== undefined && form.getFieldState(field).isDirty) void form.trigger()
      }}
      className="space-y-6"
    >
      <TextField
        label="Name"
        hint="Steht über der Tabelle, z. B. „Standard“ oder „Oberstufe“."
        autoComplete="off"
        className="max-w-md"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <BoundariesFieldset form={form} />
        <WidthsFieldset form={form} />
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 dark:border-slate-700 pt-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
        <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={onDiscard}>
          Änderungen verwerfen
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {isDirty ? 'Ungespeicherte Änderungen.' : 'Keine ungespeicherten Änderungen.'}
        </p>
      </div>
    </form>
  )
}
