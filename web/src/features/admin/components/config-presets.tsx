import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import type { DocumentOf } from '@/lib/config'
import { toFormValues, type ConfigFormField, type ConfigFormValues } from '../config-form'
import { STANDARD, STANDARD_LABEL } from '../standard'
import { RuleFill } from './rule-fill'

export const CURRENT_PRESET_LABEL = 'Aktuelle Konfiguration'

/**
 * Fills the form from a preset or from the version being edited. It only sets the fields (dirty
 * where they differ from the loaded version); saving stays the explicit "Speichern".
 */
export function ConfigPresets({
  form,
  current,
}: {
  form: UseFormReturn<ConfigFormValues>
  current: DocumentOf<'widths'>
}) {
  const id = useId()
  const fill = (config: DocumentOf<'widths'>) => {
    const values = toFormValues(config)
    for (const field of Object.keys(values) as ConfigFormField[]) {
      form.setValue(field, values[field], { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
    }
  }
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-hint`}
      className="border-b border-slate-200 dark:border-slate-700 pb-4"
    >
      <p id={`${id}-label`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Vorlage übernehmen
      </p>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Füllt nur das Formular; gespeichert wird erst mit „Speichern“.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            fill(STANDARD)
          }}
        >
          {STANDARD_LABEL}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            fill(current)
          }}
        >
          {CURRENT_PRESET_LABEL}
        </Button>
      </div>
      <details className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg text-sm font-semibold text-green-800 dark:text-green-300 underline underline-offset-2 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700">
          Notengrenzen nach Regel (Knickpunkt) …
        </summary>
        <div className="mt-2">
          <RuleFill form={form} />
        </div>
      </details>
    </div>
  )
}
