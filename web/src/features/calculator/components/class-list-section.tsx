import { lazy, useState } from 'react'
import { LazyPart } from '@/components/lazy-part'
import { Spinner } from '@/components/spinner'
import { ToolOpener } from '@/components/tool-opener'
import type { ScaleDocument } from '@/lib/config'
import type { AdjustedKey } from '../adjusted'
import type { AdjustedSource } from '../adjusted-source'
import { readClassList } from '../class-list-storage'

// The Notenspiegel is loaded on demand: its code stays out of the calculator's first download.
const ClassList = lazy(() => import('./class-list'))

interface ClassListSectionProps {
  /** The school's document and the version the page holds. */
  config: ScaleDocument
  version: number
  /** The page's key for this test (use-adjusted-key.ts): the one a new list is graded with. */
  page: Partial<AdjustedSource> & { adjusted: AdjustedKey }
  /** The calculator's total, which a list without lines follows. */
  total: string
}

/**
 * The Notenspiegel's place on the page: a short note and a button, then the lazily loaded list. A
 * list kept in this browser (class-list-storage.ts) opens at once, with its own total and key.
 */
export function ClassListSection({ config, version, page, total }: ClassListSectionProps) {
  const [kept, setKept] = useState(readClassList)
  const [open, setOpen] = useState(kept !== null)
  // after „Daten auf diesem Gerät löschen“ the focus goes to the button that opens a new list
  const [cleared, setCleared] = useState(false)
  const test = {
    doc: 'doc' in page.adjusted ? page.adjusted.doc : config,
    graded: page.graded ?? { name: config.name, version },
    total,
  }
  if (open) {
    return (
      <LazyPart fallback={<Spinner label="Notenspiegel wird geladen" />}>
        <ClassList
          page={test}
          kept={kept}
          onCleared={() => {
            setKept(null)
            setOpen(false)
            setCleared(true)
          }}
        />
      </LazyPart>
    )
  }
  return (
    <ToolOpener
      title="Notenspiegel"
      text="Punkte einer ganzen Klasse auf einmal bewerten, auch je Aufgabe, mit Rückmeldebögen. Die Daten bleiben in diesem Browser."
      action="Notenspiegel erstellen"
      autoFocus={cleared}
      onOpen={() => {
        setOpen(true)
      }}
    />
  )
}
