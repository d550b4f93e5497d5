import { TextField } from '@/components/text-field'
import type { AbiturField } from '@/lib/abitur'
import type { AbiturState } from '../use-abitur'

interface FieldProps {
  state: AbiturState
  field: AbiturField
  label: string
  hint?: string
  /** Errors of the rule are shown only once the field is complete enough to judge (not „fehlt“). */
  showError: boolean
}

/** One whole-number field of the tool, with the rule's message for it. */
export function AbiturNumber({ state, field, label, hint, showError }: FieldProps) {
  const error = state.answer.ok ? undefined : state.answer.errors[field]
  return (
    <TextField
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      value={state.values[field]}
      error={showError ? error : undefined}
      onChange={(e) => {
        state.set(field, e.target.value)
      }}
    />
  )
}

/** Block I and Block II, or the total: a choice of two and its fields. */
export function PointsFields({ state }: { state: AbiturState }) {
  const showError = !state.incomplete
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">Ich kenne</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['blocks', 'die Punkte von Block I und Block II'],
              ['total', 'nur die Gesamtpunktzahl'],
            ] as const
          ).map(([mode, text]) => (
            <label
              key={mode}
              className="flex min-h-11 items-center gap-2 text-base text-slate-900 dark:text-slate-100"
            >
              <input
                type="radio"
                name="abitur-mode"
                className="size-5 accent-green-700"
                checked={state.mode === mode}
                onChange={() => {
                  state.setMode(mode)
                }}
              />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      {state.mode === 'blocks' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <AbiturNumber
            state={state}
            field="block1"
            label="Block I (Qualifikationsphase)"
            hint="200 bis 600 Punkte, wie auf der Bescheinigung"
            showError={showError || state.values.block1.trim() !== ''}
          />
          <AbiturNumber
            state={state}
            field="block2"
            label="Block II (Abiturprüfung)"
            hint="100 bis 300 Punkte: fünf Prüfungen, je vierfach"
            showError={showError || state.values.block2.trim() !== ''}
          />
        </div>
      ) : (
        <AbiturNumber
          state={state}
          field="gesamt"
          label="Gesamtpunktzahl"
          hint="300 bis 900 Punkte"
          showError={showError || state.values.gesamt.trim() !== ''}
        />
      )}
    </div>
  )
}

/** The minimums beyond the points, if the pupil knows them. */
export function MoreFields({ state }: { state: AbiturState }) {
  return (
    <details className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-green-700 dark:text-slate-100">
        Weitere Bedingungen prüfen (freiwillig)
      </summary>
      <div className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
        <AbiturNumber state={state} field="kurse" label="Kurse in Block I" hint="leer: 40" showError />
        <AbiturNumber
          state={state}
          field="unter5"
          label="davon unter 5 Punkten"
          hint="erlaubt: 20 %"
          showError
        />
        <AbiturNumber
          state={state}
          field="pruefungen"
          label="Prüfungen ab 5 Punkten"
          hint="von 5; nötig: 3"
          showError
        />
      </div>
    </details>
  )
}
