import { inNotation, notationOf } from '@/lib/numbers'
import { zeugnisNoteOf } from '@/lib/systems'
import type { PupilRow } from '../pupils'
import type { ZeugnisAnswer } from '../rule'
import { DECISION, Proposal } from './zeugnis-result'

const cell = 'border-b border-slate-200 px-2 py-1.5 align-top dark:border-slate-700 print:py-0.5'

interface ClassTableProps {
  rows: PupilRow[]
  answers: ZeugnisAnswer[]
  /** The grading system's id, which says how a result is written and what its law says of the average. */
  system: string
}

/** One row per pupil: name, average, proposal, Grenzfall, and what is wrong with the row. */
export function ClassTable({ rows, answers, system }: ClassTableProps) {
  const lawNote = zeugnisNoteOf(system)
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm text-slate-900 dark:text-slate-100 print:text-xs">
        <caption className="mb-2 text-left text-sm text-slate-700 dark:text-slate-300">
          Vorschlag je Schülerin und Schüler. {lawNote !== '' && `${lawNote} `}
          {DECISION}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={cell}>
              Name
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {/* soft hyphens: on a phone the numbers' columns may be narrower than their headings */}
              Durch{'\u00ad'}schnitt
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Vor{'\u00ad'}schlag
            </th>
            <th scope="col" className={cell}>
              Hinweis
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const answer = answers[i]
            const ok = answer?.ok === true ? answer.result : null
            return (
              <tr key={row.line}>
                <th scope="row" className={`${cell} min-w-28 font-medium wrap-break-word`}>
                  {row.name === '' ? `Zeile ${String(row.line)}` : row.name}
                </th>
                <td className={`${cell} text-right tabular-nums`}>
                  {ok === null ? '–' : inNotation(ok.average, notationOf(system))}
                </td>
                <td className={`${cell} text-right text-base font-bold tabular-nums`}>
                  {ok === null ? '–' : <Proposal system={system} value={ok.proposal} />}
                </td>
                <td className={`${cell} wrap-break-word`}>
                  {ok?.borderline === true && (
                    <span className="font-semibold text-amber-900 dark:text-amber-200">Grenzfall</span>
                  )}
                  {answer?.ok === false && (
                    <span className="text-red-700 dark:text-red-300">
                      Zeile {row.line}: {answer.message}
                    </span>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
