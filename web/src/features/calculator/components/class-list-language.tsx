import { inNotation } from '@/lib/numbers'
import { abzugText } from '../class-language'
import type { ClassSummary } from '../class-list'
import { cell, ClassListTable, lineClass, PastedCell } from './class-list-table'

// A language teacher's list, line by line (docs/spec.md §2, §13): the content's points and grade, errors,
// words, the Fehlerquotient, the deduction and the final grade. A wrong cell is marked in place and its row
// says why; the table scrolls in its own box where the page is narrower than it.

const HEADS = ['Inhalt', 'Note Inhalt', 'Fehler', 'Wörter', 'Fehler­quotient', 'Abzug', 'Note'] as const

export function ClassListLanguage({ summary }: { summary: ClassSummary }) {
  const hasNames = summary.lines.some((l) => l.name !== '')
  const rule = summary.language?.rule ?? null
  const note = (grade: string) => inNotation(grade, summary.notation)
  return (
    <ClassListTable
      // relative: the sr-only texts of cells beyond the edge stay inside the scrolling box, not the page
      boxClass="relative min-w-0 overflow-x-auto"
      hasNames={hasNames}
      heads={HEADS.map((h) => (
        <th key={h} scope="col" className={`${cell} text-right`}>
          {h}
        </th>
      ))}
    >
      {summary.lines.map(({ line, number, name, points, cells, language, result }) => (
        <tr key={line} className={lineClass(result)}>
          <td className={`${cell} tabular-nums text-slate-600 dark:text-slate-300`}>{number}</td>
          {hasNames && <td className={`${cell} min-w-28 break-words`}>{name}</td>}
          {'absent' in result ? (
            <td colSpan={HEADS.length} className={`${cell} text-right text-slate-600 dark:text-slate-300`}>
              {points}
              <span className="sr-only">: abwesend, nicht bewertet</span>
            </td>
          ) : language === undefined ? (
            // wrong input: the cells as pasted under their headings (no content grade between the content
            // and the errors), the wrong one marked, and why in the row's last columns
            <>
              <PastedCell pasted={cells?.[0]} />
              <td className={cell} />
              <PastedCell pasted={cells?.[1]} />
              <PastedCell pasted={cells?.[2]} />
              <td colSpan={HEADS.length - 4} className={`${cell} min-w-40 text-right font-medium`}>
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
              <td className={`${cell} text-right whitespace-nowrap`}>{abzugText(rule, language.abzug)}</td>
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
    </ClassListTable>
  )
}
