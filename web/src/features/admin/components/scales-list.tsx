import { Archive, ArchiveRestore, Pencil, Plus, Star } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { errorMessage } from '@/lib/api-client'
import { formatSavedAt } from '@/lib/format'
import type { ScaleSummary } from '@/lib/scales'
import { toast } from '@/lib/toast'
import type { Resource } from '@/lib/use-resource'
import { patchScale } from '../api/scales'

// name, slug, state, last change, actions; narrower than md each scale is a block of lines
const columns =
  'md:grid-cols-[minmax(0,1fr)_minmax(0,10rem)_7rem_10rem] xl:grid-cols-[minmax(8rem,1fr)_8rem_6.5rem_9.5rem_27rem]'

interface ScalesListProps {
  scales: Resource<ScaleSummary[]>
  reload: () => void
  /** The scale the editor and the history show. */
  editing: string | undefined
  onEdit: (slug: string) => void
  onCreate: () => void
}

interface Asking {
  scale: ScaleSummary
  change: 'archive' | 'default'
}

/**
 * "Notenschlüssel": every scale with its name, Kurzname, state and last change; per scale:
 * edit it, make it the default, archive it or bring it back. Making a scale the default and
 * archiving one change every open page, so both are asked first.
 */
export function ScalesList({ scales, reload, editing, onEdit, onCreate }: ScalesListProps) {
  const [asking, setAsking] = useState<Asking | null>(null)
  const [busy, setBusy] = useState(false)

  const change = async (
    scale: ScaleSummary,
    body: { default: true } | { archived: boolean },
    done: string,
  ) => {
    setBusy(true)
    try {
      await patchScale(scale.slug, body)
      toast.success(done)
    } catch (err) {
      toast.error(`Nicht geändert: ${errorMessage(err)}`)
    } finally {
      setBusy(false)
      setAsking(null)
      reload()
    }
  }

  return (
    <Card
      title="Notenschlüssel"
      description="Jeder Notenschlüssel hat eigene Versionen und einen eigenen Live-Strom. Der Standard gilt, wo niemand einen anderen wählt."
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
            className={`hidden gap-4 bg-slate-50 dark:bg-slate-950 px-4 py-2 text-sm font-semibold text-slate-700 dark:text-slate-300 md:grid ${columns}`}
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
      {asking?.change === 'default' && (
        <ConfirmDialog
          title={`„${asking.scale.name}“ zum Standard machen?`}
          confirmLabel="Zum Standard machen"
          busy={busy}
          onConfirm={() =>
            void change(asking.scale, { default: true }, `„${asking.scale.name}“ ist jetzt der Standard.`)
          }
          onCancel={() => {
            setAsking(null)
          }}
        >
          <p>
            Alle, die keinen Notenschlüssel gewählt haben, rechnen ab sofort damit, auch die Schnittstelle
            ohne Angabe eines Schlüssels.
          </p>
        </ConfirmDialog>
      )}
      {asking?.change === 'archive' && (
        <ConfirmDialog
          title={`„${asking.scale.name}“ archivieren?`}
          confirmLabel="Archivieren"
          danger
          busy={busy}
          onConfirm={() =>
            void change(asking.scale, { archived: true }, `„${asking.scale.name}“ ist archiviert.`)
          }
          onCancel={() => {
            setAsking(null)
          }}
        >
          <p>
            Der Schlüssel verschwindet aus der Auswahl im Rechner; offene Seiten mit ihm bekommen einen
            Hinweis und den Standard angeboten. Versionen und Verlauf bleiben, und er lässt sich jederzeit
            zurückholen.
          </p>
        </ConfirmDialog>
      )}
    </Card>
  )
}

interface ScaleItemProps {
  scale: ScaleSummary
  editing: boolean
  busy: boolean
  onEdit: () => void
  onDefault: () => void
  onArchive: () => void
  onRestore: () => void
}

function ScaleItem({ scale, editing, busy, onEdit, onDefault, onArchive, onRestore }: ScaleItemProps) {
  const name = scale.name
  return (
    <li
      className={`grid grid-cols-1 gap-y-0.5 px-4 py-3 text-sm md:items-center md:gap-x-4 ${columns} ${scale.archived ? 'bg-slate-50 dark:bg-slate-950' : ''}`}
    >
      <span className="font-semibold text-slate-900 dark:text-slate-100 wrap-anywhere">{name}</span>
      <span className="font-mono text-slate-700 dark:text-slate-300 wrap-anywhere">
        <span className="font-sans md:sr-only">Kurzname </span>
        {scale.slug}
      </span>
      <span>
        <StateBadge scale={scale} />
      </span>
      <span className="text-slate-700 dark:text-slate-300">
        <span className="md:sr-only">zuletzt geändert am </span>
        {formatSavedAt(scale.savedAt)}
        <span className="block text-xs text-slate-600 dark:text-slate-400">Version {scale.version}</span>
      </span>
      <span className="mt-2 flex flex-wrap items-center gap-2 md:col-span-full xl:col-span-1 xl:mt-0 xl:justify-end">
        <Button
          variant="secondary"
          aria-label={`„${name}“ bearbeiten`}
          aria-pressed={editing}
          className="aria-pressed:border-green-700 aria-pressed:bg-green-50 aria-pressed:text-green-900 dark:aria-pressed:border-green-500 dark:aria-pressed:bg-green-950 dark:aria-pressed:text-green-200"
          onClick={onEdit}
        >
          <Pencil className="size-4" aria-hidden="true" />
          {editing ? 'Wird bearbeitet' : 'Bearbeiten'}
        </Button>
        {!scale.default && !scale.archived && (
          <Button
            variant="secondary"
            aria-label={`„${name}“ zum Standard machen`}
            disabled={busy}
            onClick={onDefault}
          >
            <Star className="size-4" aria-hidden="true" />
            Zum Standard
          </Button>
        )}
        {!scale.default && !scale.archived && (
          <Button
            variant="secondary"
            aria-label={`„${name}“ archivieren`}
            disabled={busy}
            onClick={onArchive}
          >
            <Archive className="size-4" aria-hidden="true" />
            Archivieren
          </Button>
        )}
        {scale.archived && (
          <Button
            variant="secondary"
            aria-label={`„${name}“ zurückholen`}
            disabled={busy}
            onClick={onRestore}
          >
            <ArchiveRestore className="size-4" aria-hidden="true" />
            Zurückholen
          </Button>
        )}
      </span>
    </li>
  )
}

function StateBadge({ scale }: { scale: ScaleSummary }) {
  if (scale.default)
    return (
      <span className="rounded-full bg-green-100 dark:bg-green-900 px-3 py-1 text-xs font-semibold text-green-900 dark:text-green-300">
        Standard
      </span>
    )
  if (scale.archived)
    return (
      <span className="rounded-full bg-slate-200 dark:bg-slate-700 px-3 py-1 text-xs font-semibold text-slate-800 dark:text-slate-200">
        Archiviert
      </span>
    )
  return (
    <span className="rounded-full bg-sky-100 dark:bg-sky-900 px-3 py-1 text-xs font-semibold text-sky-900 dark:text-sky-200">
      Aktiv
    </span>
  )
}
