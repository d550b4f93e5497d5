import { Download, Printer } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/button'
import type { ClassSummary } from '../class-list'
import { ClassListChart } from './class-list-chart'

const secondary = 'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'

/**
 * The Notenspiegel's numbers: how many were graded, the average, the share below the pass mark (5 and 6
 * in the original), the chart, the export.
 */
interface ClassListStatsProps {
  summary: ClassSummary
  onExport: () => void
  /** Prints the Notenspiegel for the class: counts, average and share, without names. */
  onPrintForClass: () => void
}

export function ClassListStats({ summary, onExport, onPrintForClass }: ClassListStatsProps) {
  const invalid = summary.lines.length - summary.graded - summary.absent
  const note = [
    summary.averageNote,
    summary.absent > 0 &&
      (summary.absent === 1
        ? 'Eine Schülerin oder ein Schüler fehlte und zählt nicht mit.'
        : `${String(summary.absent)} fehlten und zählen nicht mit.`),
    invalid > 0 &&
      `${invalid === 1 ? 'Eine Zeile ist ungültig und zählt' : `${String(invalid)} Zeilen sind ungültig und zählen`} nicht mit.`,
  ]
    .filter((x) => x !== false && x !== '')
    .join(' ')
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3 text-center print:gap-2">
        {(
          [
            ['Bewertet', String(summary.graded)],
            // the system's word for a result ("Punkte") smaller, so that a narrow figure keeps one line
            [
              'Durchschnitt',
              summary.average === '' ? (
                '–'
              ) : (
                <>
                  {summary.average}
                  <span className="text-xs">{summary.averageText.slice(summary.average.length)}</span>
                </>
              ),
            ],
            [summary.failingTerm, summary.failing || '–'],
          ] satisfies [string, ReactNode][]
        ).map(([term, value]) => (
          <div
            key={term}
            // a term on two lines ("Anteil unter 5 Punkten") keeps the values on one line
            className="flex flex-col justify-between rounded-lg bg-green-50 p-2 dark:bg-green-950 print:border print:border-slate-300 print:p-1"
          >
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums text-green-900 dark:text-green-300">{value}</dd>
          </div>
        ))}
      </dl>
      {note !== '' && <p className="text-xs text-slate-600 dark:text-slate-300">{note}</p>}
      <ClassListChart summary={summary} />
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button variant="secondary" onClick={onExport} className={secondary}>
          <Download className="size-4" aria-hidden="true" />
          Als CSV herunterladen
        </Button>
        <Button variant="secondary" onClick={onPrintForClass} className={secondary}>
          <Printer className="size-4" aria-hidden="true" />
          Für die Klasse drucken (ohne Namen)
        </Button>
      </div>
    </div>
  )
}
