import { current, type BandTableProps } from './band-table'

/**
 * Many bands (tenths, quarters, the IHK's decimal key) as a list in columns, read downwards: two at
 * 390 px, up to six at 1280 px and five on paper, so that even 51 bands fit one screen and one A4 page.
 */
export default function BandList({
  rows,
  labelledBy,
  marked,
}: Omit<BandTableProps, 'valueLabels' | 'gradeLabel' | 'className'>) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className="columns-2 gap-x-4 text-sm sm:columns-3 md:columns-4 lg:columns-6 print:columns-5 print:text-xs"
    >
      {rows.map((r) => (
        <li
          key={r.grade}
          {...(r.grade === marked ? { 'aria-current': true as const } : {})}
          className={`flex max-w-40 break-inside-avoid justify-between gap-2 rounded px-2 py-0.5 tabular-nums${r.grade === marked ? ` ${current}` : ''}`}
        >
          <span className="font-semibold text-slate-900 dark:text-slate-100">{r.grade}</span>
          <span className="text-slate-700 dark:text-slate-300">{r.values[0]}</span>
        </li>
      ))}
    </ul>
  )
}
