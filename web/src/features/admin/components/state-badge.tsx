import type { ScaleSummary } from '@/lib/scales'

/** A scale's state as a coloured word: Voreingestellt, Archiviert or Aktiv. */
export function StateBadge({ scale }: { scale: ScaleSummary }) {
  if (scale.default)
    return (
      <span className="rounded-full bg-green-100 dark:bg-green-900 px-3 py-1 text-xs font-semibold text-green-900 dark:text-green-300">
        Voreingestellt
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
