/** One column of a band table: the grade and its range as text ("74,99 - 80", "33,5 – 36"). */
export interface BandRow {
  grade: string
  range: string
}

interface BandTableProps {
  rows: BandRow[]
  /** Header of the range row or column: "Prozentbereich", "Punkte". */
  rangeLabel: string
  /** The id of the element that names both tables. */
  labelledBy: string
  /** A grade whose band is tinted (the calculator's current result). */
  marked?: string
  className?: string
}

const border = 'border border-slate-200 dark:border-slate-700'
const head = `${border} py-2 font-semibold text-slate-900 dark:text-slate-100`
const th = `${head} bg-slate-100 dark:bg-slate-800`
const td = `${border} py-2 tabular-nums text-slate-800 dark:text-slate-100`
const tint = 'bg-green-100 dark:bg-green-900'

/**
 * The 16 bands in the two layouts of SPEC §4: horizontal from lg (1024 px) and on paper, vertical
 * below. Only one is displayed at a time (display: none hides the other from assistive technology
 * too). Used for the grade table (percent) and the Punkteschlüssel (points).
 */
export function BandTable({ rows, rangeLabel, labelledBy, marked, className = '' }: BandTableProps) {
  const mark = (grade: string) => (grade === marked ? ` ${tint}` : '')
  return (
    <>
      <table
        aria-labelledby={labelledBy}
        className={`hidden w-full table-fixed border-collapse text-center text-sm lg:table print:table print:text-xs ${className}`}
      >
        <thead>
          <tr>
            <th scope="col" className={`${th} w-32 px-3 text-left`}>
              Note
            </th>
            {rows.map((r) => (
              <th key={r.grade} scope="col" className={`${r.grade === marked ? `${head} ${tint}` : th} px-1`}>
                {r.grade}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className={`${th} px-3 text-left`}>
              {rangeLabel}
            </th>
            {rows.map((r) => (
              <td key={r.grade} className={`${td} px-1 text-xs leading-snug xl:text-sm print:text-xs${mark(r.grade)}`}>
                <StackedRange range={r.range} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>

      <table aria-labelledby={labelledBy} className={`w-full border-collapse text-sm lg:hidden print:hidden ${className}`}>
        <thead>
          <tr>
            <th scope="col" className={`${th} w-1/3 px-3 text-left`}>
              Note
            </th>
            <th scope="col" className={`${th} px-3 text-left`}>
              {rangeLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.grade} className="even:bg-slate-50 dark:even:bg-slate-950">
              <th scope="row" className={`${head} px-3 text-left${mark(r.grade)}`}>
                {r.grade}
              </th>
              <td className={`${td} px-3${mark(r.grade)}`}>{r.range}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

/**
 * "26,67 - 33,33" (or "33,5 – 36") as two lines, so that all 16 columns of the horizontal table
 * stay as narrow as the longest bound; the text content stays the same.
 */
function StackedRange({ range }: { range: string }) {
  const match = /^(.*) ([-–]) (.*)$/.exec(range)
  if (match === null) return range
  const [, low, dash, high] = match
  return (
    <>
      <span className="block whitespace-nowrap">
        {low} {dash}
      </span>{' '}
      <span className="block whitespace-nowrap">{high}</span>
    </>
  )
}
