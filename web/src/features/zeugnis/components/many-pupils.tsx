import { Download, Printer } from 'lucide-react'
import { useId, useMemo, useRef } from 'react'
import { Button } from '@/components/button'
import { hintClass, labelClass } from '@/components/styles'
import type { ZeugnisSettings } from '@/lib/config'
import { download } from '@/lib/download'
import { notationOf } from '@/lib/numbers'
import { printPart } from '@/lib/print-part'
import { classCsvName, classResults } from '../class-results'
import { pupilsCsv } from '../pupils'
import type { ZeugnisSystem } from '../rule'
import type { Zeugnis } from '../use-zeugnis'
import { ClassTable } from './class-table'
import { RuleLine } from './rule-line'

interface ManyPupilsProps {
  zeugnis: Zeugnis
  system: ZeugnisSystem
  settings: ZeugnisSettings
}

const secondary = 'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'

/** "Mehrere Schüler": pasted rows, one proposal per pupil, the CSV and the printout. */
export function ManyPupils({ zeugnis: z, system, settings }: ManyPupilsProps) {
  const id = useId()
  const printed = useRef<HTMLDivElement>(null) // "Tabelle drucken" prints the table and the rule line alone
  const { rows, answers } = useMemo(
    () => classResults(system, settings, z.categories, z.pupils),
    [system, settings, z.categories, z.pupils],
  )
  const order = ['Name', ...z.categories.map((c) => c.name.trim())].join('; ')
  const weights = z.categories.map((c) => `${c.name.trim()} ${c.weight.trim() || '1'}`).join(' : ')
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-rows`} className={labelClass}>
          Schülerinnen und Schüler, eine Zeile je Person
        </label>
        <p id={`${id}-hint`} className={hintClass}>
          In der Reihenfolge „{order}“, Felder mit „;“ oder aus einer Tabelle kopiert, die Noten eines Felds
          mit Leerzeichen getrennt. Gewichte wie unter „Ein Schüler“: {weights}.
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
      {rows.length > 0 && (
        <>
          <div ref={printed}>
            <h3 className="hidden text-base font-semibold print:block">Zeugnisnoten: Vorschläge</h3>
            <div className="hidden print:block">
              <RuleLine system={system} settings={settings} />
            </div>
            <ClassTable rows={rows} answers={answers} system={system} />
          </div>
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
