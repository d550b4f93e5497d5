import { useId } from 'react'
import { SelectField } from '@/components/select-field'
import type { Preset } from '@/lib/presets'
import { systemName } from '../system-names'

/** The presets grouped by system, in the server's order; below the choice its source, region and school type. */
export function PresetPicker({
  presets,
  value,
  onChange,
}: {
  presets: readonly Preset[]
  value: string
  onChange: (id: string) => void
}) {
  const id = useId()
  const systems = [...new Set(presets.map((p) => p.system))]
  const chosen = presets.find((p) => p.id === value)
  return (
    <div className="space-y-3">
      <SelectField
        label="Vorlage"
        className="max-w-xl"
        aria-describedby={`${id}-facts`}
        value={value}
        onChange={(e) => {
          onChange(e.target.value)
        }}
      >
        {systems.map((system) => (
          <optgroup key={system} label={systemName(system)}>
            {presets
              .filter((p) => p.system === system)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </optgroup>
        ))}
      </SelectField>
      {chosen !== undefined && (
        <dl id={`${id}-facts`} className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {(
            [
              ['Notensystem', systemName(chosen.system)],
              ['Quelle', chosen.source],
              ['Region', chosen.region],
              ['Schulart', chosen.schoolType],
            ] as const
          ).map(([term, text]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-800 dark:text-slate-100">{term}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{text}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
