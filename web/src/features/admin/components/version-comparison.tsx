import { useId, useMemo } from 'react'
import type { LiveConfig } from '@/lib/config'
import { diffConfigs, type BandDiff, type SettingDiff } from '../config-diff'

interface VersionComparisonProps {
  /** The stored version to show. */
  version: LiveConfig
  /** The configuration in force now, to compare with. */
  current: LiveConfig
  /** Only the bands that differ (the restore dialog); the history shows all 16. */
  onlyChanged?: boolean
}

const headingClass = 'text-sm font-semibold text-slate-900 dark:text-slate-100'
const cell = 'border border-slate-200 dark:border-slate-700 px-2 py-1.5 text-left sm:px-3'
const changedRow = 'bg-amber-50 dark:bg-amber-950/50'

/**
 * A stored version's table with what differs from the current version: the changed boundaries
 * and widths as "aktuell 85 % → Version 2: 90 %", and the bands side by side, the differing ones
 * tinted and with the current range beside them ("gleich" where nothing changes), so that the
 * difference is readable without colour.
 */
export function VersionComparison({ version, current, onlyChanged = false }: VersionComparisonProps) {
  const diff = useMemo(() => diffConfigs(version.config, current.config), [version.config, current.config])
  if (version.version === current.version) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Das ist die aktuelle Version; so zeigt der Rechner die Tabelle gerade.
        </p>
        <BandsTable
          bands={diff.bands}
          caption={`Prozentbereiche in Version ${String(version.version)}`}
          version={version.version}
          current={null}
        />
      </div>
    )
  }
  const changes = diff.settings.filter((s) => s.changed)
  const bands = onlyChanged ? diff.bands.filter((b) => b.changed) : diff.bands
  const unchanged = diff.bands.length - diff.bands.filter((b) => b.changed).length
  return (
    <div className={onlyChanged ? 'space-y-4' : 'grid gap-6 lg:grid-cols-2'}>
      <SettingChanges changes={changes} version={version.version} current={current.version} />
      <div className="min-w-0 space-y-2">
        {bands.length > 0 && (
          <BandsTable
            bands={bands}
            caption={
              onlyChanged
                ? 'Geänderte Prozentbereiche'
                : `Prozentbereiche in Version ${String(version.version)}`
            }
            version={version.version}
            current={current.version}
          />
        )}
        {onlyChanged && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {unchanged === diff.bands.length
              ? `Alle ${String(unchanged)} Bereiche bleiben gleich.`
              : `Die übrigen ${String(unchanged)} Bereiche bleiben gleich.`}
          </p>
        )}
      </div>
    </div>
  )
}

function SettingChanges({
  changes,
  version,
  current,
}: {
  changes: SettingDiff[]
  version: number
  current: number
}) {
  const id = useId()
  return (
    <div className="min-w-0">
      <h3 id={id} className={headingClass}>
        Unterschiede zur aktuellen Version {current}
      </h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Name, Grenzen und Bandbreiten sind dieselben.
        </p>
      ) : (
        <ul aria-labelledby={id} className="mt-2 space-y-1.5 text-sm text-slate-800 dark:text-slate-200">
          {changes.map((c) => (
            <li
              key={c.label}
              className="rounded-lg border-l-4 border-amber-500 bg-amber-50 dark:bg-amber-950/50 px-3 py-1.5"
            >
              <span className="font-medium">{c.label}:</span> aktuell{' '}
              <span className="tabular-nums">{c.current}</span> <span aria-hidden="true">→</span>
              <span className="sr-only">,</span> Version {version}:{' '}
              <strong className="font-semibold tabular-nums">{c.version}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

interface BandsTableProps {
  bands: BandDiff[]
  caption: string
  version: number
  current: number | null
}

/** The bands of a version; with `current`, a third column holds the current range where it differs. */
function BandsTable({ bands, caption, version, current }: BandsTableProps) {
  return (
    <table
      className={`w-full border-collapse text-sm tabular-nums text-slate-800 dark:text-slate-100${current === null ? ' max-w-xl' : ''}`}
    >
      <caption className={`${headingClass} pb-2 text-left`}>{caption}</caption>
      <thead className="bg-slate-100 dark:bg-slate-800">
        <tr>
          <th scope="col" className={`${cell} w-12 sm:w-20`}>
            Note
          </th>
          <th scope="col" className={cell}>
            Version {version}
          </th>
          {current !== null && (
            <th scope="col" className={cell}>
              Aktuell (Version {current})
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {bands.map((b) => (
          <tr key={b.grade} className={current !== null && b.changed ? changedRow : undefined}>
            <th scope="row" className={`${cell} font-semibold`}>
              {b.grade}
            </th>
            <td
              className={`${cell} whitespace-nowrap${current !== null && b.changed ? ' font-semibold' : ''}`}
            >
              {b.version}
            </td>
            {current !== null && (
              <td className={`${cell} whitespace-nowrap`}>
                {b.changed ? b.current : <span className="text-slate-600 dark:text-slate-300">gleich</span>}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
