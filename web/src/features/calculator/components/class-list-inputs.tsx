import { Trash2 } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/button'
import { inputClass, labelClass } from '@/components/styles'
import { inNotation, notationOf } from '@/lib/numbers'
import { testTerm } from '@/lib/systems'
import type { ClassListState } from '../use-class-list'

interface ClassListInputsProps {
  list: ClassListState
  /** The key's system, whose words and numbers the examples use. */
  system: string
  /** "Notenspiegel löschen" was pressed (the caller asks first). */
  onDelete: () => void
}

/** The Notenspiegel's title, date and list of points, and where they are kept; not printed. */
export function ClassListInputs({ list, system, onDelete }: ClassListInputsProps) {
  const id = useId()
  const points = inNotation('31,5', notationOf(system))
  return (
    <div className="space-y-4 print:hidden">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div className="min-w-0">
          <label htmlFor={`${id}-name`} className={labelClass}>
            Titel
          </label>
          <input
            id={`${id}-name`}
            value={list.title}
            maxLength={120}
            placeholder={`z. B. 7b Mathematik, 2. ${testTerm(system)}`}
            onChange={(e) => {
              list.setTitle(e.target.value)
            }}
            className={inputClass(false, 'mt-1.5')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-date`} className={labelClass}>
            Datum
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={list.date}
            onChange={(e) => {
              list.setDate(e.target.value)
            }}
            className={inputClass(false, 'mt-1.5 tabular-nums')}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          Erreichte Punkte, eine Zeile je Schülerin oder Schüler
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Nur die Punkte („{points}“) oder Name und Punkte, getrennt durch Leerzeichen, Komma, Semikolon oder
          Tabulator („Anna {points}“, „Anna, {points}“, „Anna; {points}“): die Zahl am Ende der Zeile sind die
          Punkte. „fehlt“ oder „krank“ statt der Punkte zählt als abwesend. Aus einer Tabelle kopierte Spalten
          gehen auch, eine Überschriftenzeile wird übersprungen.
        </p>
        <textarea
          id={`${id}-text`}
          aria-describedby={`${id}-hint ${id}-kept`}
          value={list.text}
          onChange={(e) => {
            list.setText(e.target.value)
          }}
          rows={8}
          spellCheck={false}
          className="mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base tabular-nums text-slate-900 focus:border-green-700 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:bg-slate-900 dark:text-slate-100"
        />
        {list.summary?.header != null && (
          <p className="mt-1.5 text-sm text-slate-700 wrap-anywhere dark:text-slate-300">
            Die erste Zeile „{list.summary.header}“ ist eine Überschrift und wurde übersprungen.
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-kept`} className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-300">
          Liste, Titel und Gesamtpunktzahl bleiben nur in diesem Browser gespeichert, nie auf dem Server, bis
          Sie sie löschen.
        </p>
        <Button
          variant="secondary"
          onClick={onDelete}
          className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Notenspiegel löschen
        </Button>
      </div>
    </div>
  )
}
