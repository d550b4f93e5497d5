import { Download, Printer } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { inNotation } from '@/lib/numbers'
import type { ClassSummary } from '../class-list'
import { ClassListChart } from './class-list-chart'

const secondary = 'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'

/**
 * The Notenspiegel's numbers: how many were graded, the average, the share below the pass mark (5 and 6
 * in the original), the chart, the export.
 */
interface ClassListStatsProps {
  summary: ClassSummary
  /** Whether the print for the class merges grades held by one or two pupils (class-summary.ts). */
  merged: boolean
  onMerged: (merged: boolean) => void
  /** Feedback sheets per A4 page. */
  sheetsPerPage: 1 | 2
  onSheetsPerPage: (n: 1 | 2) => void
  onExport: () => void
  /** Prints the Notenspiegel for the class: counts, average and share, the Punkteschlüssel, without names. */
  onPrintForClass: () => void
  /** Prints a feedback sheet per pupil. */
  onPrintSheets: () => void
}

export function ClassListStats({ summary, ...props }: ClassListStatsProps) {
  const id = useId()
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
      <dl
        className={`grid gap-3 text-center print:gap-2 ${summary.language === null ? 'grid-cols-3' : 'grid-cols-2 sm:grid-cols-4'}`}
      >
        {figuresOf(summary).map(([term, value]) => (
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
      <div className="space-y-3 print:hidden">
        <Button variant="secondary" onClick={props.onExport} className={secondary}>
          <Download className="size-4" aria-hidden="true" />
          Als CSV herunterladen
        </Button>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button variant="secondary" onClick={props.onPrintForClass} className={secondary}>
            <Printer className="size-4" aria-hidden="true" />
            Für die Klasse drucken (ohne Namen)
          </Button>
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              checked={props.merged}
              onChange={(e) => {
                props.onMerged(e.target.checked)
              }}
              className="size-5 accent-green-700"
            />
            Noten mit nur 1 oder 2 Personen zusammenfassen
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button variant="secondary" onClick={props.onPrintSheets} className={secondary}>
            <Printer className="size-4" aria-hidden="true" />
            Rückmeldebögen drucken
          </Button>
          <fieldset className="flex items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
            <legend className="sr-only">Rückmeldebögen je Seite</legend>
            {([2, 1] as const).map((n) => (
              <label key={n} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={`${id}-per-page`}
                  checked={props.sheetsPerPage === n}
                  onChange={() => {
                    props.onSheetsPerPage(n)
                  }}
                  className="size-4 accent-green-700"
                />
                {n === 2 ? 'Zwei je A4-Seite' : 'Einer je A4-Seite'}
              </label>
            ))}
          </fieldset>
        </div>
      </div>
    </div>
  )
}

/** The figures above the chart: graded, average, failing share; a language teacher's list its Fehlerquotient. */
function figuresOf(summary: ClassSummary): [string, ReactNode][] {
  return [
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
    // the class's average Fehlerquotient beside the final grades' figures
    ...(summary.language === null
      ? []
      : [
          ['Ø Fehlerquotient', inNotation(summary.language.average, summary.notation) || '–'] satisfies [
            string,
            ReactNode,
          ],
        ]),
  ]
}
