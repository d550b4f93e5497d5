import { useId } from 'react'
import type { TableCell } from '@/lib/grade-table'

interface GradeTableProps {
  cells: TableCell[]
  /** The configuration's name, shown above the table as "Notenschlüssel: <name>". */
  name: string
}

const th = 'border border-slate-200 dark:border-slate-700 bg-slate-100 dark:bg-slate-800 py-2 font-semibold text-slate-900 dark:text-slate-100'
const rowTh = 'border border-slate-200 dark:border-slate-700 px-3 py-2 text-left font-semibold text-slate-900 dark:text-slate-100'
const td = 'border border-slate-200 dark:border-slate-700 py-2 tabular-nums text-slate-800 dark:text-slate-100'

/**
 * The grade table of SPEC §4 in its two layouts: horizontal from lg (1024 px), vertical below.
 * Only one is displayed at a time (display: none hides the other from assistive technology too);
 * the name above is shared by both, so it exists once on the page.
 */
export function GradeTable({ cells, name }: GradeTableProps) {
  const titleId = useId()
  return (
    <div>
      <p id={titleId} className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        Notenschlüssel: <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
      </p>

      <table aria-labelledby={titleId} className="hidden w-full table-fixed border-collapse text-center text-sm lg:table print:table print:text-xs">
        <thead>
          <tr>
            <th scope="col" className={`${th} w-32 px-3 text-left`}>
              Note
            </th>
            {cells.map((c) => (
              <th key={c.grade} scope="col" className={`${th} px-1`}>
                {c.grade}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className={`${rowTh} bg-slate-100 dark:bg-slate-800`}>
              Prozentbereich
            </th>
            {cells.map((c) => (
              <td key={c.grade} className={`${td} px-1 text-xs leading-snug xl:text-sm`}>
                <StackedRange range={c.range} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>

      <table aria-labelledby={titleId} className="w-full border-collapse text-sm lg:hidden print:hidden">
        <thead>
          <tr>
            <th scope="col" className={`${th} w-1/3 px-3 text-left`}>
              Note
            </th>
            <th scope="col" className={`${th} px-3 text-left`}>
              Prozentbereich
            </th>
          </tr>
        </thead>
        <tbody>
          {cells.map((c) => (
            <tr key={c.grade} className="even:bg-slate-50 dark:even:bg-slate-950">
              <th scope="row" className={rowTh}>
                {c.grade}
              </th>
              <td className={`${td} px-3`}>{c.range}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * "26,67 - 33,33" as two lines ("26,67 -" over "33,33") so that all 16 columns of the
 * horizontal table stay as narrow as the longest bound; the text content stays "low - high".
 */
function StackedRange({ range }: { range: string }) {
  const [low, high] = range.split(' - ')
  if (high === undefined) return range
  return (
    <>
      <span className="block whitespace-nowrap">{low} -</span> <span className="block whitespace-nowrap">{high}</span>
    </>
  )
}
