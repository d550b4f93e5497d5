import { useId, useRef, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { cardClass } from '@/components/styles'
import type { Key } from '@/lib/key'
import { parseNumber } from '@/lib/numbers'
import { printPart } from '@/lib/print-part'
import { gradedText, type GradedWith } from '../class-list'
import type { StoredClassList } from '../class-list-storage'
import { pointsText } from '../points-table'
import { useClassList } from '../use-class-list'
import { ClassListInputs } from './class-list-inputs'
import { ClassListResults } from './class-list-results'
import { ClassListStats } from './class-list-stats'
import { ClassSummaryPrint } from './class-summary-print'

interface ClassListProps {
  scaleKey: Key
  graded: GradedWith
  total: string
  /** The kept list, when this browser has one (class-list-storage.ts). */
  kept: StoredClassList | null
  onCleared: () => void
}

/** The Notenspiegel (loaded lazily): a class's points in, each line's grade and the counts out. */
export default function ClassList({ scaleKey, graded, total, kept, onCleared }: ClassListProps) {
  const id = useId()
  const list = useClassList(scaleKey, total, kept, graded)
  const [confirming, setConfirming] = useState(false)
  const forClass = useRef<HTMLDivElement>(null)
  const { summary } = list
  const t = parseNumber(total)
  const empty = summary === null || summary.lines.length === 0

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`${cardClass} print:break-inside-avoid ${empty ? 'print:hidden' : ''}`}
      data-print="class-list"
    >
      <h2
        id={`${id}-title`}
        className="text-lg font-semibold text-slate-900 wrap-anywhere dark:text-slate-100"
      >
        Notenspiegel
        {summary !== null && t !== null ? ` für ${pointsText(t, summary.notation.separator)}` : ''}
      </h2>
      {list.heading !== '' && (
        <p className="hidden text-sm font-medium wrap-anywhere print:block">{list.heading}</p>
      )}
      <p className="mt-1 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
        Bewertet mit dem Notenschlüssel {gradedText(graded)}.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2 print:mt-2 print:grid-cols-2 print:gap-4">
        <div className="space-y-4 print:contents">
          <ClassListInputs
            list={list}
            system={scaleKey.system}
            onDelete={() => {
              setConfirming(true)
            }}
          />
          {summary === null ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              Bitte oben zuerst die Gesamtpunktzahl eingeben (eine Zahl größer als 0).
            </p>
          ) : (
            !empty && (
              <ClassListStats
                summary={summary}
                onExport={list.exportCsv}
                onPrintForClass={() => {
                  if (forClass.current !== null) printPart(forClass.current)
                }}
              />
            )
          )}
        </div>
        {summary !== null && !empty && <ClassListResults summary={summary} />}
      </div>
      {summary !== null && !empty && (
        <ClassSummaryPrint
          summary={summary}
          heading={list.heading}
          total={total}
          graded={graded}
          ref={forClass}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title="Notenspiegel löschen?"
          confirmLabel="Löschen"
          danger
          onCancel={() => {
            setConfirming(false)
          }}
          onConfirm={() => {
            list.clear()
            setConfirming(false)
            onCleared()
          }}
        >
          Liste und Titel werden aus diesem Browser entfernt. Das lässt sich nicht rückgängig machen.
        </ConfirmDialog>
      )}
    </section>
  )
}
