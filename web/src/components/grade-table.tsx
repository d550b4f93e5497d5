import { useId } from 'react'
import { EMPTY, NONE, type TableCell } from '@/lib/grade-table'
import { BandTable } from './band-table'

interface GradeTableProps {
  cells: TableCell[]
  /** The configuration's name, shown above the table as "Notenschlüssel: <name>". */
  name: string
  /** The calculator's current grade, marked in the table. */
  marked?: string | undefined
}

const VALUE_LABELS = ['Prozent über', 'bis einschließlich']

/**
 * The grade table of docs/spec.md §4 (BandTable's two layouts) with the configuration's name above it and
 * a sentence below that says how to read a boundary: the thresholds are exact, and a
 * grade starts *above* its lower one, which the example shows with this configuration's numbers.
 */
export function GradeTable({ cells, name, marked }: GradeTableProps) {
  const titleId = useId()
  const rows = cells.map((c) => ({ grade: c.grade, values: [c.over, c.upTo] }))
  return (
    <div>
      <p id={titleId} className="mb-3 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
        Notenschlüssel: <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
      </p>
      <BandTable rows={rows} valueLabels={VALUE_LABELS} labelledBy={titleId} marked={marked} />
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{howToRead(cells)}</p>
    </div>
  )
}

/** "Eine Note gilt über dem ersten Wert bis einschließlich zum zweiten: genau 85 % ergibt 2+, …" */
export function howToRead(cells: TableCell[]): string {
  const rule = 'Eine Note gilt über dem ersten Wert bis einschließlich zum zweiten'
  const above = cells.find(
    (c, i) =>
      i > 0 && c.over !== EMPTY && c.over !== NONE && c.over !== '?' && cells.some((b) => b.upTo === c.over),
  )
  const at = above === undefined ? undefined : cells.find((b) => b.upTo === above.over)
  if (above === undefined || at === undefined) return `${rule}.`
  return `${rule}: genau ${above.over} % ergibt ${at.grade}, erst mehr als ${above.over} % ergibt ${above.grade}.`
}
