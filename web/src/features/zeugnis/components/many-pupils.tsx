import { Download, Printer } from 'lucide-react'
import { useId, useMemo, useRef } from 'react'
import { Button } from '@/components/button'
import { SelectField } from '@/components/select-field'
import { hintClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import type { ZeugnisSettings } from '@/lib/config'
import { download } from '@/lib/download'
import { notationOf } from '@/lib/numbers'
import { printPart } from '@/lib/print-part'
import { classCsvName, classResults } from '../class-results'
import { pupilsCsv } from '../pupils'
import type { ZeugnisSystem } from '../rule'
import type { ReportHead } from '../storage'
import type { Zeugnis } from '../use-zeugnis'
import { ClassTable } from './class-table'
import { RuleLine } from './rule-line'

interface ManyPupilsProps {
  zeugnis: Zeugnis
  system: ZeugnisSystem
  settings: ZeugnisSettings
}

const secondary = 'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'

const HEAD: { key: keyof ReportHead; label: string; placeholder: string }[] = [
  { key: 'klasse', label: 'Klasse', placeholder: '7b' },
  { key: 'fach', label: 'Fach', placeholder: 'Mathematik' },
  { key: 'lehrkraft', label: 'Lehrkraft', placeholder: 'Frau Beispiel' },
  { key: 'datum', label: 'Datum', placeholder: '28.11.2026' },
]

/** "Mehrere Schüler": pasted rows, one proposal per pupil, the CSV and the printout for the Zeugniskonferenz. */
export function ManyPupils({ zeugnis: z, system, settings }: ManyPupilsProps) {
  const id = useId()
  const printed = useRef<HTMLDivElement>(null) // "Tabelle drucken" prints this part alone, for the Zeugniskonferenz
  const { rows, answers, means, columns, assigned } = useMemo(
    () => classResults(system, settings, z.categories, z.pupils, z.assign),
    [system, settings, z.categories, z.pupils, z.assign],
  )
  const categories = z.categories.map((c) => ({ name: c.name.trim(), weight: c.weight.trim() || '1' }))
  const order = ['Name', ...categories.map((c) => c.name)].join('; ')
  const weights = categories.map((c) => `${c.name} ${c.weight}`).join(' : ')
  const head = HEAD.flatMap(({ key, label }) => {
    const v = z.report?.[key].trim() ?? ''
    return v === '' ? [] : [`${label}: ${v}`]
  })
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-rows`} className={labelClass}>
          Schülerinnen und Schüler, eine Zeile je Person
        </label>
        <p id={`${id}-hint`} className={hintClass}>
          In der Reihenfolge „{order}“, Felder mit „;“ oder aus einer Tabelle kopiert, die Noten eines Felds
          mit Leerzeichen getrennt. Oder ein Notenbuch mit Kopfzeile („Name; KA1; KA2; mdl1“), eine Note je
          Zelle: jede Spalte wird einer Kategorie zugeordnet. Gewichte wie unter „Ein Schüler“: {weights}.
        </p>
        <textarea
          id={`${id}-rows`}
          aria-describedby={`${id}-hint`}
          value={z.pupils}
          onChange={(e) => {
            z.setPupils(e.target.value)
          }}
          rows={8}
          spellCheck={false}
          placeholder={'Anna Beispiel; 2+ 3; 2 1-\nBen Muster; 4 3; 3'}
          className="mt-1.5 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-green-700 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
      </div>
      {columns.length > 0 && (
        <ColumnChoice columns={columns} assigned={assigned} categories={categories} zeugnis={z} />
      )}
      {rows.length > 0 && (
        <>
          <div ref={printed}>
            <h3 className="hidden text-base font-semibold print:block">
              Zeugniskonferenz: Vorschläge für die Zeugnisnoten
            </h3>
            <p className="hidden text-sm print:block">{head.join(' · ')}</p>
            <p className="hidden text-sm print:block">
              Kategorien und Gewichte: {categories.map((c) => `${c.name} ${c.weight}`).join(' : ')}
            </p>
            <div className="hidden print:block">
              <RuleLine system={system} settings={settings} />
            </div>
            <ClassTable rows={rows} answers={answers} means={means} categories={categories} system={system} />
          </div>
          <ReportFields zeugnis={z} />
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              className={secondary}
              onClick={() => {
                download(
                  classCsvName(),
                  pupilsCsv(rows, answers, notationOf(system)),
                  'text/csv;charset=utf-8',
                )
              }}
            >
              <Download className="size-4" aria-hidden="true" />
              Als CSV herunterladen
            </Button>
            <Button
              variant="secondary"
              className={secondary}
              onClick={() => {
                if (printed.current !== null) printPart(printed.current)
              }}
            >
              <Printer className="size-4" aria-hidden="true" />
              Tabelle drucken
            </Button>
          </div>
        </>
      )}
    </div>
  )
}

/** Each column heading of a pasted sheet with the category it counts for ("zählt nicht" marked). */
function ColumnChoice({
  columns,
  assigned,
  categories,
  zeugnis: z,
}: {
  columns: string[]
  assigned: string[]
  categories: { name: string }[]
  zeugnis: Zeugnis
}) {
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">
        Spalten der Kopfzeile
      </legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {columns.map((c, i) => (
          <SelectField
            key={i}
            label={`Spalte „${c}“`}
            value={assigned[i] ?? ''}
            error={assigned[i] === '' ? 'Keiner Kategorie zugeordnet: zählt nicht.' : undefined}
            onChange={(e) => {
              z.assignColumn(c, e.target.value)
            }}
          >
            <option value="">zählt nicht</option>
            {categories.map((k, j) => (
              <option key={j} value={k.name}>
                {k.name}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
    </fieldset>
  )
}

/** Class, subject, teacher and date, typed for the printout's head and kept with the tool's inputs. */
function ReportFields({ zeugnis: z }: { zeugnis: Zeugnis }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Für den Ausdruck zur Zeugniskonferenz
      </legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {HEAD.map(({ key, label, placeholder }) => (
          <TextField
            key={key}
            label={label}
            placeholder={placeholder}
            value={z.report?.[key] ?? ''}
            onChange={(e) => {
              z.setReport({ [key]: e.target.value })
            }}
          />
        ))}
      </div>
    </fieldset>
  )
}
