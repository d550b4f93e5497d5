import { inNotation } from '@/lib/numbers'
import type { ClassSummary } from '../class-list'
import { cell, ClassListTable, lineClass, PastedCell } from './class-list-table'

/**
 * Each line's points (under a task header, per task and their sum), percentage and grade; an invalid line
 * says why, in place, and a wrong task cell is marked.
 */
export function ClassListResults({ summary }: { summary: ClassSummary }) {
  const hasNames = summary.lines.some((l) => l.name !== '')
  const { taskFigures: tasks } = summary
  return (
    <ClassListTable
      // relative: the sr-only texts of cells beyond the edge stay inside the scrolling box, not the page
      boxClass="relative min-w-0 overflow-x-auto"
      hasNames={hasNames}
      heads={
        <>
          {tasks.map((t) => (
            <th key={t.name} scope="col" className={`${cell} text-right font-medium`}>
              {t.name} <span className="font-normal whitespace-nowrap">({t.max})</span>
            </th>
          ))}
          <th scope="col" className={`${cell} text-right`}>
            Punkte
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Prozent
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Note
          </th>
        </>
      }
    >
      {summary.lines.map(({ line, number, name, points, cells, result }) => (
        <tr key={line} className={lineClass(result)}>
          <td className={`${cell} tabular-nums text-slate-600 dark:text-slate-300`}>{number}</td>
          {hasNames && (
            // beside the task columns a name keeps its words whole (the table scrolls at 390 px)
            <td className={`${cell} ${tasks.length > 0 ? 'min-w-28 break-words' : 'wrap-anywhere'}`}>
              {name}
            </td>
          )}
          {tasks.map((t, i) => (
            <PastedCell key={t.name} pasted={cells?.[i]} />
          ))}
          {'error' in result ? (
            // The raw text and why it is not graded share the last three columns, so that the
            // message has room to wrap between words at 390 px.
            <td colSpan={3} className={`${cell} text-right wrap-anywhere`}>
              <span className="tabular-nums">{points}</span>
              <span className="block font-medium print:ml-1 print:inline">
                <span className="sr-only">Ungültig: </span>
                {result.error}
              </span>
            </td>
          ) : 'absent' in result ? (
            <td colSpan={3} className={`${cell} text-right text-slate-600 dark:text-slate-300`}>
              {points}
              <span className="sr-only">: abwesend, nicht bewertet</span>
            </td>
          ) : !('grade' in result) ? (
            // only a language teacher's list has lines without a final grade (class-list-language.tsx)
            <td colSpan={3} />
          ) : (
            <>
              <td className={`${cell} text-right tabular-nums wrap-anywhere`}>{points}</td>
              <td className={`${cell} text-right tabular-nums`}>{result.percentage}</td>
              <td className={`${cell} text-right tabular-nums`}>
                <span className="font-semibold">{inNotation(result.grade, summary.notation)}</span>
                {result.alt !== undefined && (
                  <span className="block text-xs text-slate-600 dark:text-slate-300 print:ml-1 print:inline print:text-[9px]">
                    {result.alt}
                  </span>
                )}
              </td>
            </>
          )}
        </tr>
      ))}
    </ClassListTable>
  )
}
