import { Download } from 'lucide-react'
import { Button } from '@/components/button'
import type { ClassSummary } from '../class-list'
import { ClassListChart } from './class-list-chart'

/** The Notenspiegel's numbers: how many were graded, the average, the share of 5 and 6, the chart, the export. */
export function ClassListStats({ summary, onExport }: { summary: ClassSummary; onExport: () => void }) {
  const invalid = summary.lines.length - summary.graded
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3 text-center print:gap-2">
        {[
          ['Bewertet', String(summary.graded)],
          ['Durchschnitt', summary.average || '–'],
          ['Anteil 5 und 6', summary.failing || '–'],
        ].map(([term, value]) => (
          <div
            key={term}
            className="rounded-lg bg-green-50 p-2 dark:bg-green-950 print:border print:border-slate-300 print:p-1"
          >
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums text-green-900 dark:text-green-300">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Für den Durchschnitt zählen + und - wie die Note ohne Zusatz (2+ und 2- zählen als 2).
        {invalid > 0 &&
          ` ${invalid === 1 ? 'Eine Zeile ist ungültig und zählt' : `${invalid} Zeilen sind ungültig und zählen`} nicht mit.`}
      </p>
      <ClassListChart summary={summary} />
      <Button
        variant="secondary"
        onClick={onExport}
        className="print:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Download className="size-4" aria-hidden="true" />
        Als CSV herunterladen
      </Button>
    </div>
  )
}
