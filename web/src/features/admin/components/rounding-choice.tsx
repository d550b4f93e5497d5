import { labelClass } from '@/components/styles'
import type { Rounding } from '../knickpunkt'

interface RoundingChoiceProps {
  /** The radio group's name. */
  name: string
  value: Rounding
  onChange: (rounding: Rounding) => void
}

/** "Runden auf": whole or half percent. */
export function RoundingChoice({ name, value: chosen, onChange }: RoundingChoiceProps) {
  return (
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
              name={name}
              value={value}
              checked={chosen === value}
              onChange={() => {
                onChange(value)
              }}
              className="size-4 accent-green-700"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
