import { Button } from '@/components/button'
import { TextField } from '@/components/text-field'
import type { useScaleCreator } from '../use-scale-creator'
import { BoundariesFieldset, WidthsFieldset } from './config-fields'
import { RefusedNotice } from './editor-notices'

/** A new scale of the original's shape: its name, Kurzname, boundaries and band widths. */
export function OriginalForm({
  creator,
  onCancel,
}: {
  creator: ReturnType<typeof useScaleCreator>
  onCancel: () => void
}) {
  const { form, slug } = creator
  const { isSubmitting } = form.formState
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(creator.onSubmit)(e)} className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          hint="Steht über der Tabelle, z. B. „Mathematik“."
          autoComplete="off"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Kurzname"
          hint={`Für die Adresse: /?schluessel=${slug === '' ? '…' : slug}. Später nicht änderbar.`}
          autoComplete="off"
          spellCheck={false}
          value={slug}
          error={creator.slugError}
          onChange={(e) => {
            creator.typeSlug(e.target.value)
          }}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <BoundariesFieldset form={form} />
        <WidthsFieldset form={form} />
      </div>
      <RefusedNotice title="Der Server hat den Notenschlüssel abgelehnt." messages={creator.unmapped} />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 dark:border-slate-700 pt-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
        <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
          Abbrechen
        </Button>
      </div>
    </form>
  )
}
