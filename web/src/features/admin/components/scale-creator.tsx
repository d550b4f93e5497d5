import { useEffect, useRef, useState } from 'react'
import { Card } from '@/components/card'
import type { ScaleDocument } from '@/lib/config'
import type { ScaleSummary } from '@/lib/scales'
import { useScaleCreator } from '../use-scale-creator'
import { DocumentCreator } from './document-creator'
import { FormPreview } from './form-preview'
import { OriginalForm } from './original-form'
import { PresetStart } from './preset-start'
import { StartChooser } from './start-chooser'
import { StartOptions, type Start } from './start-options'

interface ScaleCreatorProps {
  /** Every scale: the ones to copy from, and the slugs that are taken. */
  scales: readonly ScaleSummary[]
  onCreated: (slug: string) => void
  onCancel: () => void
}

/**
 * "Neuer Notenschlüssel": from one of the server's presets, or a name, a Kurzname and a document
 * filled from a copy of another scale, the Standard's numbers or the Knickpunkt rule. A table typed
 * here, a copy of a rule scale and the rule's "ab" variant make a whole document, shown as its table. The scale
 * exists once "Speichern" has created it (POST /api/v1/scales, version 1).
 */
export function ScaleCreator({ scales, onCreated, onCancel }: ScaleCreatorProps) {
  const taken = scales.map((s) => s.slug)
  const creator = useScaleCreator(taken, onCreated)
  const [start, setStart] = useState<Start>('preset')
  const [made, setMade] = useState<{ doc: ScaleDocument; n: number } | null>(null)
  const original = start !== 'preset' && start !== 'table' && made === null
  const box = useRef<HTMLDivElement>(null)
  // keyboard and screen reader users land in the form that just opened: on its chosen start
  useEffect(() => {
    box.current?.querySelector<HTMLInputElement>('input:checked')?.focus()
  }, [])
  return (
    <div ref={box} className="space-y-6">
      <Card
        title="Neuer Notenschlüssel"
        description="Angelegt wird er erst mit „Speichern“; bis dahin lässt sich alles ändern."
      >
        <div className="space-y-6">
          <StartOptions
            value={start}
            onChange={(s) => {
              setStart(s)
              setMade(null)
            }}
          />
          {start === 'preset' && <PresetStart taken={taken} onCreated={onCreated} onCancel={onCancel} />}
          {start !== 'preset' && (
            <StartChooser
              start={start}
              form={creator.form}
              scales={scales}
              onFill={creator.fill}
              onDocument={(doc) => {
                setMade((m) => ({ doc, n: (m?.n ?? 0) + 1 }))
              }}
            />
          )}
          {made !== null && start !== 'preset' && (
            <DocumentCreator
              key={made.n}
              doc={made.doc}
              taken={taken}
              focusName
              onCreated={onCreated}
              onCancel={onCancel}
            />
          )}
          {original && <OriginalForm creator={creator} onCancel={onCancel} />}
        </div>
      </Card>
      {original && (
        <FormPreview form={creator.form} saved="So zeigt der Rechner die Tabelle mit den Werten oben." />
      )}
    </div>
  )
}
