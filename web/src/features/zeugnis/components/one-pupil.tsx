import { Plus } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import { SelectField } from '@/components/select-field'
import { hintClass } from '@/components/styles'
import type { Preset } from '../categories'
import type { Zeugnis } from '../use-zeugnis'
import { CategoryFields } from './category-fields'
import { ZeugnisResult } from './zeugnis-result'

interface OnePupilProps {
  zeugnis: Zeugnis
  /** The grading system's id, which says how a result is written. */
  system: string
  presets: Preset[]
  weightProblem: (text: string) => string | null
}

/** "Ein Schüler": the categories with their grades, then the result beside them (below on a phone). */
export function OnePupil({ zeugnis, system, presets, weightProblem }: OnePupilProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <CategoryList zeugnis={zeugnis} presets={presets} weightProblem={weightProblem} />
      <div className="lg:sticky lg:top-4 lg:self-start">
        <ZeugnisResult answer={zeugnis.answer} system={system} />
      </div>
    </div>
  )
}

/** The categories of one pupil's form, with the division to take over and a button for one more. */
export function CategoryList({ zeugnis, presets, weightProblem }: Omit<OnePupilProps, 'system'>) {
  const z = zeugnis
  const hintId = useId()
  return (
    <div className="space-y-4">
      <SelectField
        label="Aufteilung übernehmen"
        value=""
        onChange={(e) => {
          const preset = presets.find((p) => p.id === e.target.value)
          if (preset !== undefined) z.choose(preset)
        }}
      >
        <option value="">Vorlage wählen …</option>
        {presets.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <p id={hintId} className={hintClass}>
        Noten mit Leerzeichen getrennt eingeben, z. B. „2+ 3 1-“; eine Note mit eigenem Gewicht als „3×2“ (die
        3 zählt doppelt). Eine Kategorie ohne Noten wird nicht mitgerechnet.
      </p>
      {z.categories.map((c, i) => (
        <CategoryFields
          key={i}
          index={i}
          hintId={hintId}
          category={c}
          problems={z.shown(`grades-${String(i)}`) ? (z.problems[i] ?? []) : []}
          weightProblem={
            z.shown(`weight-${String(i)}`) && c.weight.trim() !== '' ? weightProblem(c.weight) : null
          }
          canRemove={z.categories.length > 1}
          onChange={(part) => {
            z.change(i, part)
          }}
          onLeave={(field) => {
            z.leave(`${field}-${String(i)}`)
          }}
          onRemove={() => {
            z.remove(i)
          }}
        />
      ))}
      <Button
        variant="secondary"
        onClick={z.add}
        className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Plus className="size-4" aria-hidden="true" />
        Kategorie hinzufügen
      </Button>
    </div>
  )
}
