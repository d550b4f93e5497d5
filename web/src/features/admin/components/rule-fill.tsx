import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { hintClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { formatConfigNumber } from '@/lib/config-numbers'
import { type ConfigFormValues } from '../config-form'
import type { Boundaries } from '../knickpunkt'
import { useRuleFill } from '../use-rule-fill'
import { RoundingChoice } from './rounding-choice'

/** "1 ab 85 %, 2 ab 70 %, …": what the rule makes, before it fills anything. */
export function describeBoundaries(boundaries: Boundaries): string {
  return boundaries.map((b, i) => `${String(i + 1)} über ${formatConfigNumber(b)} %`).join(', ')
}

/**
 * The "Knickpunkt" rule (knickpunkt.ts): two numbers and a rounding fill the five boundaries of
 * the form. The band widths are kept; empty ones get the Standard's. Like a preset it only fills
 * the form; saving stays the explicit "Speichern".
 */
export function RuleFill({ form }: { form: UseFormReturn<ConfigFormValues> }) {
  const id = useId()
  const rule = useRuleFill(form)
  const { result } = rule

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
          value={rule.passMark}
          error={rule.error('passMark')}
          onChange={(e) => {
            rule.setPassMark(e.target.value)
          }}
        />
        <TextField
          label="Note 1 über"
          hint="Grenze der besten Note"
          inputMode="decimal"
          autoComplete="off"
          placeholder="z. B. 87,5"
          suffix="%"
          value={rule.top}
          error={rule.error('top')}
          onChange={(e) => {
            rule.setTop(e.target.value)
          }}
        />
        <RoundingChoice name={`${id}-rounding`} value={rule.rounding} onChange={rule.setRounding} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={rule.fill}>
          Notengrenzen füllen
        </Button>
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {result?.ok === true ? `Ergibt: ${describeBoundaries(result.boundaries)}.` : ''}
        </p>
      </div>
    </div>
  )
}
