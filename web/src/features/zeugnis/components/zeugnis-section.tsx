import { lazy, useState } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { ToolOpener } from '@/components/tool-opener'
import { SprachrichtigkeitSection } from '@/features/sprachrichtigkeit/components/sprachrichtigkeit-section'
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
  return (
    <>
      <ZeugnisSection systemId={systemId} settings={zeugnisSettingsOf(config)} />
      <SprachrichtigkeitSection />
    </>
  )
}

export function ZeugnisSection({ systemId, settings }: ZeugnisSectionProps) {
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
    <ToolOpener
      title="Zeugnisnote"
      text="Aus den Noten eines Halbjahrs einen Vorschlag für die Zeugnisnote mit Rechenweg. Die Daten bleiben in diesem Browser."
      action="Zeugnisnote berechnen"
      onOpen={() => {
        setOpen(true)
      }}
    />
  )
}
