import { Archive, ArchiveRestore, Pencil, Star } from 'lucide-react'
import { Button } from '@/components/button'
import { formatSavedAt } from '@/lib/format'
import type { ScaleSummary } from '@/lib/scales'
import { StateBadge } from './state-badge'

// name, slug, state, last change, actions; narrower than md each scale is a block of lines
export const scaleColumns =
  'md:grid-cols-[minmax(0,1fr)_minmax(0,10rem)_7rem_10rem] xl:grid-cols-[minmax(8rem,1fr)_8rem_6.5rem_9.5rem_27rem]'

interface ScaleItemProps {
  scale: ScaleSummary
  editing: boolean
  busy: boolean
  onEdit: () => void
  onDefault: () => void
  onArchive: () => void
  onRestore: () => void
}

export function ScaleItem({ scale, editing, busy, onEdit, onDefault, onArchive, onRestore }: ScaleItemProps) {
  const name = scale.name
  return (
    <li
      className={`grid grid-cols-1 gap-y-0.5 px-4 py-3 text-sm md:items-center md:gap-x-4 ${scaleColumns} ${scale.archived ? 'bg-slate-50 dark:bg-slate-950' : ''}`}
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
            aria-label={`„${name}“ voreinstellen`}
            disabled={busy}
            onClick={onDefault}
          >
            <Star className="size-4" aria-hidden="true" />
            Voreinstellen
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
        {scale.default && (
          // instead of a button that is not there: why, and what to do
          <span className="text-xs text-slate-600 dark:text-slate-400">
            Der voreingestellte Notenschlüssel lässt sich nicht archivieren: erst einen anderen voreinstellen.
          </span>
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
