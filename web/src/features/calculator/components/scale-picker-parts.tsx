import type { ReactNode } from 'react'
import type { ScaleSummary } from '@/lib/scales'

interface ScaleOptionsProps {
  active: ScaleSummary[]
  slug: string | null
  notFound: boolean
  /** The shown scale's name while it is archived (it is not in the list of active ones). */
  archivedName: string | undefined
}

/** The active scales; a chosen one that does not exist, or is archived, keeps its place in the select. */
export function ScaleOptions({ active, slug, notFound, archivedName }: ScaleOptionsProps) {
  return (
    <>
      {notFound && slug !== null && (
        <option value={slug} disabled>
          Bitte wählen
        </option>
      )}
      {active.map((s) => (
        <option key={s.slug} value={s.slug}>
          {s.default ? `${s.name} (voreingestellt)` : s.name}
        </option>
      ))}
      {archivedName !== undefined && slug !== null && !active.some((s) => s.slug === slug) && (
        <option value={slug}>{archivedName} (archiviert)</option>
      )}
    </>
  )
}

/** A notice about the shown scale (archived, or not there), with what to do. */
export function ScaleAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      role="alert"
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  )
}
