import { useMemo } from 'react'
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import { Card } from '@/components/card'
import { GradeTable } from '@/components/grade-table'
import { Notice } from '@/components/notice'
import { keyOf } from '@/lib/key'
import { checkConfigForm, fieldLabel, type ConfigFormField, type ConfigFormValues } from '../config-form'
import { fehlerFieldForPath, fehlerFieldLabel } from '../fehler-form'
import { isZeugnisPath, zeugnisFieldLabel } from '../zeugnis-form'

type Form = UseFormReturn<ConfigFormValues>

/**
 * The 16-cell table as the calculator would show the form's values: the saved version while the
 * form is unchanged (`saved` says which), the typed values otherwise, and, while they are not a valid configuration,
 * the list of what is wrong instead of a table that could not be right.
 */
export function FormPreview({ form, saved }: { form: Form; saved: string }) {
  const values = useWatch({ control: form.control }) as ConfigFormValues
  const { isDirty } = useFormState({ control: form.control })
  const checked = useMemo(() => checkConfigForm(values), [values])
  const description = isDirty
    ? 'So zeigt der Rechner die Tabelle mit den Werten oben (noch nicht gespeichert).'
    : saved
  return (
    <Card title="Vorschau" description={description}>
      {checked.ok ? (
        <GradeTable scaleKey={keyOf(checked.doc)} name={checked.doc.name} />
      ) : (
        <Notice tone="warning" title="Keine Vorschau, solange diese Werte nicht passen:">
          <ul className="list-disc space-y-1 pl-5">
            {Object.entries(checked.errors).map(([field, message]) => (
              <li key={field}>
                <button
                  type="button"
                  className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
                  onClick={() => {
                    form.setFocus(field as ConfigFormField)
                  }}
                >
                  {isZeugnisPath(field)
                    ? zeugnisFieldLabel(field)
                    : fehlerFieldForPath(field) !== null
                      ? fehlerFieldLabel(field)
                      : fieldLabel(field as ConfigFormField)}
                </button>
                : {message}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </Card>
  )
}
