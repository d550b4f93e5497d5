import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * Once a message shows (after leaving a changed field, or after the first attempt to save), every
 * change checks the whole form again: rules between fields (the order of the boundaries, the sum of
 * the widths) clear or appear at the other field too.
 */
export function useRecheckOnChange<T extends FieldValues>(form: UseFormReturn<T>): void {
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          const showing = form.formState.isSubmitted || Object.keys(form.formState.errors).length > 0
          if (name !== undefined && showing) void form.trigger()
        },
      }),
    [form],
  )
}
