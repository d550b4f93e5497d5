import type { Ref } from 'react'
import { inNotation } from '@/lib/numbers'
import { gradedText, type ClassSummary, type GradedWith } from '../class-list'
import { MIN_GROUP, publicGroups } from '../class-summary'

interface ClassSummaryPrintProps {
  summary: ClassSummary
  /** The list's title and date ("7b Mathematik · 23.11.2026"), "" without. */
  heading: string
  total: string
  graded: GradedWith
  ref: Ref<HTMLDivElement>
}

/**
 * The Notenspiegel for the class: printed on its own (lib/print-part.ts), never on screen. Counts per
 * whole grade with small groups merged (class-summary.ts), the average and the failing share unless a
 * group was merged (they would give the merged counts back); no names, no points.
 */
export function ClassSummaryPrint({ summary, heading, total, graded, ref }: ClassSummaryPrintProps) {
  const groups = publicGroups(summary)
  return (
    <div ref={ref} data-print-only className="hidden space-y-3 text-sm">
      <h2 className="text-lg font-semibold">Notenspiegel{heading === '' ? '' : `: ${heading}`}</h2>
      <p>
        {total} Punkte · Notenschlüssel {gradedText(graded)} · {summary.graded} bewertet
      </p>
      <table className="border-collapse text-center">
        <caption className="sr-only">Anzahl je Note, für die Klasse</caption>
        <tbody>
          <tr>
            <th scope="row" className="border border-slate-400 px-3 py-1 text-left">
              Note
            </th>
            {groups.map((g) => (
              <td key={g.name} className="border border-slate-400 px-3 py-1 font-semibold">
                {inNotation(g.name, summary.notation)}
                {g.word !== undefined && <span className="block text-xs font-normal">{g.word}</span>}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row" className="border border-slate-400 px-3 py-1 text-left">
              Anzahl
            </th>
            {groups.map((g) => (
              <td key={g.name} className="border border-slate-400 px-3 py-1 tabular-nums">
                {g.count}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {groups.length === summary.groups.length ? (
        <p>
          Durchschnitt {summary.averageText} · {summary.failingTerm} {summary.failing}
        </p>
      ) : (
        <p className="text-xs">
          Noten, die nur eine oder zwei Personen haben, sind mit einer Nachbarnote zusammengefasst (mindestens{' '}
          {MIN_GROUP} je Gruppe), damit niemand erkennbar ist. Durchschnitt und {summary.failingTerm}{' '}
          entfallen deshalb: aus ihnen ließe sich die Zusammenfassung zurückrechnen.
        </p>
      )}
    </div>
  )
}
