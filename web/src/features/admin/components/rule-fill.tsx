import { useId, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { hintClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import {
  BOUNDARY_NUMBERS,
  boundaryOf,
  formatNumber,
  parseTypedNumber,
  WIDTH_FIELDS,
  type ConfigFormValues,
} from '../config-form'
import { knickpunktBoundaries, type Boundaries, type Rounding } from '../knickpunkt'
import { PRESETS } from '../presets'

const STANDARD_WIDTHS = (() => {
  const schema = PRESETS.find((p) => p.id === 'standard')?.config.schema
  return {
    generalMinus: formatNumber(schema?.general?.minus),
    generalNormal: formatNumber(schema?.general?.normal),
    oneMinus: formatNumber(schema?.['1']?.minus),
    sixNormal: formatNumber(schema?.['6']?.normal),
  }
})()

/** "1 ab 85 %, 2 ab 70 %, …": what the rule makes, before it fills anything. */
export function describeBoundaries(boundaries: Boundaries): string {
  return boundaries.map((b, i) => `${String(i + 1)} über ${formatNumber(b)} %`).join(', ')
}

/**
 * The "Knickpunkt" rule (knickpunkt.ts): two numbers and a rounding fill the five boundaries of
 * the form. The band widths are kept; empty ones get the Standard's. Like a preset it only fills
 * the form; saving stays the explicit "Speichern".
 */
export function RuleFill({ form }: { form: UseFormReturn<ConfigFormValues> }) {
  const id = useId()
  const [passMark, setPassMark] = useState('')
  const [top, setTop] = useState('')
  const [rounding, setRounding] = useState<Rounding>('whole')
  const [tried, setTried] = useState(false)

  const x = parseTypedNumber(passMark)
  const y = parseTypedNumber(top)
  const result = x.ok && y.ok ? knickpunktBoundaries({ passMark: x.value, top: y.value, rounding }) : null
  const errors = {
    passMark: x.ok ? (result?.ok === false ? result.errors.passMark : undefined) : x.message,
    top: y.ok ? (result?.ok === false ? result.errors.top : undefined) : y.message,
  }
  const show = (field: 'passMark' | 'top', text: string) => (tried || text !== '' ? errors[field] : undefined)

  const fill = () => {
    setTried(true)
    if (result?.ok !== true) return
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted }
    for (const b of BOUNDARY_NUMBERS)
      form.setValue(boundaryOf(b), formatNumber(result.boundaries[b - 1]), options)
    for (const field of WIDTH_FIELDS) {
      if (form.getValues(field).trim() === '') form.setValue(field, STANDARD_WIDTHS[field], options)
    }
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className="space-y-3">
      <div>
        <p id={`${id}-label`} className={labelClass}>
          Nach Regel füllen (Knickpunkt)
        </p>
        <p id={`${id}-hint`} className={hintClass}>
          Die Noten 1 bis 4 teilen sich gleichmäßig den Bereich von der Grenze der 4 bis zur Grenze der 1, die
          Noten 5 und 6 den Bereich darunter. Füllt nur die Notengrenzen; gespeichert wird erst mit
          „Speichern“.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_auto]">
        <TextField
          label="Note 4 über"
          hint="Bestehensgrenze in Prozent"
          inputMode="decimal"
          autoComplete="off"
          placeholder="z. B. 50"
          suffix="%"
          value={passMark}
          error={show('passMark', passMark)}
          onChange={(e) => {
            setPassMark(e.target.value)
          }}
        />
        <TextField
          label="Note 1 über"
          hint="Grenze der besten Note"
          inputMode="decimal"
          autoComplete="off"
          placeholder="z. B. 87,5"
          suffix="%"
          value={top}
          error={show('top', top)}
          onChange={(e) => {
            setTop(e.target.value)
          }}
        />
        <fieldset className="min-w-0">
          <legend className={labelClass}>Runden auf</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {(
              [
                ['whole', 'ganze Prozent'],
                ['half', 'halbe Prozent'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-100"
              >
                <input
                  type="radio"
                  name={`${id}-rounding`}
                  value={value}
                  checked={rounding === value}
                  onChange={() => {
                    setRounding(value)
                  }}
                  className="size-4 accent-green-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={fill}>
          Notengrenzen füllen
        </Button>
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {result?.ok === true ? `Ergibt: ${describeBoundaries(result.boundaries)}.` : ''}
        </p>
      </div>
    </div>
  )
}
