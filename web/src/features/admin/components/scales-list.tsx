import { Plus } from 'lucide-react'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import type { ScaleSummary } from '@/lib/scales'
import type { Resource } from '@/lib/use-resource'
import { useScaleChanges } from '../use-scale-changes'
import { ScaleChangeDialog } from './scale-change-dialog'
import { scaleColumns, ScaleItem } from './scale-item'

interface ScalesListProps {
  scales: Resource<ScaleSummary[]>
  reload: () => void
  /** The scale the editor and the history show. */
  editing: string | undefined
  onEdit: (slug: string) => void
  onCreate: () => void
}

/**
 * "Notenschlüssel": every scale with its name, Kurzname, state and last change; per scale:
 * edit it, make it the default, archive it or bring it back. Making a scale the default and
 * archiving one change every open page, so both are asked first.
 */
export function ScalesList({ scales, reload, editing, onEdit, onCreate }: ScalesListProps) {
  const { asking, setAsking, busy, change } = useScaleChanges(reload)
  return (
    <Card
      title="Notenschlüssel"
      description="Jeder Notenschlüssel hat eigene Versionen; was Sie speichern, sehen alle offenen Seiten mit diesem Schlüssel sofort. Der voreingestellte gilt, wo niemand einen anderen wählt."
      aside={
        <Button onClick={onCreate}>
          <Plus className="size-4" aria-hidden="true" />
          Neuer Notenschlüssel
        </Button>
      }
    >
      {scales.state === 'loading' && <Spinner label="Notenschlüssel werden geladen" />}
      {scales.state === 'failed' && (
        <Notice tone="error" role="alert">
          <p>{scales.message}</p>
          <Button variant="secondary" onClick={reload}>
            Erneut versuchen
          </Button>
        </Notice>
      )}
      {scales.state === 'ready' && (
        <ul
          aria-label="Notenschlüssel"
          className="divide-y divide-slate-200 dark:divide-slate-700 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700"
        >
          <li
            aria-hidden="true"
            className={`hidden gap-4 bg-slate-50 dark:bg-slate-950 px-4 py-2 text-sm font-semibold text-slate-700 dark:text-slate-300 md:grid ${scaleColumns}`}
          >
            <span>Name</span>
            <span>Kurzname</span>
            <span>Status</span>
            <span>Letzte Änderung</span>
            <span className="hidden xl:block" />
          </li>
          {scales.data.map((scale) => (
            <ScaleItem
              key={scale.slug}
              scale={scale}
              editing={scale.slug === editing}
              busy={busy}
              onEdit={() => {
                onEdit(scale.slug)
              }}
              onDefault={() => {
                setAsking({ scale, change: 'default' })
              }}
              onArchive={() => {
                setAsking({ scale, change: 'archive' })
              }}
              onRestore={() => void change(scale, { archived: false }, `„${scale.name}“ ist wieder aktiv.`)}
            />
          ))}
        </ul>
      )}
      {asking !== null && (
        <ScaleChangeDialog
          asking={asking}
          busy={busy}
          onConfirm={() =>
            void (asking.change === 'default'
              ? change(asking.scale, { default: true }, `„${asking.scale.name}“ ist jetzt voreingestellt.`)
              : change(asking.scale, { archived: true }, `„${asking.scale.name}“ ist archiviert.`))
          }
          onCancel={() => {
            setAsking(null)
          }}
        />
      )}
    </Card>
  )
}
