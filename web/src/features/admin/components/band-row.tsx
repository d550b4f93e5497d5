import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { errorClass, inputClass } from '@/components/styles'
import type { RuleFormValues } from '../rule-form'

interface BandRowProps {
  form: UseFormReturn<RuleFormValues>
  index: number
  last: boolean
  /** The id of the datalist of the system's labels. */
  labelsId: string
  /** Removes the row; undefined while the table has only two rows. */
  onRemove: (() => void) | undefined
}

const smallText = 'text-sm text-slate-700 dark:text-slate-300'

/**
 * One row of a table: its grade, "ab" and its bound in percent, the last row "darunter". Both inputs are
 * named by the row's number ("Note der Zeile 3", "ab Prozent der Zeile 3"), since the grade is typed.
 */
export function BandRow({ form, index, last, labelsId, onRemove }: BandRowProps) {
  const id = useId()
  const n = String(index + 1)
  const errors = form.formState.errors.bands?.[index]
  const gradeError = errors?.grade?.message
  const fromError = last ? undefined : errors?.from?.message
  const described = (e: string | undefined, which: string) => (e === undefined ? undefined : `${id}-${which}`)
  return (
    <li className="break-inside-avoid py-1.5">
      <div className="grid grid-cols-[5.5rem_1.5rem_minmax(0,8rem)_2.75rem] items-center gap-x-2">
        <label htmlFor={`${id}-grade`} className="sr-only">{`Note der Zeile ${n}`}</label>
        <input
          id={`${id}-grade`}
          type="text"
          list={labelsId}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={gradeError === undefined ? undefined : true}
          aria-describedby={described(gradeError, 'grade-error')}
          className={inputClass(gradeError !== undefined, 'px-2 text-center font-semibold')}
          {...form.register(`bands.${index}.grade`)}
        />
        <span className={smallText}>{last ? '' : 'ab'}</span>
        {last ? (
          <span className={smallText}>darunter</span>
        ) : (
          <div className="relative">
            <label htmlFor={`${id}-from`} className="sr-only">{`ab Prozent der Zeile ${n}`}</label>
            <input
              id={`${id}-from`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={fromError === undefined ? undefined : true}
              aria-describedby={described(fromError, 'from-error')}
              className={inputClass(fromError !== undefined, 'pr-8 tabular-nums')}
              {...form.register(`bands.${index}.from`)}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-3 flex items-center"
            >
              %
            </span>
          </div>
        )}
        <button
          type="button"
          disabled={onRemove === undefined}
          onClick={onRemove}
          aria-label={`Zeile ${n} entfernen`}
          title={`Zeile ${n} entfernen`}
          className="flex size-11 items-center justify-center rounded-lg text-xl text-slate-700 hover:bg-slate-100 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:ring-green-500"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {gradeError !== undefined && (
        <p id={`${id}-grade-error`} className={errorClass}>
          {gradeError}
        </p>
      )}
      {fromError !== undefined && (
        <p id={`${id}-from-error`} className={errorClass}>
          {fromError}
        </p>
      )}
    </li>
  )
}
