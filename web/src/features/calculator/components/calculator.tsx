import { lazy, useEffect, useId, useMemo, useRef } from 'react'
import { cardClass as card } from '@/components/card'
import { GradeTable } from '@/components/grade-table'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import type { GradingConfig } from '@/lib/config'
import { table } from '@/lib/grade-table'
import { useLiveConfig } from '@/lib/use-live-config'
import { calculate } from '../grading'
import { useUrlInputs } from '../url-inputs'
import { ClassListSection } from './class-list-section'
import { preloadStaleNotice, StaleNotice } from './stale-notice'

// The Punkteschlüssel's code is not part of the route's first download, which has a budget
// (docs/benchmarks.md): it is fetched right after the first render, so that it is there before a
// total is typed, also when the server has gone away by then.
const loadPointsKey = () => import('./points-key')
const PointsKey = lazy(() => loadPointsKey().then((m) => ({ default: m.PointsKey })))

const labelClass = 'block text-sm font-medium text-slate-700 dark:text-slate-300'
const inputClass =
  'mt-1.5 block h-12 w-full rounded-lg border border-slate-500 dark:border-slate-400 bg-white dark:bg-slate-900 px-3 text-lg tabular-nums text-slate-900 dark:text-slate-100 ' +
  'placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-green-700 dark:focus:border-green-500 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:focus-visible:ring-green-500'
// min-h, not h: a hostile input (a 30-digit value) gives a long percentage, which wraps inside
// the box instead of widening the page.
const outputClass =
  'mt-1.5 flex min-h-12 w-full items-center rounded-lg py-1 wrap-anywhere bg-green-50 dark:bg-green-950 px-3 text-2xl font-semibold tabular-nums text-green-900 dark:text-green-300'

/** The calculator route's content: spinner until the live configuration arrives, then form and table. */
export function Calculator() {
  const live = useLiveConfig()
  useEffect(() => {
    void loadPointsKey()
    void preloadStaleNotice()
  }, [])
  if (live.state === 'loading') return <Spinner label="Konfiguration wird geladen" />
  return (
    <>
      <StaleNotice stale={live.stale} />
      <CalculatorForm config={live.data.config} />
    </>
  )
}

function CalculatorForm({ config }: { config: GradingConfig }) {
  const id = useId()
  const [{ total, achieved }, setInputs] = useUrlInputs()
  const achievedRef = useRef<HTMLInputElement>(null)
  const result = calculate(config, total, achieved)
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
              }}
              onKeyDown={(e) => {
                // Enter moves on to the achieved points, as a teacher typing a list expects
                if (e.key === 'Enter') {
                  e.preventDefault()
                  achievedRef.current?.focus()
                }
              }}
              className={inputClass}
            />
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
              }}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={ids.percentage} className={labelClass}>
              Erreichte Prozentzahl
            </label>
            <output
              id={ids.percentage}
              htmlFor={`${ids.total} ${ids.achieved}`}
              className={outputClass}
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
              className={outputClass}
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

      <ClassListSection config={config} total={total} />
    </div>
  )
}
