import { inNotation } from '@/lib/numbers'
import { manyBands } from '../chart-layout'
import type { ClassSummary } from '../class-list'

/** The Notenspiegel's counts per grade and band as a table, for screen readers and for anyone who prefers text. */
export function ClassListCounts({ id, summary }: { id: string; summary: ClassSummary }) {
  // a whole decimal grade has ten bands: name only those that occur
  const many = manyBands(summary.groups)
  // whole grades without + and − (Noten 1–6, Austria) have nothing to split
  const split = summary.groups.some((g) => g.bands.length > 1)
  const shown = (text: string) => inNotation(text, summary.notation)
  return (
    <table id={id} className="w-full max-w-xl border-collapse text-sm print:hidden">
      <caption className="mb-1 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
        Anzahl je Note
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-left dark:border-slate-700">
          <th scope="col" className="py-1 pr-3 font-semibold">
            Note
          </th>
          <th scope="col" className="py-1 pr-3 font-semibold">
            Anzahl
          </th>
          {split && (
            <th scope="col" className="py-1 font-semibold">
              davon
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
        {summary.groups.map((g) => {
          const bands = many ? g.bands.filter((l) => (summary.byBand[l] ?? 0) > 0) : g.bands
          return (
            <tr key={g.name}>
              <th scope="row" className="py-1 pr-3 text-left font-semibold whitespace-nowrap">
                {shown(g.name)}
                {g.word !== undefined && (
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                    {g.word}
                  </span>
                )}
              </th>
              <td className="py-1 pr-3 tabular-nums">{summary.byGrade[g.name] ?? 0}</td>
              {split && (
                <td className="py-1 tabular-nums text-slate-600 dark:text-slate-300">
                  {g.bands.length > 1 &&
                    bands.map((l) => `${shown(l)}: ${String(summary.byBand[l] ?? 0)}`).join(' · ')}
                </td>
              )}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
