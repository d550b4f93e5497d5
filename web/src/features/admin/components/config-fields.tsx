import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { errorClass, hintClass, inputClass, TextField } from '@/components/text-field'
import { GRADE_NUMBERS, maxOf, minOf, type ConfigFormValues, type GradeNumber, type NumberField } from '../config-form'

type Form = UseFormReturn<ConfigFormValues>

const legendClass = 'text-base font-semibold text-slate-900 dark:text-slate-100'
const rowGrid = 'grid grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)] items-center gap-x-3'

/** Min and max of grades 1–6: a compact grid, one fieldset per grade (its legend names the row). */
export function GradeBoundsFieldset({ form }: { form: Form }) {
  const hintId = useId()
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className={legendClass}>Notenbereiche</legend>
      <p id={hintId} className={hintClass}>
        In Prozent. Eine Note gilt über ihrem Minimum bis einschließlich ihres Maximums; ihr Minimum ist das Maximum der
        nächstschlechteren Note.
      </p>
      <div aria-hidden="true" className={`${rowGrid} mt-4 pb-1 text-sm font-medium text-slate-700 dark:text-slate-300`}>
        <span className="text-center">Note</span>
        <span>Minimum</span>
        <span>Maximum</span>
      </div>
      <div className="divide-y divide-slate-100 dark:divide-slate-800">
        {GRADE_NUMBERS.map((g) => (
          <GradeRow key={g} grade={g} form={form} />
        ))}
      </div>
    </fieldset>
  )
}

function GradeRow({ grade, form }: { grade: GradeNumber; form: Form }) {
  const id = useId()
  const { errors } = form.formState
  const fields = [
    { field: minOf(grade), label: 'Minimum' },
    { field: maxOf(grade), label: 'Maximum' },
  ] as const
  const messages = fields.flatMap(({ field, label }) => {
    const message = errors[field]?.message
    return message === undefined ? [] : [{ field, label, message }]
  })
  return (
    <fieldset className="py-1.5">
      <legend className="sr-only">Note {grade}</legend>
      <div className={rowGrid}>
        <span aria-hidden="true" className="flex h-11 items-center justify-center rounded-lg bg-slate-100 dark:bg-slate-800 text-base font-semibold text-slate-900 dark:text-slate-100">
          {grade}
        </span>
        {fields.map(({ field, label }) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className="sr-only">
              {label}
            </label>
            <PercentInput
              id={`${id}-${field}`}
              field={field}
              form={form}
              errorId={errors[field] === undefined ? undefined : `${id}-${field}-error`}
            />
          </div>
        ))}
      </div>
      {messages.length > 0 && (
        <div className={`${errorClass} space-y-0.5 sm:pl-[3.75rem]`}>
          {messages.map(({ field, label, message }) => (
            <p key={field}>
              <span aria-hidden="true">{label}: </span>
              <span id={`${id}-${field}-error`}>{message}</span>
            </p>
          ))}
        </div>
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
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600 dark:text-slate-300">
        %
      </span>
    </div>
  )
}

const WIDTHS = [
  {
    field: 'generalMinus',
    label: 'Minus-Bereich',
    hint: 'Noten 2 bis 5: Anteil des „-“-Bereichs am unteren Ende.',
  },
  {
    field: 'generalNormal',
    label: 'Normal-Bereich',
    hint: 'Noten 2 bis 5: Anteil der Note ohne Zusatz; der Rest ist der „+“-Bereich.',
  },
  { field: 'oneMinus', label: 'Note 1: Minus-Bereich', hint: 'Anteil von „1-“; der Rest ist „1“.' },
  { field: 'sixNormal', label: 'Note 6: Normal-Bereich', hint: 'Anteil von „6“; der Rest ist „6+“.' },
] as const

/** The band widths in percent of a grade's range (SPEC §4). */
export function WidthsFieldset({ form }: { form: Form }) {
  const hintId = useId()
  const { errors } = form.formState
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className={legendClass}>Bandbreiten</legend>
      <p id={hintId} className={hintClass}>
        In Prozent der Spanne einer Note, von unten gezählt.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {WIDTHS.map(({ field, label, hint }) => (
          <TextField
            key={field}
            label={label}
            hint={hint}
            suffix="%"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className="tabular-nums"
            error={errors[field]?.message}
            {...form.register(field)}
          />
        ))}
      </div>
    </fieldset>
  )
}
