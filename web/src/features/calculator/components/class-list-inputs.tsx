import { useId } from 'react'
import { inputClass, labelClass } from '@/components/styles'
import { inNotation, notationOf } from '@/lib/numbers'
import { testTerm } from '@/lib/systems'
import type { ClassSummary } from '../class-list'
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
  const errors = inNotation('10,5', notation)
  const tasks = list.summary !== null && list.summary.tasks.length > 0
  // the header's maximum ("Inhalt (40)", or the tasks' sum) is the total: the field shows it, read only
  const fixed = tasks || list.summary?.language?.maxGiven === true
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
          readOnly={fixed}
          aria-describedby={fixed ? `${id}-sum` : undefined}
          value={
            fixed && list.summary !== null ? formatPoints(list.summary.total, notation.separator) : list.total
          }
          onChange={(e) => {
            list.setTotal(e.target.value)
          }}
          className={inputClass(false, 'mt-1.5 tabular-nums')}
        />
        {fixed && (
          <p id={`${id}-sum`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {tasks
              ? 'Summe der Höchstpunktzahlen der Aufgaben.'
              : 'Höchstpunktzahl des Inhalts aus der ersten Zeile.'}
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
          und Punkte je Aufgabe („Anna; 8; {points}“). Sprachen: in der ersten Zeile „Name; Inhalt; Fehler;
          Wörter“, darunter je Zeile die Punkte für den Inhalt, die Fehler (auch halbe: {errors}) und die
          Wörter („Anna; {points}; {errors}; 350“); „Inhalt (40)“ nennt die Höchstpunktzahl.
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
            {headerNote(list.summary)}
          </p>
        )}
      </div>
    </div>
  )
}

/** What the list made of its first line. */
function headerNote(summary: ClassSummary): string {
  const n = summary.tasks.length
  if (n > 0)
    return `Die erste Zeile nennt ${String(n)} ${n === 1 ? 'Aufgabe' : 'Aufgaben'}: Punkte je Aufgabe, die Summe wird bewertet.`
  if (summary.language !== null)
    return 'Die erste Zeile nennt Inhalt, Fehler und Wörter: der Inhalt wird bewertet, die Fehler geben den Fehlerquotienten und mit einer Umrechnung den Abzug.'
  return `Die erste Zeile „${summary.header ?? ''}“ ist eine Überschrift und wurde übersprungen.`
}
