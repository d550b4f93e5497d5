import { useId } from 'react'
import type { BandDiff, SettingDiff } from '../version-diff'

const headingClass = 'text-sm font-semibold text-slate-900 dark:text-slate-100'
const cell = 'border border-slate-200 dark:border-slate-700 px-2 py-1.5 text-left sm:px-3'
const changedRow = 'bg-amber-50 dark:bg-amber-950/50'

/** The settings that differ (name, boundaries, widths; system, rule, basis): "aktuell 85 % → Version 2: 90 %". */
export function SettingChanges({
  changes,
  version,
  current,
  same = 'Name, Grenzen und Bandbreiten sind dieselben.',
}: {
  changes: SettingDiff[]
  version: number
  current: number
  /** What to say when nothing differs. */
  same?: string
}) {
  const id = useId()
  return (
    <div className="min-w-0">
      <h3 id={id} className={headingClass}>
        Unterschiede zur aktuellen Version {current}
      </h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{same}</p>
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
export function BandsTable({ bands, caption, version, current }: BandsTableProps) {
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
