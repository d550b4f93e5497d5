import type { UseFormReturn } from 'react-hook-form'
import { TextField } from '@/components/text-field'
import { FORM_FIELDS, type ConfigFormValues } from '../config-form'
import { enterDoesNotSave } from '../enter-does-not-save'
import { AdjustableField, type AdjustableForm } from './adjustable-field'
import { BoundariesFieldset, WidthsFieldset } from './config-fields'
import { FehlerFields, type FehlerForm } from './fehler-fields'
import { SaveBar } from './save-bar'
import { ZeugnisFields, type ZeugnisForm } from './zeugnis-fields'

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
      onKeyDown={enterDoesNotSave}
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
      {/* the editor's values always hold `zeugnis` (use-config-editor.ts); only the creator's lack it */}
      <ZeugnisFields form={form as unknown as ZeugnisForm} system="" />
      <FehlerFields form={form as unknown as FehlerForm} />
      <AdjustableField form={form as unknown as AdjustableForm} />
      <SaveBar isSubmitting={isSubmitting} isDirty={isDirty} onDiscard={onDiscard} />
    </form>
  )
}
