import { lazy, useEffect, useId, useMemo, useRef } from 'react'
import { GradeTable } from '@/components/grade-table'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { cardClass as card } from '@/components/styles'
import type { GradingConfig } from '@/lib/config'
import { table } from '@/lib/grade-table'
import { useLiveConfig } from '@/lib/use-live-config'
import { calculate } from '../grading'
import { useUrlInputs } from '../url-inputs'
import { useInputFeedback, type Field } from '../use-input-feedback'
import { PointsField, ResultField } from './calculator-fields'
import { LoadFailed, preloadStaleNotice, StaleNotice } from './stale-notice'

// The Punkteschlüssel's code is not part of the route's first download, which has a budget
// (docs/benchmarks.md): it is fetched right after the first render, so that it is there before a
// total is typed, also when the server has gone away by then.
const loadPointsKey = () => import('./points-key')
const PointsKey = lazy(() => loadPointsKey().then((m) => ({ default: m.PointsKey })))
// Likewise the Notenspiegel's place at the end of the page (its list loads only when opened).
const loadClassListSection = () => import('./class-list-section')
const ClassListSection = lazy(() => loadClassListSection().then((m) => ({ default: m.ClassListSection })))
// The choice of scale asks the server for the list of scales and shows nothing while there is one.
const ScalePicker = lazy(() => import('./scale-picker').then((m) => ({ default: m.ScalePicker })))

/** The calculator route's content: spinner until the live configuration arrives, then form and table. */
export function Calculator() {
  const live = useLiveConfig()
  useEffect(() => {
    void loadPointsKey()
    void loadClassListSection()
    void preloadStaleNotice()
  }, [])
  return (
    <>
      <LazyPart failed={null}>
        <ScalePicker live={live} />
      </LazyPart>
      {/* missing: the picker says that the scale does not exist and offers the default */}
      {live.state === 'loading' ? (
        live.failed ? (
          <LoadFailed retry={live.retry} />
        ) : (
          <Spinner label="Konfiguration wird geladen" />
        )
      ) : (
        live.state === 'ready' && (
          <>
            <StaleNotice stale={live.stale} polling={live.polling === true} />
            <CalculatorForm config={live.data.config} />
          </>
        )
      )}
    </>
  )
}

function CalculatorForm({ config }: { config: GradingConfig }) {
  const id = useId()
  const [inputs, setInputs] = useUrlInputs()
  const achievedRef = useRef<HTMLInputElement>(null)
  const result = calculate(config, inputs.total, inputs.achieved)
  const feedback = useInputFeedback(inputs.total, inputs.achieved)
  const cells = useMemo(() => table(config), [config])
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
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          Note berechnen
        </h2>
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
            {...field('total')}
            onEnter={() => achievedRef.current?.focus()}
          />
          <PointsField
            label="Erreichte Punktzahl"
            placeholder="z. B. 23,5"
            enterKeyHint="done"
            inputRef={achievedRef}
            {...field('achieved')}
          />
          <ResultField
            id={`${id}-percentage`}
            label="Erreichte Prozentzahl"
            of={both}
            value={result.percentage}
          />
          <ResultField id={`${id}-grade`} label="Note" of={both} value={result.grade} />
        </form>
      </section>

      <LazyPart>
        <PointsKey config={config} total={inputs.total} grade={result.grade} />
      </LazyPart>

      <section aria-label="Notenschlüssel" className={`${card} print:break-inside-avoid`}>
        <GradeTable cells={cells} name={config.name} marked={result.grade} />
      </section>

      <LazyPart>
        <ClassListSection
          config={config}
          total={inputs.total}
          onRestoreTotal={(kept) => {
            setInputs({ total: kept })
          }}
        />
      </LazyPart>
    </div>
  )
}
