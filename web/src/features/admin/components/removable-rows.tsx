import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { errorClass, hintClass, labelClass } from '@/components/styles'

interface RemovableRowsProps {
  legend: string
  hint: ReactNode
  /** Shown between the hint and the rows, e.g. buttons that fill the list at once. */
  children?: ReactNode
  /** The rows of the field array; their ids are the keys of the list items. */
  rows: readonly { id: string }[]
  /** The grid of one row: its fields and, last, the button „Entfernen“. */
  rowClass: string
  renderRow: (i: number) => ReactNode
  /** The accessible name of row i's button „Entfernen“, which names the row. */
  removeLabel: (i: number) => string
  canRemove: boolean
  onRemove: (i: number) => void
  listError: string | undefined
  addLabel: string
  max: number
  onAdd: () => void
}

/**
 * A list of rows of a setting (the Fehlerquotient's steps, the Zeugnisnote's categories): each row with
 * its fields and a button „Entfernen“, the error of the whole list, and a button that adds a row up to
 * the maximum.
 */
export function RemovableRows({
  legend,
  hint,
  children,
  rows,
  rowClass,
  renderRow,
  removeLabel,
  canRemove,
  onRemove,
  listError,
  addLabel,
  max,
  onAdd,
}: RemovableRowsProps) {
  const hintId = useId()
  const list = useRef<HTMLUListElement>(null)
  const add = useRef<HTMLButtonElement>(null)
  // After „Entfernen“ the focus goes to the first field of the row that took the removed one's place (or
  // of the last row), else to the button that adds one: the removed button took the focus with it, and
  // the browser would drop it to the page's body.
  const removed = useRef<number | null>(null)
  useEffect(() => {
    const i = removed.current
    if (i === null) return
    removed.current = null
    const items = list.current?.children ?? []
    const row = items[Math.min(i, items.length - 1)]
    const target = row?.querySelector<HTMLElement>('input, select') ?? add.current
    target?.focus()
  })
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className={labelClass}>{legend}</legend>
      <p id={hintId} className={hintClass}>
        {hint}
      </p>
      {children}
      <ul ref={list} className="mt-3 space-y-3">
        {rows.map((row, i) => (
          <li key={row.id} className={rowClass}>
            {renderRow(i)}
            <Button
              variant="link"
              className="col-span-2 justify-self-start sm:col-span-1 sm:mt-7 sm:min-h-11"
              aria-label={removeLabel(i)}
              disabled={!canRemove}
              onClick={() => {
                removed.current = i
                onRemove(i)
              }}
            >
              Entfernen
            </Button>
          </li>
        ))}
      </ul>
      {listError !== undefined && <p className={errorClass}>{listError}</p>}
      <Button ref={add} variant="secondary" className="mt-3" disabled={rows.length >= max} onClick={onAdd}>
        {addLabel}
      </Button>
    </fieldset>
  )
}
