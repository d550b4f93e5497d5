import { useId } from 'react'
import type { TableCell } from '@/lib/grade-table'
import { BandTable } from './band-table'

interface GradeTableProps {
  cells: TableCell[]
  /** The configuration's name, shown above the table as "Notenschlüssel: <name>". */
  name: string
}

/**
 * The grade table of SPEC §4 (BandTable's two layouts) with the configuration's name above it,
 * shared by both layouts, so that it exists once on the page.
 */
export function GradeTable({ cells, name }: GradeTableProps) {
  const titleId = useId()
  return (
    <div>
      <p id={titleId} className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        Notenschlüssel: <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
      </p>
      <BandTable rows={cells} rangeLabel="Prozentbereich" labelledBy={titleId} />
    </div>
  )
}
