import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { errorClass, inputClass } from '@/components/styles'
import { formatConfigNumber } from '@/lib/config-numbers'
import {
  boundaryOf,
  fieldLabel,
  parseTypedNumber,
  type ConfigFormValues,
  type GradeNumber,
  type NumberField,
} from '../config-form'

type Form = UseFormReturn<ConfigFormValues>

export const rowGrid =
  'grid grid-cols-[2.75rem_2.25rem_minmax(0,7.5rem)_minmax(0,1fr)] items-center gap-x-2 sm:gap-x-3'
const fixedClass = 'px-3 tabular-nums text-slate-700 dark:text-slate-300'

/** A typed boundary as the row below shows it: "85", "33,5"; "?" while it is not a number. */
function shownBoundary(text: string): string {
  const typed = parseTypedNumber(text)
  return typed.ok ? formatConfigNumber(typed.value) : '?'
}

/**
 * One grade: "über [its boundary] bis <the boundary above>" (`upper`, as typed in the row above);
 * grade 6 starts at 0 %.
 */
export function GradeRow({ grade, upper, form }: { grade: GradeNumber; upper: string; form: Form }) {
  const id = useId()
  const field = grade === 6 ? null : boundaryOf(grade)
  const message = field === null ? undefined : form.formState.errors[field]?.message
  const errorId = message === undefined ? undefined : `${id}-error`
  return (
    <fieldset className="py-1.5">
      <legend className="sr-only">Note {grade}</legend>
      <div className={rowGrid}>
        <span
          aria-hidden="true"
          className="flex h-11 items-center justify-center rounded-lg bg-slate-100 dark:bg-slate-800 text-base font-semibold text-slate-900 dark:text-slate-100"
        >
          {grade}
        </span>
        <span className="text-sm text-slate-700 dark:text-slate-300">{field === null ? 'ab' : 'über'}</span>{' '}
        {field === null ? (
          <span className={fixedClass}>0 %</span>
        ) : (
          <div>
            <label htmlFor={`${id}-input`} className="sr-only">
              {fieldLabel(field)}
            </label>
            <PercentInput id={`${id}-input`} field={field} form={form} errorId={errorId} />
          </div>
        )}{' '}
        <span className="text-sm tabular-nums text-slate-700 dark:text-slate-300">
          bis {shownBoundary(upper)} %
        </span>
      </div>
      {message !== undefined && (
        <p id={errorId} className={`${errorClass} sm:pl-[3.25rem]`}>
          {message}
        </p>
      )}
    </fieldset>
  )
}

interface PercentInputProps {
  id: string
  field: NumberField
  form: Form
  errorId: string | undefined
}

/** A percentage as text: comma or dot, inputMode decimal for the phone keyboard; "%" after it. */
function PercentInput({ id, field, form, errorId }: PercentInputProps) {
  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={errorId === undefined ? undefined : true}
        aria-describedby={errorId}
        className={inputClass(errorId !== undefined, 'pr-8 tabular-nums')}
        {...form.register(field)}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600 dark:text-slate-300"
      >
        %
      </span>
    </div>
  )
}
