import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { TextField } from '@/components/text-field'
import type { ScaleSummary } from '@/lib/scales'
import { useScaleCreator } from '../use-scale-creator'
import { BoundariesFieldset, WidthsFieldset } from './config-fields'
import { RefusedNotice } from './editor-notices'
import { FormPreview } from './form-preview'
import { StartChooser } from './start-chooser'

interface ScaleCreatorProps {
  /** Every scale: the ones to copy from, and the slugs that are taken. */
  scales: readonly ScaleSummary[]
  onCreated: (slug: string) => void
  onCancel: () => void
}

/**
 * "Neuer Notenschlüssel": a name, a Kurzname and a configuration, filled from a preset, a copy of
 * another scale, nothing, or the Knickpunkt rule. Filling only fills the form; the scale exists
 * once "Speichern" has created it (POST /api/v1/scales, version 1).
 */
export function ScaleCreator({ scales, onCreated, onCancel }: ScaleCreatorProps) {
  const creator = useScaleCreator(
    scales.map((s) => s.slug),
    onCreated,
  )
  const { form, slug } = creator
  const { isSubmitting } = form.formState
  return (
    <div className="space-y-6">
      <Card
        title="Neuer Notenschlüssel"
        description="Angelegt wird er erst mit „Speichern“; bis dahin lässt sich alles ändern."
      >
        <div className="space-y-6">
          <StartChooser form={form} scales={scales} onFill={creator.fill} />
          <form
            noValidate
            onSubmit={(e) => void form.handleSubmit(creator.onSubmit)(e)}
            className="space-y-6"
          >
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
        </div>
      </Card>
      <FormPreview form={form} saved="So zeigt der Rechner die Tabelle mit den Werten oben." />
    </div>
  )
}
