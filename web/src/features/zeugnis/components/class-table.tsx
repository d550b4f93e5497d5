import { useId } from 'react'
import { inNotation, notationOf } from '@/lib/numbers'
import { zeugnisNoteOf } from '@/lib/systems'
import { atRisk } from '../class-results'
import type { PupilRow } from '../pupils'
import { gradeProblem, type ZeugnisAnswer } from '../rule'
import { DECISION, Proposal } from './zeugnis-result'

// A row never splits across printed pages (break-inside-avoid), so that a pupil's grades and proposal
// stay together at the Zeugniskonferenz.
const cell = 'border-b border-slate-200 px-2 py-1.5 align-top dark:border-slate-700 print:px-1 print:py-0.5'

interface ClassTableProps {
  rows: PupilRow[]
  answers: ZeugnisAnswer[]
  /** Each row's category averages, "" for a category without grades (class-results.ts). */
  means: string[][]
  /** The categories with their weights, in order: the columns of grades. */
  categories: { name: string; weight: string }[]
  /** The grading system's id, which says how a result is written and what its law says of the average. */
  system: string
}

/** A category's grades as typed, each that is no grade of the system marked where it stands. */
function Grades({ grades, system }: { grades: string[]; system: string }) {
  return (
    <>
      {grades.map((g, i) => {
        const problem = gradeProblem(system, g)
        return (
          <span key={i}>
            {i > 0 && ' '}
            {problem === null ? (
              g
            ) : (
              <mark
                title={problem}
                className="rounded-sm bg-red-100 px-0.5 font-semibold text-red-800 underline decoration-wavy dark:bg-red-950 dark:text-red-200"
              >
                {g}
              </mark>
            )}
          </span>
        )
      })}
    </>
  )
}

/** The columns: name, each category with its weight, average, proposal, what to look at. */
function HeaderRow({ categories }: { categories: ClassTableProps['categories'] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className={`${cell} sticky left-0 bg-white dark:bg-slate-900 print:static`}>
          Name
        </th>
        {categories.map((c, i) => (
          <th key={i} scope="col" className={cell}>
            {c.name} <span className="font-normal">({c.weight || '1'})</span>
          </th>
        ))}
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
  )
}

/**
 * One row per pupil: name, each category's grades and average, the average, the proposal, and what to
 * look at: Grenzfall, „Versetzung gefährdet“, a category without grades, what is wrong with the row.
 */
export function ClassTable({ rows, answers, means, categories, system }: ClassTableProps) {
  const lawNote = zeugnisNoteOf(system)
  const notation = notationOf(system)
  const captionId = useId()
  return (
    <div>
      {/* The table's name stands above its scrolling box, not as its caption: a caption is as wide as the
          table, which on a phone is wider than the screen and would cut the sentence off. */}
      <p id={captionId} className="mb-2 text-sm text-slate-700 dark:text-slate-300">
        Vorschlag je Schülerin und Schüler. {lawNote !== '' && `${lawNote} `}
        {DECISION}
      </p>
      <div className="max-w-full overflow-x-auto">
        <table
          aria-labelledby={captionId}
          className="w-full border-collapse text-left text-sm text-slate-900 dark:text-slate-100 print:text-[9pt]"
        >
          <HeaderRow categories={categories} />
          <tbody>
            {rows.map((row, i) => {
              const answer = answers[i]
              const ok = answer?.ok === true ? answer.result : null
              return (
                <tr key={row.line} className="break-inside-avoid">
                  <th
                    scope="row"
                    className={`${cell} sticky left-0 min-w-28 bg-white font-medium wrap-break-word dark:bg-slate-900 print:static`}
                  >
                    {row.name === '' ? `Zeile ${String(row.line)}` : row.name}
                  </th>
                  {row.grades.map((g, k) => {
                    const mean = means[i]?.[k] ?? ''
                    return (
                      <td key={k} className={`${cell} min-w-16 tabular-nums`}>
                        <Grades grades={g.grades} system={system} />
                        {mean !== '' && (
                          <span className="block text-xs text-slate-600 dark:text-slate-400 print:ml-1.5 print:inline">
                            Ø {inNotation(mean, notation)}
                          </span>
                        )}
                      </td>
                    )
                  })}
                  <td className={`${cell} text-right tabular-nums`}>
                    {ok === null ? '–' : inNotation(ok.average, notation)}
                  </td>
                  <td className={`${cell} text-right text-base font-bold tabular-nums`}>
                    {ok === null ? '–' : <Proposal system={system} value={ok.proposal} />}
                  </td>
                  <td className={`${cell} min-w-48 wrap-break-word`}>
                    {ok?.borderline === true && (
                      <span className="block font-semibold text-amber-900 dark:text-amber-200">
                        Grenzfall
                      </span>
                    )}
                    {ok !== null && atRisk(system, ok.proposal) && (
                      <span className="block font-semibold text-red-800 dark:text-red-300">
                        Versetzung gefährdet
                      </span>
                    )}
                    {/* the rule's warnings (a category without grades), as the CSV and one pupil's result show them */}
                    {ok?.warnings?.map((w) => (
                      <span key={w} className="block text-amber-900 dark:text-amber-200">
                        {w}
                      </span>
                    ))}
                    {answer?.ok === false && (
                      <span className="block text-red-700 dark:text-red-300">
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
    </div>
  )
}
