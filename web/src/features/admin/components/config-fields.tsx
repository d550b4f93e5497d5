import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { hintClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { fieldLabel, GRADE_NUMBERS, type ConfigFormValues } from '../config-form'
import { GradeRow, rowGrid } from './grade-row'

type Form = UseFormReturn<ConfigFormValues>

const legendClass = 'text-base font-semibold text-slate-900 dark:text-slate-100'

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
          <GradeRow key={g} grade={g} upper={typed[g - 1] ?? ''} form={form} />
        ))}
      </div>
    </fieldset>
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
