import { lazy, useEffect, useId, useMemo, useRef } from 'react'
import { GradeTable } from '@/components/grade-table'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { cardClass as card, inputClass, labelClass } from '@/components/styles'
import type { GradingConfig } from '@/lib/config'
import { table } from '@/lib/grade-table'
import { useLiveConfig } from '@/lib/use-live-config'
import { calculate } from '../grading'
import type { InputProblem } from '../input-check'
import { useUrlInputs } from '../url-inputs'
import { useInputFeedback } from '../use-input-feedback'
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

// min-h, not h: a hostile input (a 30-digit value) gives a long percentage, which wraps inside
// the box instead of widening the page.
// A long result ("120000,0%") gets a smaller size, so that it stays on one line in the half-width box at 390 px.
const outputClass = (text: string) =>
  'mt-1.5 flex min-h-12 w-full items-center rounded-lg py-1 wrap-anywhere bg-green-50 dark:bg-green-950 px-3 font-semibold tabular-nums text-green-900 dark:text-green-300 ' +
  (text.length > 7 ? 'text-lg' : 'text-2xl')

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
  const [{ total, achieved }, setInputs] = useUrlInputs()
  const achievedRef = useRef<HTMLInputElement>(null)
  const result = calculate(config, total, achieved)
  const feedback = useInputFeedback(total, achieved)
  const cells = useMemo(() => table(config), [config])
  const ids = {
    total: `${id}-total`,
    achieved: `${id}-achieved`,
    percentage: `${id}-percentage`,
    grade: `${id}-grade`,
  }

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
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={ids.total} className={labelClass}>
              Gesamtpunktzahl
            </label>
            <input
              id={ids.total}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="z. B. 30"
              enterKeyHint="next"
              value={total}
              onChange={(e) => {
                setInputs({ total: e.target.value })
                feedback.typing('total')
              }}
              onBlur={() => {
                feedback.leave('total')
              }}
              {...fieldState(feedback.shown.total, `${ids.total}-msg`)}
              onKeyDown={(e) => {
                // Enter moves on to the achieved points, as a teacher typing a list expects
                if (e.key === 'Enter') {
                  e.preventDefault()
                  achievedRef.current?.focus()
                }
              }}
              className={numberInputClass(feedback.shown.total)}
            />
            <FieldMessage id={`${ids.total}-msg`} problem={feedback.shown.total} />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={ids.achieved} className={labelClass}>
              Erreichte Punktzahl
            </label>
            <input
              id={ids.achieved}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="z. B. 23,5"
              enterKeyHint="done"
              ref={achievedRef}
              value={achieved}
              onChange={(e) => {
                setInputs({ achieved: e.target.value })
                feedback.typing('achieved')
              }}
              onBlur={() => {
                feedback.leave('achieved')
              }}
              {...fieldState(feedback.shown.achieved, `${ids.achieved}-msg`)}
              className={numberInputClass(feedback.shown.achieved)}
            />
            <FieldMessage id={`${ids.achieved}-msg`} problem={feedback.shown.achieved} />
          </div>
          <div>
            <label htmlFor={ids.percentage} className={labelClass}>
              Erreichte Prozentzahl
            </label>
            <output
              id={ids.percentage}
              htmlFor={`${ids.total} ${ids.achieved}`}
              className={outputClass(result.percentage)}
            >
              {result.percentage}
            </output>
          </div>
          <div>
            <label htmlFor={ids.grade} className={labelClass}>
              Note
            </label>
            <output
              id={ids.grade}
              htmlFor={`${ids.total} ${ids.achieved}`}
              className={outputClass(result.grade)}
            >
              {result.grade}
            </output>
          </div>
        </form>
      </section>

      <LazyPart>
        <PointsKey config={config} total={total} grade={result.grade} />
      </LazyPart>

      <section aria-label="Notenschlüssel" className={`${card} print:break-inside-avoid`}>
        <GradeTable cells={cells} name={config.name} marked={result.grade} />
      </section>

      <LazyPart>
        <ClassListSection
          config={config}
          total={total}
          onRestoreTotal={(kept) => {
            setInputs({ total: kept })
          }}
        />
      </LazyPart>
    </div>
  )
}

/** The input's ARIA state for its problem: errors and warnings mark it invalid, a note only describes it. */
const isInvalid = (problem: InputProblem | null) => problem !== null && problem.level !== 'note'

/** The shared input look (components/text-field), large, red-bordered exactly when aria-invalid is set. */
function numberInputClass(problem: InputProblem | null): string {
  return inputClass(isInvalid(problem), 'mt-1.5 tabular-nums', 'large')
}

function fieldState(problem: InputProblem | null, messageId: string) {
  if (problem === null) return {}
  return { 'aria-describedby': messageId, ...(isInvalid(problem) ? { 'aria-invalid': true as const } : {}) }
}

const messageClass = {
  error: 'text-red-700 dark:text-red-300',
  warning: 'text-amber-800 dark:text-amber-200',
  note: 'text-slate-600 dark:text-slate-300',
}

/** A field's message: a polite live region that is always there, so that a new text is announced. */
function FieldMessage({ id, problem }: { id: string; problem: InputProblem | null }) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={`mt-1.5 text-sm font-medium wrap-anywhere ${problem === null ? '' : messageClass[problem.level]}`}
    >
      {problem?.text}
    </p>
  )
}
