import { X } from 'lucide-react'
import { useId } from 'react'
import { errorClass, inputClass, labelClass } from '@/components/styles'
import type { CategoryInput } from '../categories'

interface CategoryFieldsProps {
  index: number
  category: CategoryInput
  /** The id of the hint on how grades are typed, which every grades field is described by. */
  hintId: string
  /** The grades' problems to show now (none before the field was first left). */
  problems: string[]
  /** The weight's problem to show now, or null. */
  weightProblem: string | null
  canRemove: boolean
  onChange: (part: Partial<CategoryInput>) => void
  onLeave: (field: 'grades' | 'weight') => void
  onRemove: () => void
}

/** One category of a pupil's grades: its name, its weight and its grades as typed. */
export function CategoryFields(props: CategoryFieldsProps) {
  const { index, category, hintId, problems, weightProblem, canRemove, onChange, onLeave, onRemove } = props
  const id = useId()
  const title = category.name.trim() === '' ? `Kategorie ${String(index + 1)}` : category.name.trim()
  const gradesDescribed = [hintId, problems.length > 0 ? `${id}-problems` : ''].filter(Boolean)
  return (
    <fieldset className="rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
      <legend className="sr-only">{title}</legend>
      <div className="grid grid-cols-[1fr_6rem_auto] items-end gap-3">
        <div className="min-w-0">
          <label htmlFor={`${id}-name`} className={labelClass}>
            Kategorie
          </label>
          <input
            id={`${id}-name`}
            value={category.name}
            maxLength={60}
            onChange={(e) => {
              onChange({ name: e.target.value })
            }}
            className={inputClass(false, 'mt-1.5')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-weight`} className={labelClass}>
            Gewicht
          </label>
          <input
            id={`${id}-weight`}
            value={category.weight}
            inputMode="decimal"
            aria-invalid={weightProblem === null ? undefined : true}
            aria-describedby={weightProblem === null ? undefined : `${id}-weight-problem`}
            onChange={(e) => {
              onChange({ weight: e.target.value })
            }}
            onBlur={() => {
              onLeave('weight')
            }}
            className={inputClass(weightProblem !== null, 'mt-1.5 tabular-nums')}
          />
        </div>
        <button
          type="button"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Kategorie ${title} entfernen`}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-green-700 focus-visible:outline-hidden disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      {weightProblem !== null && (
        <p id={`${id}-weight-problem`} className={errorClass}>
          {weightProblem}
        </p>
      )}
      <div className="mt-3">
        <label htmlFor={`${id}-grades`} className={labelClass}>
          Noten
        </label>
        <input
          id={`${id}-grades`}
          value={category.grades}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problems.length > 0 ? true : undefined}
          aria-describedby={gradesDescribed.join(' ')}
          onChange={(e) => {
            onChange({ grades: e.target.value })
          }}
          onBlur={() => {
            onLeave('grades')
          }}
          className={inputClass(problems.length > 0, 'mt-1.5 tabular-nums')}
        />
        {problems.length > 0 && (
          <ul id={`${id}-problems`} className={errorClass}>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  )
}
