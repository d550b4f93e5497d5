import { Fragment, useMemo } from 'react'
import { GradeTable } from '@/components/grade-table'
import type { LiveConfig } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { diffRows, diffSettings, type RowSide } from '../version-diff'
import { SettingChanges } from './version-parts'

interface RuleComparisonProps {
  version: LiveConfig
  current: LiveConfig
  /** Only the rows that differ (the restore dialog). */
  onlyChanged: boolean
}

const cell = 'border border-slate-200 dark:border-slate-700 px-1.5 py-1.5 text-left whitespace-nowrap sm:px-2'
const muted = 'text-slate-600 dark:text-slate-300'

/**
 * A stored version of a rule document beside the current one: what differs in words (system, rule,
 * basis, step), then one table with both versions' grades and bounds side by side, the rows that differ
 * marked "≠" (read as "geändert"), tinted and bold, so that colour is never the only sign.
 */
export function RuleComparison({ version, current, onlyChanged }: RuleComparisonProps) {
  const diff = useMemo(
    () => ({
      settings: diffSettings(version.config, current.config),
      rows: diffRows(version.config, current.config),
    }),
    [version, current],
  )
  if (version.version === current.version)
    return (
      <div className="space-y-3">
        <p className={`text-sm ${muted}`}>
          Das ist die aktuelle Version; so zeigt der Rechner die Tabelle gerade.
        </p>
        <GradeTable scaleKey={keyOf(version.config)} name={version.config.name} />
      </div>
    )
  const v = `Version ${String(version.version)}`
  const c = `Aktuell (Version ${String(current.version)})`
  const rows = onlyChanged ? diff.rows.filter((r) => r.changed) : diff.rows
  const unchanged = diff.rows.filter((r) => !r.changed).length
  return (
    <div className="space-y-4">
      <SettingChanges
        changes={diff.settings.filter((s) => s.changed)}
        version={version.version}
        current={current.version}
        same="Name, Notensystem und Regel sind dieselben."
      />
      <div className="overflow-x-auto">
        <table className="w-full max-w-2xl border-collapse text-sm tabular-nums text-slate-800 dark:text-slate-100">
          <caption className="pb-2 text-left text-sm font-semibold text-slate-900 dark:text-slate-100">
            {onlyChanged ? 'Geänderte Zeilen' : `${v} neben der aktuellen Version`}
          </caption>
          <thead className="bg-slate-100 dark:bg-slate-800">
            <tr>
              <th scope="col" className={`${cell} w-8`}>
                <span className="sr-only">Unterschied</span>
              </th>
              <th scope="colgroup" colSpan={2} className={cell}>
                {v}
              </th>
              <th scope="colgroup" colSpan={2} className={cell}>
                {c}
              </th>
            </tr>
            <tr>
              <td className={cell} />
              {[v, c].map((side) => (
                <Fragment key={side}>
                  <th scope="col" className={cell}>
                    Note
                  </th>
                  <th scope="col" className={cell}>
                    Grenze
                  </th>
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr
                key={i}
                className={r.changed ? 'bg-amber-50 font-semibold dark:bg-amber-950/50' : undefined}
              >
                <td className={`${cell} text-center`}>
                  <span aria-hidden="true">{r.changed ? '≠' : ''}</span>
                  <span className="sr-only">{r.changed ? 'geändert' : 'gleich'}</span>
                </td>
                <Side side={r.version} />
                <Side side={r.current} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {onlyChanged && (
        <p className={`text-sm ${muted}`}>
          {rows.length === 0
            ? `Alle ${String(unchanged)} Zeilen bleiben gleich.`
            : `Die übrigen ${String(unchanged)} Zeilen bleiben gleich.`}
        </p>
      )}
    </div>
  )
}

function Side({ side }: { side: RowSide | null }) {
  if (side === null)
    return (
      <td colSpan={2} className={`${cell} font-normal ${muted}`}>
        fehlt
      </td>
    )
  return (
    <>
      <td className={cell}>{side.label}</td>
      <td className={cell}>{side.bound}</td>
    </>
  )
}
