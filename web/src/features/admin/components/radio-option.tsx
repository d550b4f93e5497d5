import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

/**
 * One choice of a setting's radio group (the Fehlerquotient's conversion, the Zeugnisnote's rounding): the
 * radio, its label as a touch target of 44 px, and a sentence that says what the choice does, read with it.
 */
export function RadioOption({
  registration,
  value,
  label,
  sentence,
}: {
  registration: UseFormRegisterReturn
  value: string
  label: string
  sentence: string
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="radio"
        value={value}
        aria-describedby={`${id}-what`}
        className="mt-3.5 size-4 shrink-0 accent-green-700"
        {...registration}
      />
      <div className="min-w-0">
        <label
          htmlFor={id}
          className="inline-flex min-h-11 items-center text-sm font-medium text-slate-800 dark:text-slate-100"
        >
          {label}
        </label>
        <p id={`${id}-what`} className="-mt-2 text-sm text-slate-600 dark:text-slate-300">
          {sentence}
        </p>
      </div>
    </div>
  )
}
