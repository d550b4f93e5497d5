import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { hintClass } from '@/components/styles'

/** Either editor's form, seen through its one setting of the key for a test (both hold `adjustable`). */
export type AdjustableForm = UseFormReturn<{ adjustable: boolean }>

/**
 * Whether teachers may adjust this key for one test (docs/spec.md §10): on by default; off makes the
 * school's key binding, as a Fachkonferenz may decide. Saved with the scale, as a new version.
 */
export function AdjustableField({ form }: { form: AdjustableForm }) {
  const hintId = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        id={`${hintId}-box`}
        type="checkbox"
        aria-describedby={hintId}
        className="mt-1 size-5 shrink-0 accent-green-700"
        {...form.register('adjustable')}
      />
      <div>
        <label htmlFor={`${hintId}-box`} className="font-medium text-slate-900 dark:text-slate-100">
          Lehrkräfte dürfen diesen Schlüssel für eine Arbeit anpassen
        </label>
        <p id={hintId} className={hintClass}>
          Aus: Der Schlüssel ist verbindlich, z. B. nach Beschluss der Fachkonferenz.
        </p>
      </div>
    </div>
  )
}
