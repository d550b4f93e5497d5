import { useId } from 'react'
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { errorClass, hintClass } from '@/components/styles'
import type { RuleFormValues } from '../rule-form'
import { isTableSystem, labelsOf } from '../rule-labels'
import { BandRow } from './band-row'

type Form = UseFormReturn<RuleFormValues>

const MIN_ROWS = 2
const MAX_ROWS = 60 // grading.MaxTableBands

/**
 * A table's rows, best first: each a grade of the system and its "ab" bound, the last "darunter". A new
 * row goes above the last one (the last takes the rest); focus follows the row added or removed.
 */
export function TableRows({ form }: { form: Form }) {
  const id = useId()
  const { fields, insert, remove } = useFieldArray({ control: form.control, name: 'bands' })
  const system = useWatch({ control: form.control, name: 'system' })
  const { errors } = form.formState
  const countError = errors.bands?.message ?? errors.bands?.root?.message
  const focusRow = (i: number) => {
    // after React has drawn the rows: the grade input of row i
    setTimeout(() => {
      form.setFocus(`bands.${i}.grade`)
    })
  }
  return (
    <fieldset className="min-w-0" aria-describedby={`${id}-hint`}>
      <legend className="text-base font-semibold text-slate-900 dark:text-slate-100">Notengrenzen</legend>
      <p id={`${id}-hint`} className={hintClass}>
        Je Zeile eine Note und ihre Grenze in Prozent, von der besten zur schlechtesten Note. Eine Note gilt
        ab ihrer Grenze (die Grenze gehört dazu); die letzte für alles darunter.
      </p>
      <datalist id={`${id}-labels`}>
        {(isTableSystem(system) ? labelsOf(system) : []).map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <ol className="mt-3 gap-x-8 lg:columns-2">
        {fields.map((field, i) => (
          <BandRow
            key={field.id}
            form={form}
            index={i}
            last={i === fields.length - 1}
            labelsId={`${id}-labels`}
            onRemove={
              fields.length <= MIN_ROWS
                ? undefined
                : () => {
                    remove(i)
                    focusRow(Math.min(i, fields.length - 2))
                  }
            }
          />
        ))}
      </ol>
      {countError !== undefined && <p className={errorClass}>{countError}</p>}
      <Button
        variant="secondary"
        className="mt-3"
        disabled={fields.length >= MAX_ROWS}
        onClick={() => {
          const at = Math.max(fields.length - 1, 0)
          insert(at, { grade: '', from: '' }, { shouldFocus: false })
          focusRow(at)
        }}
      >
        Zeile hinzufügen
      </Button>
    </fieldset>
  )
}
