import { inNotation } from '@/lib/numbers'
import { abzugText } from '../class-language'
import type { ClassSummary } from '../class-list'

// A language teacher's list, line by line (docs/spec.md §2, §13): the content's points and grade, errors,
// words, the Fehlerquotient, the deduction and the final grade. A wrong cell is marked in place and its row
// says why; the table scrolls in its own box where the page is narrower than it.

const cell = 'px-1.5 py-1.5 sm:px-2 print:py-0 print:leading-tight'
const wrongCell = 'font-semibold underline decoration-wavy decoration-red-700 dark:decoration-red-300'
const HEADS = ['Inhalt', 'Note Inhalt', 'Fehler', 'Wörter', 'Fehler­quotient', 'Abzug', 'Note'] as const

export function ClassListLanguage({ summary }: { summary: ClassSummary }) {
  const hasNames = summary.lines.some((l) => l.name !== '')
  const rule = summary.language?.rule ?? null
  const note = (grade: string) => inNotation(grade, summary.notation)
  return (
    // relative: the sr-only texts of cells beyond the edge stay inside the scrolling box, not the page
    <div className="relative min-w-0 overflow-x-auto">
      <table className="w-full border-collapse text-sm print:text-[9px]">
        <caption className="mb-1 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
          Ergebnis je Zeile
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-900 dark:border-slate-700 dark:text-slate-100">
            <th scope="col" className={`${cell} w-8 sm:w-10`}>
              Nr.
            </th>
            {hasNames && (
              <th scope="col" className={cell}>
                Name
              </th>
            )}
            {HEADS.map((h) => (
              <th key={h} scope="col" className={`${cell} text-right`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-700 dark:text-slate-100">
          {summary.lines.map(({ line, number, name, points, cells, language, result }) => (
            <tr
              key={line}
              className={
                'error' in result ? 'bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100' : undefined
              }
            >
              <td className={`${cell} tabular-nums text-slate-600 dark:text-slate-300`}>{number}</td>
              {hasNames && <td className={`${cell} min-w-28 break-words`}>{name}</td>}
              {'absent' in result ? (
                <td
                  colSpan={HEADS.length}
                  className={`${cell} text-right text-slate-600 dark:text-slate-300`}
                >
                  {points}
                  <span className="sr-only">: abwesend, nicht bewertet</span>
                </td>
              ) : language === undefined ? (
                // wrong input: the cells as pasted, the wrong one marked, and why in the row's last columns
                <>
                  {[0, 1, 2].map((i) => {
                    const c = cells?.[i]
                    return (
                      <td
                        key={i}
                        className={`${cell} text-right tabular-nums wrap-anywhere ${c?.error === undefined ? '' : wrongCell}`}
                      >
                        {c?.text}
                        {c?.error !== undefined && <span className="sr-only"> (ungültig)</span>}
                      </td>
                    )
                  })}
                  <td colSpan={HEADS.length - 3} className={`${cell} min-w-40 text-right font-medium`}>
                    <span className="sr-only">Ungültig: </span>
                    {'error' in result ? result.error : ''}
                  </td>
                </>
              ) : (
                <>
                  <td className={`${cell} text-right tabular-nums`}>{points}</td>
                  <td className={`${cell} text-right tabular-nums`}>{note(language.content.grade)}</td>
                  <td className={`${cell} text-right tabular-nums`}>{language.fehler}</td>
                  <td className={`${cell} text-right tabular-nums`}>{language.woerter}</td>
                  <td className={`${cell} text-right tabular-nums`}>{note(language.quotient)}</td>
                  <td className={`${cell} text-right whitespace-nowrap`}>
                    {abzugText(rule, language.abzug)}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {'grade' in result ? (
                      <>
                        <span className="font-semibold">{note(result.grade)}</span>
                        {result.alt !== undefined && (
                          <span className="block text-xs text-slate-600 dark:text-slate-300 print:ml-1 print:inline print:text-[9px]">
                            {result.alt}
                          </span>
                        )}
                      </>
                    ) : (
                      <>
                        –<span className="sr-only"> (keine Note nach Abzug)</span>
                      </>
                    )}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
