import { lazy, memo, useId, useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react'
import { GradeTable } from '@/components/grade-table'
import { LazyPart } from '@/components/lazy-part'
import { cardClass as card } from '@/components/styles'
import type { ScaleDocument } from '@/lib/config'
import { shownGrade, shownPhrase } from '@/lib/grade-words'
import type { Key } from '@/lib/key'
import { inNotation, notationOf } from '@/lib/numbers'
import { takeOverEarlyResult } from '../early-result'
import { calculate } from '../grading'
import { useTypedBeforeTakeover, useUrlInputs } from '../url-inputs'
import { loadAdjusted, useAdjustedKey } from '../use-adjusted-key'
import { useInputFeedback, type Field } from '../use-input-feedback'
import { PointsField, PrintButton, ResultField } from './calculator-fields'

// The Punkteschlüssel's code is not part of the route's first download, which has a budget
// (docs/benchmarks.md): it is fetched right after the first render (Calculator), so that it is there
// before a total is typed, also when the server has gone away by then.
export const loadPointsKey = () => import('./points-key')
// memo: a render of the form that leaves its props as they are does not reach the part, which the app may
// not have taken over from the server's page yet (main.tsx).
const part = <P extends object>(Part: ComponentType<P>) =>
  memo(function LazyLoaded(props: P) {
    return (
      <LazyPart>
        <Part {...props} />
      </LazyPart>
    )
  })
const PointsKeyPart = part(lazy(() => loadPointsKey().then((m) => ({ default: m.PointsKey }))))
// Likewise the Notenspiegel's place at the end of the page (its list loads only when opened).
export const loadClassListSection = () => import('./class-list-section')
const ClassListSection = lazy(() => loadClassListSection().then((m) => ({ default: m.ClassListSection })))
// Likewise the key for this test (docs/spec.md §10): its button, fields and list of moved bounds.
const AdjustPart = part(lazy(loadAdjusted))

/** More tools after the Notenspiegel, given by the route (a feature of its own, such as the Zeugnisnote). */
export type Tools = (config: ScaleDocument, key: Key) => ReactNode

interface CalculatorFormProps {
  config: ScaleDocument
  version: number
  tools?: Tools | undefined
}

/** The form, the Punkteschlüssel, the grade table and the Notenspiegel of one scale, all on its key. */
export function CalculatorForm({ config, version, tools }: CalculatorFormProps) {
  const page = useAdjustedKey(config, version)
  const { adjusted, source, applyToCurrent } = page
  const { key } = adjusted
  const id = useId()
  const [inputs, setInputs] = useUrlInputs()
  const achievedRef = useRef<HTMLInputElement>(null)
  const totalRef = useRef<HTMLInputElement>(null)
  // The early result has shown results until this first commit; from here the app does (early-result.ts).
  useLayoutEffect(takeOverEarlyResult, [])
  useTypedBeforeTakeover(totalRef, achievedRef, inputs, setInputs)
  const result = calculate(key, inputs.total, inputs.achieved)
  const notation = notationOf(key.system)
  const percentage = inNotation(result.percentage, notation)
  const grade = shownGrade(key, result.grade, result.alt)
  const feedback = useInputFeedback(key, inputs.total, inputs.achieved)
  const both = `${id}-total ${id}-achieved`
  const field = (name: Field) => ({
    id: `${id}-${name}`,
    value: inputs[name],
    problem: feedback.shown[name],
    onChange: (value: string) => {
      setInputs({ [name]: value })
      feedback.typing(name)
    },
    onBlur: () => {
      feedback.leave(name)
    },
  })

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-heading`} className={`${card} print:hidden`}>
        <div className="flex items-baseline justify-between gap-4">
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            Note berechnen
          </h2>
          <PrintButton />
        </div>
        <form
          className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4"
          onSubmit={(e) => {
            e.preventDefault()
          }}
          noValidate
        >
          <PointsField
            label="Gesamtpunktzahl"
            placeholder="z. B. 30"
            enterKeyHint="next"
            inputRef={totalRef}
            {...field('total')}
            onEnter={() => achievedRef.current?.focus()}
          />
          <PointsField
            label="Erreichte Punktzahl"
            placeholder={`z. B. ${inNotation('23,5', notation)}`}
            enterKeyHint="done"
            inputRef={achievedRef}
            {...field('achieved')}
          />
          <ResultField id={`${id}-percentage`} label="Erreichte Prozentzahl" of={both} value={percentage} />
          <ResultField id={`${id}-grade`} label="Note" of={both} value={grade} />
        </form>
      </section>

      <PointsKeyPart scaleKey={key} total={inputs.total} grade={result.grade} />

      {result.grade !== '' && (
        // the form does not print; a printed single result says what it was
        <p className="hidden text-sm print:block">
          Ergebnis: {inputs.achieved} von {inputs.total} Punkten · {percentage} ·{' '}
          {shownPhrase(key, result.grade, result.alt)}
        </p>
      )}

      <section aria-label="Notenschlüssel" className={`${card} print:break-inside-avoid`}>
        <GradeTable
          scaleKey={key}
          name={config.name}
          marked={result.grade}
          preset={config.preset}
          edit={adjusted.edit}
        />
        <AdjustPart
          config={config}
          version={version}
          adjusted={adjusted}
          source={source}
          applyToCurrent={applyToCurrent}
        />
      </section>

      <LazyPart browserOnly>
        <ClassListSection config={config} version={version} page={page} total={inputs.total} />
      </LazyPart>

      {tools?.(config, key)}
    </div>
  )
}
