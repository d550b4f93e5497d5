import type { Ref } from 'react'
import type { ApprovalRule, ApprovalStep } from '@/lib/school'
import { countsText, type GradeCount } from '../approval'

export interface ApprovalPrintProps {
  /** The test's heading ("7b Mathematik · 23.11.2026"), "" without. */
  heading: string
  /** The day the note is printed, as shown ("28.11.2026"). */
  date: string
  /** How many have each grade, best first, as the Notenspiegel counts them. */
  counts: GradeCount[]
  graded: number
  failing: number
  /** The scale's decimal separator, for the share. */
  separator: string
  /** The Land's name ("Hessen") and its rule. */
  land: string
  rule: ApprovalRule
  /** The step of the rule that applies, or null when none does (the note can still be printed). */
  step: ApprovalStep | null
  ref: Ref<HTMLDivElement>
}

const line = 'mt-6 border-b border-slate-500'

/**
 * The one-page note for the Schulleitung when a test falls under the school's rule (docs/spec.md §11):
 * printed on its own (lib/print-part.ts), never on screen. It names no pupil: the test, the count per
 * grade, the share, the rule with its source, and room for the decision and the signatures.
 */
export function ApprovalPrint({
  heading,
  date,
  counts,
  graded,
  failing,
  separator,
  land,
  rule,
  step,
  ref,
}: ApprovalPrintProps) {
  return (
    <div ref={ref} data-print-only className="hidden space-y-3 text-sm">
      <h2 className="text-lg font-semibold">Vorlage für die Schulleitung</h2>
      <p>
        {heading === '' ? 'Klassenarbeit' : `Klassenarbeit: ${heading}`} · vorgelegt am {date}
      </p>
      <table className="border-collapse text-center">
        <caption className="sr-only">Anzahl je Note</caption>
        <tbody>
          <tr>
            <th scope="row" className="border border-slate-400 px-3 py-1 text-left">
              Note
            </th>
            {counts.map((c) => (
              <td key={c.grade} className="border border-slate-400 px-3 py-1 font-semibold">
                {c.grade}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row" className="border border-slate-400 px-3 py-1 text-left">
              Anzahl
            </th>
            {counts.map((c) => (
              <td key={c.grade} className="border border-slate-400 px-3 py-1 tabular-nums">
                {c.count}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p>
        {countsText(graded, failing, separator)} {failing === 1 ? 'ist' : 'sind'} {rule.failingTerm}
        {step === null ? '.' : `: ${step.share}.`}
      </p>
      <p>
        Regel ({land}): {rule.source}.{' '}
        {step === null ? 'Sie greift bei diesen Zahlen nicht.' : step.consequence}
        {rule.remark !== undefined && ` ${rule.remark}`}
      </p>
      <p className="text-xs">
        Quelle: {rule.title}, {rule.url}. Maßgeblich ist die geltende Fassung.
      </p>
      <div className="space-y-2 pt-2">
        <p className="font-semibold">Entscheidung der Schulleitung</p>
        <p>☐ Die Arbeit wird gewertet. ☐ Die Arbeit wird wiederholt. ☐ Anders:</p>
        <p>Begründung:</p>
        <div className={line} />
        <div className={line} />
        <div className="grid grid-cols-2 gap-8 pt-6">
          <p className="border-t border-slate-500 pt-1">Datum, Unterschrift der Lehrkraft</p>
          <p className="border-t border-slate-500 pt-1">Datum, Unterschrift der Schulleitung</p>
        </div>
      </div>
    </div>
  )
}
