import { useId } from 'react'
import { inputClass, labelClass } from '@/components/styles'
import { inNotation, notationOf } from '@/lib/numbers'
import { testTerm } from '@/lib/systems'
import { formatPoints } from '../points-table'
import type { ClassListState } from '../use-class-list'

interface ClassListInputsProps {
  list: ClassListState
  /** The key's system, whose words and numbers the examples use. */
  system: string
}

/** The Notenspiegel's title, date, total and list of points; not printed. */
export function ClassListInputs({ list, system }: ClassListInputsProps) {
  const id = useId()
  const notation = notationOf(system)
  const points = inNotation('31,5', notation)
  const tasks = list.summary !== null && list.summary.tasks.length > 0
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
      <div className="sm:max-w-xs">
        <label htmlFor={`${id}-total`} className={labelClass}>
          Gesamtpunktzahl dieser Arbeit
        </label>
        <input
          id={`${id}-total`}
          inputMode="decimal"
          autoComplete="off"
          // under a task header the total is the sum of the tasks' maxima
          readOnly={tasks}
          aria-describedby={tasks ? `${id}-sum` : undefined}
          value={
            tasks && list.summary !== null ? formatPoints(list.summary.total, notation.separator) : list.total
          }
          onChange={(e) => {
            list.setTotal(e.target.value)
          }}
          className={inputClass(false, 'mt-1.5 tabular-nums')}
        />
        {tasks && (
          <p id={`${id}-sum`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Summe der Höchstpunktzahlen der Aufgaben.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          Erreichte Punkte, eine Zeile je Schülerin oder Schüler
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Nur die Punkte („{points}“) oder Name und Punkte, getrennt durch Leerzeichen, Komma, Semikolon oder
          Tabulator („Anna {points}“, „Anna, {points}“, „Anna; {points}“): die Zahl am Ende der Zeile sind die
          Punkte. „fehlt“ oder „krank“ statt der Punkte zählt als abwesend. Aus einer Tabelle kopierte Spalten
          gehen auch, eine Überschriftenzeile wird übersprungen. Punkte je Aufgabe: in der ersten Zeile die
          Aufgaben mit ihrer Höchstpunktzahl („Name; Aufgabe 1 (10); Aufgabe 2 (15)“), darunter je Zeile Name
          und Punkte je Aufgabe („Anna; 8; {points}“).
        </p>
        <textarea
          id={`${id}-text`}
          aria-describedby={`${id}-hint`}
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
            {tasks
              ? `Die erste Zeile nennt ${String(list.summary.tasks.length)} ${list.summary.tasks.length === 1 ? 'Aufgabe' : 'Aufgaben'}: Punkte je Aufgabe, die Summe wird bewertet.`
              : `Die erste Zeile „${list.summary.header}“ ist eine Überschrift und wurde übersprungen.`}
          </p>
        )}
      </div>
    </div>
  )
}
