import { lazy, useId, useState } from 'react'
import { Button } from '@/components/button'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { cardClass } from '@/components/styles'
import type { ScaleDocument, ZeugnisSettings } from '@/lib/config'
import { zeugnisSettingsOf } from '../settings'
import { readZeugnis } from '../storage'

// The tool's code (the rule, the forms) loads only when it is opened.
const ZeugnisTool = lazy(() => import('./zeugnis-tool'))

export interface ZeugnisSectionProps {
  /** The scale's grading system (lib/key.ts), which says what a grade is. */
  systemId: string
  /** The school's settings for this scale (settings.ts). */
  settings: ZeugnisSettings
}

/**
 * The Zeugnisnote's place on the calculator page, beside the Notenspiegel: a heading, a sentence and
 * a button; inputs kept in this browser (storage.ts) open it at once. Not printed while closed.
 */
/**
 * The section for a scale's document: its settings are read here, in the lazily loaded code, so that
 * reading them costs the route's first download nothing.
 */
export default function ZeugnisOfScale({ config, systemId }: { config: ScaleDocument; systemId: string }) {
  return <ZeugnisSection systemId={systemId} settings={zeugnisSettingsOf(config)} />
}

export function ZeugnisSection({ systemId, settings }: ZeugnisSectionProps) {
  const id = useId()
  const [kept, setKept] = useState(readZeugnis)
  const [open, setOpen] = useState(kept !== null)
  if (open) {
    return (
      <LazyPart fallback={<Spinner label="Zeugnisnote wird geladen" />}>
        <ZeugnisTool
          systemId={systemId}
          settings={settings}
          kept={kept}
          onCleared={() => {
            setKept(null)
            setOpen(false)
          }}
        />
      </LazyPart>
    )
  }
  return (
    <section aria-labelledby={id} className={`${cardClass} print:hidden`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            Zeugnisnote
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Aus den Noten eines Halbjahrs einen Vorschlag für die Zeugnisnote mit Rechenweg. Die Daten bleiben
            in diesem Browser.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(true)
          }}
          className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Zeugnisnote berechnen
        </Button>
      </div>
    </section>
  )
}
