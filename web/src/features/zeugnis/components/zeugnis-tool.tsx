import { Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { cardClass } from '@/components/styles'
import { Tabs } from '@/components/tabs'
import { useFocusOnOpen } from '@/components/use-focus-on-open'
import type { ZeugnisSettings } from '@/lib/config'
import { presetsFor } from '../categories'
import { weightProblem, zeugnisSystemOf } from '../rule'
import type { StoredZeugnis } from '../storage'
import { useZeugnis } from '../use-zeugnis'
import { ManyPupils } from './many-pupils'
import { NeededGrade } from './needed-grade'
import { OnePupil } from './one-pupil'
import { RuleLine } from './rule-line'

interface ZeugnisToolProps {
  systemId: string
  settings: ZeugnisSettings
  kept: StoredZeugnis | null
  onCleared: () => void
}

/** The Zeugnisnote (loaded when opened): one pupil's grades or a pasted class, each with its proposal. */
export default function ZeugnisTool({ systemId, settings, kept, onCleared }: ZeugnisToolProps) {
  const id = useId()
  const system = zeugnisSystemOf(systemId)
  const z = useZeugnis(system, settings, kept)
  const [confirming, setConfirming] = useState(false)
  // without kept inputs the tool was opened by its button; with them it opened as the page started
  const heading = useFocusOnOpen<HTMLHeadingElement>(kept === null)
  return (
    // Printed only through "Tabelle drucken", and then only its printout for the Zeugniskonferenz (index.css).
    <section aria-labelledby={`${id}-title`} className={cardClass} data-zeugnis-tool="">
      <h2
        ref={heading}
        tabIndex={-1}
        id={`${id}-title`}
        className="text-lg font-semibold text-slate-900 dark:text-slate-100 focus:outline-hidden"
      >
        Zeugnisnote
      </h2>
      <RuleLine system={system} settings={settings} />
      <div className="mt-4">
        <Tabs
          label="Zeugnisnote für"
          selected={z.mode}
          onSelect={(mode) => {
            z.setMode(mode === 'many' || mode === 'need' ? mode : 'one')
          }}
          tabs={[
            {
              id: 'one',
              label: 'Ein Schüler',
              content: (
                <OnePupil
                  zeugnis={z}
                  system={system}
                  presets={presetsFor(settings)}
                  weightProblem={weightProblem}
                />
              ),
            },
            {
              id: 'many',
              label: 'Mehrere Schüler',
              content: <ManyPupils zeugnis={z} system={system} settings={settings} />,
            },
            {
              id: 'need',
              label: 'Welche Note brauche ich noch?',
              content: (
                <NeededGrade zeugnis={z} system={system} settings={settings} presets={presetsFor(settings)} />
              ),
            },
          ]}
        />
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        <p className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-300">
          Namen und Noten bleiben nur in diesem Browser gespeichert, nie auf dem Server und nie in der
          Adresse, bis Sie sie löschen.
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setConfirming(true)
          }}
          className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Eingaben löschen
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Eingaben löschen?"
          confirmLabel="Löschen"
          danger
          onCancel={() => {
            setConfirming(false)
          }}
          onConfirm={() => {
            z.clear()
            setConfirming(false)
            onCleared()
          }}
        >
          Kategorien, Noten und Schülerliste werden aus diesem Browser entfernt. Das lässt sich nicht
          rückgängig machen.
        </ConfirmDialog>
      )}
    </section>
  )
}
