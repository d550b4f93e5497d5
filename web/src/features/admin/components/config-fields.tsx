import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { errorClass, hintClass, inputClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import {
  boundaryOf,
  fieldLabel,
  formatNumber,
  GRADE_NUMBERS,
  parseTypedNumber,
  type ConfigFormValues,
  type GradeNumber,
  type NumberField,
} from '../config-form'

type Form = UseFormReturn<ConfigFormValues>

const legendClass = 'text-base font-semibold text-slate-900 dark:text-slate-100'
const rowGrid =
  'grid grid-cols-[2.75rem_2.25rem_minmax(0,7.5rem)_minmax(0,1fr)] items-center gap-x-2 sm:gap-x-3'
const fixedClass = 'px-3 tabular-nums text-slate-700 dark:text-slate-300'

/**
 * The five boundaries between the six grades, one row per grade: "über [boundary] bis <the
 * boundary above>". Each boundary is typed once, in the row of the grade it starts; the row
 * below shows it as its upper end, so changing it visibly moves both neighbours.
 */
export function BoundariesFieldset({ form }: { form: Form }) {
  const hintId = useId()
  const [b1, b2, b3, b4, b5] = useWatch({
    control: form.control,
    name: ['boundary1', 'boundary2', 'boundary3', 'boundary4', 'boundary5'],
  })
  const typed = ['100', b1, b2, b3, b4, b5]
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className={legendClass}>Notengrenzen</legend>
      <p id={hintId} className={hintClass}>
        In Prozent. Eine Note gilt über ihrer Grenze bis einschließlich der Grenze der nächstbesseren Note;
        100 und 0 stehen fest.
      </p>
      <div
        aria-hidden="true"
        className={`${rowGrid} mt-4 pb-1 text-sm font-medium text-slate-700 dark:text-slate-300`}
      >
        <span className="text-center">Note</span>
        <span className="col-span-3">Bereich</span>
      </div>
      <div className="divide-y divide-slate-100 dark:divide-slate-800">
        {GRADE_NUMBERS.map((g) => (
          <GradeRow key={g} grade={g} upper={shownBoundary(typed[g - 1] ?? '')} form={form} />
        ))}
      </div>
    </fieldset>
  )
}

/** A typed boundary as the row below shows it: "85", "33,5"; "?" while it is not a number. */
function shownBoundary(text: string): string {
  const typed = parseTypedNumber(text)
  return typed.ok ? formatNumber(typed.value) : '?'
}

function GradeRow({ grade, upper, form }: { grade: GradeNumber; upper: string; form: Form }) {
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
        <span className="text-sm tabular-nums text-slate-700 dark:text-slate-300">bis {upper} %</span>
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

const WIDTHS = [
  { field: 'generalMinus', hint: 'Noten 2 bis 5: Anteil des „-“-Bereichs am unteren Ende.' },
  {
    field: 'generalNormal',
    hint: 'Noten 2 bis 5: Anteil der Note ohne Zusatz; der Rest ist der „+“-Bereich.',
  },
  { field: 'oneMinus', hint: 'Anteil von „1-“; der Rest ist „1“.' },
  { field: 'sixNormal', hint: 'Anteil von „6“; der Rest ist „6+“.' },
] as const

/** The band widths in percent of a grade's range (docs/spec.md §4). */
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
        {WIDTHS.map(({ field, hint }) => (
          <TextField
            key={field}
            label={fieldLabel(field)}
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
