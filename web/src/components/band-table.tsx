/** One column of a band table: the grade and its values, one per entry of `valueLabels`. */
export interface BandRow {
  /** The band's label as the key holds it, which `marked` names. */
  grade: string
  /** The label as the system writes it ("4.5" in Switzerland); the label itself without. */
  text?: string | undefined
  /** The grade in words beside it, where the system has words for its numbers ("sehr gut"). */
  word?: string | undefined
  values: string[]
}

/** A band's grade as its header shows it: the label in the system's notation, its word below in small. */
export function GradeName({ row }: { row: BandRow }) {
  return (
    <>
      {row.text ?? row.grade}
      {row.word !== undefined && (
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300 print:text-[9px]">
          {row.word}
        </span>
      )}
    </>
  )
}

export interface BandTableProps {
  rows: BandRow[]
  /** What the values are: ["über", "bis einschließlich"] for percentages, ["Punkte"] for points. */
  valueLabels: string[]
  /** The id of the element that names both tables. */
  labelledBy: string
  /** The calculator's current grade: its cells are tinted, framed and carry aria-current. */
  marked?: string | undefined
  /** What the grades are: "Note", or "Punkte" where a grade is a count (Notenpunkte). */
  gradeLabel?: string
  className?: string
}

const border = 'border border-slate-200 dark:border-slate-700'
const head = `${border} py-2 font-semibold text-slate-900 dark:text-slate-100`
const th = `${head} bg-slate-100 dark:bg-slate-800`
const td = `${border} py-2 tabular-nums text-slate-800 dark:text-slate-100 wrap-anywhere`
// Not by colour alone: the current band is also framed (and aria-current for assistive technology).
export const current =
  'bg-green-100 dark:bg-green-900 outline-2 -outline-offset-2 outline-green-700 dark:outline-green-400'

/**
 * The 16 bands (docs/spec.md §4) in the two layouts of §2: horizontal from lg (1024 px) and on paper,
 * with one row per value; vertical below, with one column per value. Only one is displayed at a time
 * (display: none hides the other from assistive technology too). Used for the grade table (percent
 * thresholds) and the Punkteschlüssel (points ranges). Values are never cut: a value wider than its
 * column (only hostile input, such as a 30-digit total) wraps inside it instead of widening the page.
 */
export function BandTable({
  rows,
  valueLabels,
  labelledBy,
  marked,
  gradeLabel = 'Note',
  className = '',
}: BandTableProps) {
  const at = (grade: string) => (grade === marked ? { 'aria-current': true as const } : {})
  const mark = (grade: string) => (grade === marked ? ` ${current}` : '')
  // a grade with its word ("genügend") needs more than the digits' width
  const gradeWidth = rows.some((r) => r.word !== undefined) ? 'w-28' : 'w-16'
  return (
    <>
      <table
        aria-labelledby={labelledBy}
        className={`hidden w-full table-fixed border-collapse text-center text-sm lg:table print:table print:text-xs ${className}`}
      >
        <thead>
          <tr>
            <th scope="col" className={`${th} w-36 px-2 text-left print:w-20 print:px-1`}>
              {gradeLabel}
            </th>
            {rows.map((r) => (
              <th
                key={r.grade}
                scope="col"
                {...at(r.grade)}
                className={`${r.grade === marked ? head : th} px-1${mark(r.grade)}`}
              >
                <GradeName row={r} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {valueLabels.map((label, i) => (
            <tr key={label}>
              <th scope="row" className={`${th} px-2 text-left font-medium print:px-1`}>
                {label}
              </th>
              {rows.map((r) => (
                <td
                  key={r.grade}
                  {...at(r.grade)}
                  className={`${td} px-0.5 text-xs print:py-1 print:text-[9px]${mark(r.grade)}`}
                >
                  {r.values[i]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <table
        aria-labelledby={labelledBy}
        className={`w-full table-fixed border-collapse text-sm lg:hidden print:hidden ${className}`}
      >
        <thead>
          <tr>
            <th scope="col" className={`${th} ${gradeWidth} px-3 text-left`}>
              {gradeLabel}
            </th>
            {valueLabels.map((label) => (
              <th key={label} scope="col" className={`${th} px-3 text-left`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.grade} className="even:bg-slate-50 dark:even:bg-slate-950">
              <th scope="row" {...at(r.grade)} className={`${head} px-3 text-left${mark(r.grade)}`}>
                <GradeName row={r} />
              </th>
              {r.values.map((value, i) => (
                <td key={valueLabels[i]} {...at(r.grade)} className={`${td} px-3${mark(r.grade)}`}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
