import { Download, Trash2 } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { cardClass, inputClass, labelClass } from '@/components/styles'
import type { GradingConfig } from '@/lib/config'
import { summarize, toCsv } from '../class-list'
import { clearClassList, storeClassList, type StoredClassList } from '../class-list-storage'
import { parseNumber } from '../grading'
import { pointsText } from '../points-table'
import { ClassListChart } from './class-list-chart'

const cell = 'px-1.5 py-1.5 sm:px-2 print:py-0 print:leading-tight'

/** Starts the download of a file made in the browser; nothing goes to the server. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 1000)
}

const dateText = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('.') : '')

/** notenspiegel-7b-mathematik-2-klassenarbeit-2026-11-23.csv: letters and digits of the title, then the date. */
export function csvName(title: string, date: string): string {
  const words =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  return (
    ['notenspiegel', ...words, date]
      .filter((part) => part !== '')
      .join('-')
      .slice(0, 120) + '.csv'
  )
}

function today(): string {
  const d = new Date()
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

interface ClassListProps {
  config: GradingConfig
  total: string
  /** The kept list, when this browser has one (class-list-storage.ts). */
  kept: StoredClassList | null
  onCleared: () => void
}

/** The Notenspiegel (loaded lazily): a class's points in, each line's grade and the counts out. */
export default function ClassList({ config, total, kept, onCleared }: ClassListProps) {
  const id = useId()
  const [text, setText] = useState(kept?.text ?? '')
  const [title, setTitle] = useState(kept?.title ?? '')
  const [date, setDate] = useState(kept?.date ?? today())
  const [confirming, setConfirming] = useState(false)
  const summary = useMemo(() => summarize(config, total, text), [config, total, text])
  const t = parseNumber(total)
  const empty = summary === null || summary.lines.length === 0
  useEffect(() => {
    storeClassList({ text, title, date, total })
  }, [text, title, date, total])
  const heading = [title.trim(), dateText(date)].filter((x) => x !== '').join(' · ')

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
        Notenspiegel{summary !== null && t !== null ? ` für ${pointsText(t)}` : ''}
      </h2>
      {heading !== '' && <p className="hidden text-sm font-medium wrap-anywhere print:block">{heading}</p>}
      <div className="mt-4 grid gap-6 lg:grid-cols-2 print:mt-2 print:grid-cols-2 print:gap-4">
        <div className="space-y-4 print:contents">
          <div className="space-y-4 print:hidden">
            <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
              <div className="min-w-0">
                <label htmlFor={`${id}-name`} className={labelClass}>
                  Titel
                </label>
                <input
                  id={`${id}-name`}
                  value={title}
                  maxLength={120}
                  placeholder="z. B. 7b Mathematik, 2. Klassenarbeit"
                  onChange={(e) => {
                    setTitle(e.target.value)
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
                  value={date}
                  onChange={(e) => {
                    setDate(e.target.value)
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
                Nur die Punkte („31,5“) oder Name und Punkte („Anna; 31,5“). Aus einer Tabelle kopierte
                Spalten gehen auch, eine Überschriftenzeile wird übersprungen.
              </p>
              <textarea
                id={`${id}-text`}
                aria-describedby={`${id}-hint ${id}-kept`}
                value={text}
                onChange={(e) => {
                  setText(e.target.value)
                }}
                rows={8}
                spellCheck={false}
                className="mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base tabular-nums text-slate-900 focus:border-green-700 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:bg-slate-900 dark:text-slate-100"
              />
              {summary?.header != null && (
                <p className="mt-1.5 text-sm text-slate-700 wrap-anywhere dark:text-slate-300">
                  Die erste Zeile „{summary.header}“ ist eine Überschrift und wurde übersprungen.
                </p>
              )}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p id={`${id}-kept`} className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-300">
                Liste, Titel und Gesamtpunktzahl bleiben nur in diesem Browser gespeichert, nie auf dem
                Server, bis Sie sie löschen.
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  setConfirming(true)
                }}
                className="dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Notenspiegel löschen
              </Button>
            </div>
          </div>
          {summary === null ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              Bitte oben zuerst die Gesamtpunktzahl eingeben (eine Zahl größer als 0).
            </p>
          ) : (
            !empty && (
              <Stats
                summary={summary}
                onExport={() => {
                  download(
                    csvName(title, date),
                    toCsv(summary, { title, date: dateText(date) }),
                    'text/csv;charset=utf-8',
                  )
                }}
              />
            )
          )}
        </div>
        {summary !== null && !empty && <Results summary={summary} />}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Notenspiegel löschen?"
          confirmLabel="Löschen"
          danger
          onCancel={() => {
            setConfirming(false)
          }}
          onConfirm={() => {
            clearClassList()
            setConfirming(false)
            setText('')
            setTitle('')
            setDate(today())
            onCleared()
          }}
        >
          Liste und Titel werden aus diesem Browser entfernt. Das lässt sich nicht rückgängig machen.
        </ConfirmDialog>
      )}
    </section>
  )
}

