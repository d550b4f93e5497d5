import { useEffect, useId, useMemo, useRef, useState } from 'react'
import BandList from '@/components/band-list'
import { BandTable } from '@/components/band-table'
import { cardClass } from '@/components/styles'
import { readAdjustment, writeAdjustment } from '@/lib/adjust'
import { NONE } from '@/lib/grade-table'
import { wordOf } from '@/lib/grade-words'
import { gradeHeading, type Key } from '@/lib/key'
import { inNotation, notationOf, parseNumber } from '@/lib/numbers'
import { cmp, type Rational } from '@/lib/rational'
import {
  DEFAULT_STEP,
  formatPoints,
  POINT_STEPS,
  pointsText,
  pointsTable,
  type PointStep,
} from '../points-table'

// Both ends count (they are multiples of the step that get the grade); "–" for a band no multiple reaches.
const POINTS_LABEL = ['Punkte von', 'bis']

/** The Punkteschlüssel's step, kept in the address (`punkte`, docs/spec.md §10): a link opens the same one. */
function usePointStep() {
  const state = useState<PointStep>(
    () =>
      POINT_STEPS.find((s) => s.value === readAdjustment(window.location.search)?.points)?.value ??
      DEFAULT_STEP,
  )
  const [step] = state
  useEffect(() => {
    const { pathname, search, hash } = window.location
    const read = readAdjustment(search)
    const next = writeAdjustment(search, read?.version ?? 0, read?.adjustment ?? null, step)
    if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash)
  }, [step])
  return state
}

/**
 * The Punkteschlüssel for the entered total: the points range of each band, in whole, half or
 * quarter points. Nothing is shown until the total is a number above 0. The band of the
 * calculator's current grade is tinted, so the two results read together.
 */
export function PointsKey({ scaleKey, total, grade }: { scaleKey: Key; total: string; grade: string }) {
  const id = useId()
  const [step, setStep] = usePointStep()
  const steps = useRef<HTMLFieldSetElement>(null)
  // A step chosen in the server's page before the app took this part over (web/render.go) is checked in the
  // page, not yet in the state: taken over once, so that the list follows the choice that is shown.
  useEffect(() => {
    const checked = steps.current?.querySelector<HTMLInputElement>('input:checked')?.value
    const chosen = POINT_STEPS.find((s) => s.value === checked)
    if (chosen !== undefined && chosen.value !== step) setStep(chosen.value)
    // once, on taking the part over
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const t = parseNumber(total)
  const bands = useMemo(() => {
    const parsed = parseNumber(total)
    const chosen = POINT_STEPS.find((s) => s.value === step) ?? POINT_STEPS[1]
    return parsed === null ? null : pointsTable(scaleKey, parsed, chosen.step)
  }, [scaleKey, total, step])
  if (t === null || bands === null) return null
  const unreachable = bands.some((b) => b.min === null)
  // Many bands (tenths) read as a list in columns, each range in one phrase; no range reads "–".
  const many = bands.length > 16
  const notation = notationOf(scaleKey.system)
  const points = (x: Rational) => formatPoints(x, notation.separator)
  const rows = bands.map(({ grade, min, max }) => ({
    grade,
    text: inNotation(grade, notation),
    word: wordOf(scaleKey.system, grade),
    values:
      min === null || max === null
        ? [NONE, NONE]
        : many
          ? [cmp(min, max) === 0 ? points(min) : `${points(min)} – ${points(max)}`]
          : [points(min), points(max)],
  }))
  const title = `Punkteschlüssel für ${pointsText(t, notation.separator)}`

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`${cardClass} print:break-inside-avoid`}
      data-print="points-key"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <h2
          id={`${id}-title`}
          className="min-w-0 text-lg font-semibold text-slate-900 wrap-anywhere dark:text-slate-100"
        >
          {title}
        </h2>
        <fieldset ref={steps} className="print:hidden">
          <legend className="sr-only">Punkteschritt</legend>
          <div className="inline-flex rounded-lg border border-slate-300 bg-slate-100 p-0.5 dark:border-slate-700 dark:bg-slate-800">
            {POINT_STEPS.map((s) => (
              <label
                key={s.value}
                className="cursor-pointer whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-white has-checked:text-green-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-green-700 dark:text-slate-300 dark:has-checked:bg-slate-900 dark:has-checked:text-green-300"
              >
                <input
                  type="radio"
                  name={`${id}-step`}
                  value={s.value}
                  checked={step === s.value}
                  onChange={() => {
                    setStep(s.value)
                  }}
                  className="sr-only"
                />
                <span aria-hidden="true" className="sm:hidden">
                  {s.short}
                </span>
                <span className="sr-only sm:not-sr-only">{s.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        In Schritten von {inNotation(step, notation)} {step === '1' ? 'Punkt' : 'Punkten'}; jeder Wert von …
        bis einschließlich … ergibt genau diese Note.
        {unreachable && ' „–“: Diese Note erreicht in diesen Schritten kein Punktwert.'}
      </p>

      <div className="mt-4">
        {many ? (
          <BandList rows={rows} labelledBy={`${id}-title`} marked={grade} />
        ) : (
          <BandTable
            rows={rows}
            valueLabels={POINTS_LABEL}
            gradeLabel={gradeHeading(scaleKey)}
            labelledBy={`${id}-title`}
            marked={grade}
          />
        )}
      </div>
    </section>
  )
}
