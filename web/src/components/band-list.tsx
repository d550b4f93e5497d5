import { Fragment } from 'react'
import { current, type BandTableProps } from './band-table'

/**
 * Many bands (tenths, quarters, the IHK's decimal key) as a list in columns, read downwards: two at
 * 390 px, up to six at 1280 px and five on paper, so that even 51 bands fit one screen and one A4 page.
 * Each row keeps its value right beside its grade, under a line of its own, and a rule parts the
 * columns, so that a value never reads as its neighbour's. Where the grades have words ("sehr gut"),
 * each word heads its grades; a screen reader hears the word with each grade instead.
 */
export default function BandList({
  rows,
  labelledBy,
  marked,
}: Omit<BandTableProps, 'valueLabels' | 'gradeLabel' | 'className'>) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className="columns-2 gap-x-6 text-sm [column-rule:1px_solid_var(--color-slate-300)] sm:columns-3 md:columns-4 lg:columns-6 dark:[column-rule-color:var(--color-slate-700)] print:columns-5 print:gap-x-4 print:text-xs"
    >
      {rows.map((r, i) => (
        <Fragment key={r.grade}>
          {r.word !== undefined && r.word !== rows[i - 1]?.word && (
            <li
              aria-hidden="true"
              className="break-after-avoid break-inside-avoid px-1 pt-2 text-xs font-semibold text-green-900 first:pt-0 dark:text-green-300 print:pt-1"
            >
              {r.word}
            </li>
          )}
          <li
            {...(r.grade === marked ? { 'aria-current': true as const } : {})}
            className={`flex break-inside-avoid items-baseline gap-3 border-b border-slate-200 px-1 py-0.5 tabular-nums dark:border-slate-700${r.grade === marked ? ` rounded ${current}` : ''}`}
          >
            <span className="w-9 shrink-0 text-right font-semibold text-slate-900 dark:text-slate-100">
              {r.text ?? r.grade}
            </span>
            <span className="text-slate-700 dark:text-slate-300">
              {r.values[0]}
              {r.word !== undefined && <span className="sr-only">, {r.word}</span>}
            </span>
          </li>
        </Fragment>
      ))}
    </ul>
  )
}
