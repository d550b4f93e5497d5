import { GRADE_LABELS, GRADES } from '@/lib/grade-table'
import type { ClassSummary } from '../class-list'

/** The Notenspiegel's counts per grade and band as a table, for screen readers and for anyone who prefers text. */
export function ClassListCounts({ id, summary }: { id: string; summary: ClassSummary }) {
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
          <th scope="col" className="py-1 font-semibold">
            davon
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
        {GRADES.map((grade) => (
          <tr key={grade}>
            <th scope="row" className="py-1 pr-3 text-left font-semibold">
              {grade}
            </th>
            <td className="py-1 pr-3 tabular-nums">{summary.byGrade[grade]}</td>
            <td className="py-1 tabular-nums text-slate-600 dark:text-slate-300">
              {GRADE_LABELS.filter((l) => l.startsWith(grade))
                .map((l) => `${l}: ${summary.byBand[l]}`)
                .join(' · ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
