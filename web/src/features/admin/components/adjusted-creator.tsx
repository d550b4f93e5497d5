import { Card } from '@/components/card'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import type { AdjustedDocument } from '../use-adjusted-start'
import { DocumentCreator } from './document-creator'

interface AdjustedCreatorProps {
  adjusted: AdjustedDocument
  taken: readonly string[]
  onCreated: (slug: string) => void
  onCancel: () => void
}

/**
 * "Neuer Notenschlüssel" from a key a teacher adjusted for one test (docs/spec.md §10): the school's scale
 * and version it came from, every moved bound, and the adjusted document with its name, Kurzname and
 * table; the scale exists once "Speichern" has created it.
 */
export function AdjustedCreator({ adjusted, taken, onCreated, onCancel }: AdjustedCreatorProps) {
  if (adjusted.state === 'loading') return <Spinner label="Angepasster Schlüssel wird geladen" />
  if (adjusted.state === 'error')
    return (
      <Card title="Neuer Notenschlüssel aus einem angepassten Schlüssel">
        <Notice tone="error" title="Der angepasste Schlüssel lässt sich nicht übernehmen.">
          {adjusted.message}
        </Notice>
      </Card>
    )
  const { doc, from, changes } = adjusted
  const moved = changes.map((c) => `${c.grade} ab ${c.from} % statt ${c.was} %`).join(', ')
  return (
    <Card
      title="Neuer Notenschlüssel aus einem angepassten Schlüssel"
      description={`Aus „${from.name}“, Version ${String(from.version)}, für eine Arbeit angepasst${moved === '' ? '' : `: ${moved}`}. Angelegt wird er erst mit „Speichern“.`}
    >
      <DocumentCreator doc={doc} taken={taken} focusName onCreated={onCreated} onCancel={onCancel} />
    </Card>
  )
}
