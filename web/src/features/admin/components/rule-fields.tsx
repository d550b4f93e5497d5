import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { SelectField } from '@/components/select-field'
import { errorClass, hintClass, inputClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { BASIS_LABELS, STEP_LABELS, type RuleFormValues } from '../rule-form'

type Form = UseFormReturn<RuleFormValues>

const legendClass = 'text-base font-semibold text-slate-900 dark:text-slate-100'
const badgeClass =
  'flex h-11 min-w-11 items-center justify-center rounded-lg bg-slate-100 px-2 text-base font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100'

/** A table's percentage basis and one row per band: "ab [bound] %", the last band "darunter". */
export function TableFields({ form }: { form: Form }) {
  const hintId = useId()
  const bands = useWatch({ control: form.control, name: 'bands' })
  return (
    <div className="space-y-4">
      <SelectField
        label="Verglichen wird der Prozentwert"
        className="max-w-md"
        {...form.register('percentage')}
      >
        {Object.entries(BASIS_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <fieldset className="min-w-0" aria-describedby={hintId}>
        <legend className={legendClass}>Notengrenzen</legend>
        <p id={hintId} className={hintClass}>
          In Prozent. Eine Note gilt ab ihrer Grenze (die Grenze gehört dazu); die letzte für alles darunter.
        </p>
        <div className="mt-3 grid gap-x-6 sm:grid-cols-2 xl:grid-cols-3">
          {bands.map((band, i) => (
            <BandRow
              key={`${band.grade}-${String(i)}`}
              form={form}
              index={i}
              grade={band.grade}
              last={i === bands.length - 1}
            />
          ))}
        </div>
      </fieldset>
    </div>
  )
}

function BandRow({ form, index, grade, last }: { form: Form; index: number; grade: string; last: boolean }) {
  const id = useId()
  const message = form.formState.errors.bands?.[index]?.from?.message
  const errorId = message === undefined ? undefined : `${id}-error`
  return (
    <div className="py-1.5">
      <div className="grid grid-cols-[3.5rem_2rem_minmax(0,8rem)] items-center gap-x-2">
        <span aria-hidden="true" className={badgeClass}>
          {grade}
        </span>
        <span className="text-sm text-slate-700 dark:text-slate-300">{last ? '' : 'ab'}</span>
        {last ? (
          <span className="text-sm text-slate-700 dark:text-slate-300">darunter</span>
        ) : (
          <div className="relative">
            <label htmlFor={`${id}-input`} className="sr-only">{`Note ${grade} ab`}</label>
            <input
              id={`${id}-input`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={errorId === undefined ? undefined : true}
              aria-describedby={errorId}
              className={inputClass(errorId !== undefined, 'pr-8 tabular-nums')}
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
      </div>
      {message !== undefined && (
        <p id={errorId} className={errorClass}>
          {message}
        </p>
      )}
    </div>
  )
}

/** The Swiss formula: the step grades are rounded to, where an exact midpoint goes, the pass mark. */
export function FormulaFields({ form }: { form: Form }) {
  const { errors } = form.formState
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SelectField label="Gerundet auf" {...form.register('step')}>
        {Object.entries(STEP_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Genau in der Mitte" {...form.register('midpoint')}>
        <option value="up">aufrunden</option>
        <option value="down">abrunden</option>
      </SelectField>
      <TextField
        label="Note 4 ab"
        hint="Wo die Note genau 4 ist; leer: die gerade Linie (4 bei 60 %)."
        suffix="%"
        inputMode="decimal"
        autoComplete="off"
        error={errors.pass?.message}
        {...form.register('pass')}
      />
    </div>
  )
}
