import { SelectField } from '@/components/select-field'
import type { ScaleSummary } from '@/lib/scales'

interface ScaleSwitchProps {
  scales: readonly ScaleSummary[]
  value: string
  onChange: (slug: string) => void
}

/** Which scale the editor and the history show, above both while there are several. */
export function ScaleSwitch({ scales, value, onChange }: ScaleSwitchProps) {
  return (
    <SelectField
      label="Notenschlüssel"
      inline
      selectClassName="w-full sm:w-auto sm:min-w-64"
      value={value}
      onChange={(e) => {
        onChange(e.target.value)
      }}
    >
      {scales.map((s) => (
        <option key={s.slug} value={s.slug}>
          {s.name}
          {s.default ? ' (voreingestellt)' : s.archived ? ' (archiviert)' : ''}
        </option>
      ))}
    </SelectField>
  )
}
