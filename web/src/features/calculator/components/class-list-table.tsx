import type { ReactNode } from 'react'
import type { ClassLine } from '../class-list'

/** A cell of the table „Ergebnis je Zeile“, on the page and in print. */
export const cell = 'px-1.5 py-1.5 sm:px-2 print:py-0 print:leading-tight'

/** A cell as pasted, marked where it is wrong (a task's points, the content, errors or words). */
export function PastedCell({ pasted }: { pasted: NonNullable<ClassLine['cells']>[number] | undefined }) {
  const wrong = pasted?.error !== undefined
  return (
    <td
      className={`${cell} text-right tabular-nums wrap-anywhere ${wrong ? 'font-semibold underline decoration-wavy decoration-red-700 dark:decoration-red-300' : ''}`}
    >
      {pasted?.text}
      {wrong && <span className="sr-only"> (ungültig)</span>}
    </td>
  )
}

/** The colours of a line that is not graded because its input is wrong. */
export function lineClass(result: ClassLine['result']): string | undefined {
  return 'error' in result ? 'bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100' : undefined
}

/**
 * The frame of the table „Ergebnis je Zeile“ that both kinds of list share (class-list-results.tsx,
 * class-list-language.tsx): its scrolling box, caption and the heads „Nr.“ and „Name“ (with names only);
 * the other heads and the rows are the list's own.
 */
export function ClassListTable({
  boxClass,
  hasNames,
  heads,
  children,
}: {
  boxClass: string
  hasNames: boolean
  heads: ReactNode
  children: ReactNode
}) {
  return (
    <div className={boxClass}>
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
            {heads}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-700 dark:text-slate-100">
          {children}
        </tbody>
      </table>
    </div>
  )
}
