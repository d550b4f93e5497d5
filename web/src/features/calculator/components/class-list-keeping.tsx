import { Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/button'
import { inputClass, labelClass } from '@/components/styles'
import { MAX_KEEP_DAYS } from '../class-list-storage'

// Where the Notenspiegel's names and points stay (class-list-storage.ts): for this browser session by
// default, since teachers work on shared computers; on this device for a chosen time when asked; and
// „Daten auf diesem Gerät löschen“ removes them at once, one click, no question.

const DAYS = [1, 7, 14, MAX_KEEP_DAYS] as const

const dayText = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' })

interface ClassListKeepingProps {
  /** Until when this device keeps the list (ISO time); null: this browser session only. */
  until: string | null
  onKeep: (days: number | null) => void
  onDelete: () => void
}

export function ClassListKeeping({ until, onKeep, onDelete }: ClassListKeepingProps) {
  const id = useId()
  // a list kept before this visit: its time is the date below, no choice is shown as made
  const [days, setDays] = useState<number | ''>(until === null ? 7 : '')
  const kept = until !== null
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700 print:hidden">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="flex items-center gap-2 py-2">
          <input
            id={`${id}-keep`}
            type="checkbox"
            checked={kept}
            onChange={(e) => {
              onKeep(e.target.checked ? days || 7 : null)
            }}
            className="size-5 accent-green-700"
          />
          <label htmlFor={`${id}-keep`} className="text-sm font-medium text-slate-800 dark:text-slate-100">
            Auf diesem Gerät merken
          </label>
        </div>
        {kept && (
          <div>
            <label htmlFor={`${id}-days`} className={labelClass}>
              Wie lange
            </label>
            <select
              id={`${id}-days`}
              // a choice counts from now; the text below says until when
              value={days}
              onChange={(e) => {
                setDays(Number(e.target.value))
                onKeep(Number(e.target.value))
              }}
              className={inputClass(false, 'mt-1.5 w-auto')}
            >
              {days === '' && (
                <option value="" disabled>
                  neu wählen
                </option>
              )}
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? '1 Tag' : `${String(d)} Tage`}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p id={`${id}-where`} role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {kept
          ? `Namen, Punkte und Kommentare bleiben auf diesem Gerät bis ${dayText(until)} gespeichert, dann werden sie gelöscht.`
          : 'Namen, Punkte und Kommentare bleiben nur in diesem Browser-Tab, bis er geschlossen wird, nicht dauerhaft auf dem Gerät. Nichts davon geht an den Server.'}
      </p>
      <Button
        variant="secondary"
        onClick={onDelete}
        aria-describedby={`${id}-where`}
        className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Daten auf diesem Gerät löschen
      </Button>
    </div>
  )
}
