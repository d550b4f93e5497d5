import { useMemo } from 'react'
import { GradeTable } from '@/components/grade-table'
import { Spinner } from '@/components/spinner'
import type { LiveConfig } from '@/lib/config'
import { formatSavedAt, formatSavedBy } from '@/lib/format'
import { table } from '@/lib/grade-table'
import { useLiveConfig } from '@/lib/use-live-config'

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6'

/** The admin route's content until sign-in exists: the current configuration, read-only. */
export function ConfigOverview() {
  const live = useLiveConfig()
  if (live.state === 'loading') return <Spinner label="Konfiguration wird geladen" />
  return <Overview live={live.data} />
}

function Overview({ live }: { live: LiveConfig }) {
  const cells = useMemo(() => table(live.config), [live.config])
  const facts: [string, string][] = [
    ['Name', live.config.name],
    ['Stand', `Version ${String(live.version)}`],
    ['Gespeichert am', formatSavedAt(live.savedAt)],
    ['Gespeichert von', formatSavedBy(live.savedBy)],
  ]
  return (
    <div className="space-y-6">
      <section aria-labelledby="config-heading" className={card}>
        <h2 id="config-heading" className="text-lg font-semibold text-slate-900">
          Aktuelle Konfiguration
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-sm font-medium text-slate-600">{term}</dt>
              <dd className="mt-1 break-words text-base text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Notenschlüssel" className={card}>
        <GradeTable cells={cells} name={live.config.name} />
      </section>
    </div>
  )
}
