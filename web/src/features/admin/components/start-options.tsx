import { useId } from 'react'
import { SelectField } from '@/components/select-field'
import { hintClass, labelClass } from '@/components/styles'

export type Start = 'preset' | 'table' | 'copy' | 'empty' | 'rule'

const START_LABELS: Record<Start, string> = {
  preset: 'Vorlage',
  table: 'Eigene Tabelle „ab“',
  copy: 'Kopie eines Notenschlüssels',
  empty: 'Eigene Notengrenzen',
  rule: 'Nach Regel (Knickpunkt)',
}

/** "Ausgangspunkt": where a new scale's form starts, as radio buttons that look like tiles. */
export function StartOptions({
  value: chosen,
  onChange,
}: {
  value: Start
  onChange: (start: Start) => void
}) {
  const id = useId()
  return (
    <fieldset>
      <legend className={labelClass}>Ausgangspunkt</legend>
      <p className={hintClass}>Womit der neue Schlüssel beginnt.</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {(Object.keys(START_LABELS) as Start[]).map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 dark:border-slate-700 px-3 text-sm font-medium text-slate-800 dark:text-slate-100 has-checked:border-green-700 has-checked:bg-green-50 dark:has-checked:border-green-500 dark:has-checked:bg-green-950"
          >
            <input
              type="radio"
              name={`${id}-start`}
              value={value}
              checked={value === chosen}
              onChange={() => {
                onChange(value)
              }}
              className="size-4 accent-green-700"
            />
            {START_LABELS[value]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

interface ChoiceProps {
  label: string
  value: string
  onChange: (value: string) => void
  options: [string, string][]
}

/** What the chosen start needs: a preset, or the scale to copy. */
export function Choice({ label, value, onChange, options }: ChoiceProps) {
  return (
    <SelectField
      label={label}
      className="min-w-0 flex-1 sm:max-w-sm"
      value={value}
      onChange={(e) => {
        onChange(e.target.value)
      }}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </SelectField>
  )
}