function Stats({
  summary,
  onExport,
}: {
  summary: NonNullable<ReturnType<typeof summarize>>
  onExport: () => void
}) {
  const invalid = summary.lines.length - summary.graded
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3 text-center print:gap-2">
        {[
          ['Bewertet', String(summary.graded)],
          ['Durchschnitt', summary.average || '–'],
          ['Anteil 5 und 6', summary.failing || '–'],
        ].map(([term, value]) => (
          <div
            key={term}
            className="rounded-lg bg-green-50 p-2 dark:bg-green-950 print:border print:border-slate-300 print:p-1"
          >
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums text-green-900 dark:text-green-300">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Für den Durchschnitt zählen + und - wie die Note ohne Zusatz (2+ und 2- zählen als 2).
        {invalid > 0 &&
          ` ${invalid === 1 ? 'Eine Zeile ist ungültig und zählt' : `${invalid} Zeilen sind ungültig und zählen`} nicht mit.`}
      </p>
      <ClassListChart summary={summary} />
      <Button
        variant="secondary"
        onClick={onExport}
        className="print:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Download className="size-4" aria-hidden="true" />
        Als CSV herunterladen
      </Button>
    </div>
  )
}

function Results({ summary }: { summary: NonNullable<ReturnType<typeof summarize>> }) {
  const hasNames = summary.lines.some((l) => l.name !== '')
  return (
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full border-collapse text-sm print:text-[9px]">
        <caption className="mb-1 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
          Ergebnis je Zeile
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-900 dark:border-slate-700 dark:text-slate-100">
            <th scope="col" className={`${cell} w-8 sm:w-10`}>
              Nr.
            </th>
            {hasNames && (
              <th scope="col" className={cell}>
                Name
              </th>
            )}
            <th scope="col" className={`${cell} text-right`}>
              Punkte
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Prozent
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Note
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-700 dark:text-slate-100">
          {summary.lines.map(({ line, name, points, result }) => (
            <tr
              key={line}
              className={
                'error' in result ? 'bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100' : undefined
              }
            >
              <td className={`${cell} tabular-nums text-slate-600 dark:text-slate-300`}>
                <span className="sr-only">Zeile </span>
                {line}
              </td>
              {hasNames && <td className={`${cell} wrap-anywhere`}>{name}</td>}
              {'error' in result ? (
                // The raw text and why it is not graded share the last three columns, so that the
                // message has room to wrap between words at 390 px.
                <td colSpan={3} className={`${cell} text-right wrap-anywhere`}>
                  <span className="tabular-nums">{points}</span>
                  <span className="block font-medium print:ml-1 print:inline">
                    <span className="sr-only">Ungültig: </span>
                    {result.error}
                  </span>
                </td>
              ) : (
                <>
                  <td className={`${cell} text-right tabular-nums wrap-anywhere`}>{points}</td>
                  <td className={`${cell} text-right tabular-nums`}>{result.percentage}</td>
                  <td className={`${cell} text-right font-semibold tabular-nums`}>{result.grade}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
