import { lazy, useEffect, useState } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { ToolOpener } from '@/components/tool-opener'
import type { Key } from '@/lib/key'
import type { GradedWith } from '../class-list'
import { readClassList } from '../class-list-storage'

// The Notenspiegel is loaded on demand: its code stays out of the calculator's first download.
const ClassList = lazy(() => import('./class-list'))

interface ClassListSectionProps {
  scaleKey: Key
  graded: GradedWith
  total: string
  /** Sets the calculator's total: a kept list comes back with the total it was graded against. */
  onRestoreTotal: (total: string) => void
}

/**
 * The Notenspiegel's place on the page: a short note and a button, then the lazily loaded list. A
 * list kept in this browser (class-list-storage.ts) opens at once, with its total when none is typed.
 */
export function ClassListSection({ scaleKey, graded, total, onRestoreTotal }: ClassListSectionProps) {
  const [kept, setKept] = useState(readClassList)
  const [open, setOpen] = useState(kept !== null)
  useEffect(() => {
    if (kept !== null && kept.total !== '' && total === '') onRestoreTotal(kept.total)
    // only once, for the list found at start
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (open) {
    return (
      <LazyPart fallback={<Spinner label="Notenspiegel wird geladen" />}>
        <ClassList
          scaleKey={scaleKey}
          graded={graded}
          total={total}
          kept={kept}
          onCleared={() => {
            setKept(null)
            setOpen(false)
          }}
        />
      </LazyPart>
    )
  }
  return (
    <ToolOpener
      title="Notenspiegel"
      text="Punkte einer ganzen Klasse auf einmal bewerten. Die Daten bleiben in diesem Browser."
      action="Notenspiegel erstellen"
      onOpen={() => {
        setOpen(true)
      }}
    />
  )
}
