import { inNotation, notationOf } from '@/lib/numbers'
import { withUnit, zeugnisNoteOf } from '@/lib/systems'
import type { OneAnswer } from '../use-zeugnis'
import { sentenceInNotation } from '../working'

/** A proposal is a proposal: the report grade stays the teacher's decision (docs/spec.md §9). */
export const DECISION = 'Die Zeugnisnote ist Ihre pädagogische Entscheidung; der Vorschlag ist kein Urteil.'

/** A proposal as the system writes a result: "2", "4,5", "4.5", "8 Punkte" (a unit smaller than the number). */
export function Proposal({ system, value }: { system: string; value: string }) {
  const unit = withUnit(system, value).slice(value.length)
  return (
    <>
      {inNotation(value, notationOf(system))}
      {unit !== '' && <span className="text-[0.5em] font-semibold">{unit}</span>}
    </>
  )
}

/**
 * One pupil's result: the average, the proposal large, "Grenzfall" when borderline, and the working
 * as an ordered list; in a system whose law says how the year's grades weigh (Austria), that rule beside
 * the average. The short result is a live region, so that a screen reader hears it change as
 * grades are typed; the working is read on demand.
 */
export function ZeugnisResult({ answer, system }: { answer: OneAnswer; system: string }) {
  const lawNote = zeugnisNoteOf(system)
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-950">
      <output aria-live="polite" aria-label="Vorschlag" className="block">
        {answer.kind === 'empty' ? (
          <span className="text-sm text-slate-700 dark:text-slate-300">
            Noten eingeben: hier erscheinen Durchschnitt und Vorschlag.
          </span>
        ) : !answer.ok ? (
          <span className="text-sm font-medium text-red-700 dark:text-red-300">{answer.message}</span>
        ) : (
          <span className="flex flex-wrap items-end gap-x-8 gap-y-3">
            <span className="block">
              <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">
                Durchschnitt
              </span>
              <span className="block text-2xl font-semibold tabular-nums text-slate-900 dark:text-slate-100">
                {inNotation(answer.result.average, notationOf(system))}
              </span>
            </span>
            <span className="block">
              <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">Vorschlag</span>
              <span className="block text-5xl leading-none font-bold tabular-nums text-green-800 dark:text-green-300">
                <Proposal system={system} value={answer.result.proposal} />
              </span>
            </span>
            {answer.result.borderline && (
              <span className="block rounded-md border-2 border-amber-600 px-2 py-1 text-sm font-bold text-amber-900 dark:border-amber-400 dark:text-amber-200">
                Grenzfall
              </span>
            )}
            {answer.result.warnings?.map((w) => (
              <span key={w} className="block w-full text-sm font-medium text-amber-900 dark:text-amber-200">
                {w}
              </span>
            ))}
            {lawNote !== '' && (
              <span className="block w-full text-sm text-slate-700 dark:text-slate-300">{lawNote}</span>
            )}
            <span className="block w-full text-sm text-slate-700 dark:text-slate-300">
              {answer.result.borderline
                ? `Grenzfall: Der Durchschnitt liegt nahe der Mitte zwischen zwei Noten. ${DECISION}`
                : DECISION}
            </span>
          </span>
        )}
      </output>
      {answer.kind === 'answer' && answer.ok && (
        <details className="mt-4" open>
          <summary className="cursor-pointer text-sm font-semibold text-slate-900 dark:text-slate-100">
            Rechenweg
          </summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-200">
            {answer.result.steps.map((s, i) => (
              <li key={i}>{sentenceInNotation(s, notationOf(system))}</li>
            ))}
          </ol>
        </details>
      )}
    </div>
  )
}
