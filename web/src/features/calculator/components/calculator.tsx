import { lazy, useEffect } from 'react'
import { loadGradeTableParts } from '@/components/grade-table'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { useLiveConfig } from '@/lib/use-live-config'
import { loadAdjusted } from '../use-adjusted-key'
import { CalculatorForm, loadClassListSection, loadPointsKey, type Tools } from './calculator-form'
import { KeyChange } from './key-change'
import { LoadFailed, preloadStaleNotice, StaleNotice } from './stale-notice'

// The choice of scale asks the server for the list of scales and shows nothing while there is one.
const loadScalePicker = () => import('./scale-picker')
const ScalePicker = lazy(() => loadScalePicker().then((m) => ({ default: m.ScalePicker })))

/**
 * The code of every lazily loaded part the server renders into the calculator's page (web/render.go). The
 * app takes that page over once they are here (main.tsx): a part whose code is missing when the page
 * changes (a click, a stream event) would be rendered anew, and a click on it before then would be lost.
 */
export const loadRenderedParts = () =>
  Promise.all([
    loadPointsKey(),
    loadGradeTableParts(),
    loadScalePicker(),
    preloadStaleNotice(),
    loadAdjusted(),
  ])

/**
 * The calculator route's content: spinner until the live configuration arrives, then form and table;
 * `tools` adds the route's further tools after the Notenspiegel.
 */
export function Calculator({ tools }: { tools?: Tools }) {
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
            <KeyChange data={live.data} />
            <CalculatorForm config={live.data.config} version={live.data.version} tools={tools} />
          </>
        )
      )}
    </>
  )
}
