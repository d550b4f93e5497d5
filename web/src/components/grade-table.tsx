import { lazy, memo, useId } from 'react'
import { cellText, table } from '@/lib/grade-table'
import { wordOf } from '@/lib/grade-words'
import { gradeHeading, type Key } from '@/lib/key'
import { inNotation, notationOf } from '@/lib/numbers'
import { BandTable } from './band-table'
import { LazyPart } from './lazy-part'

// Many bands come with tenths and the IHK's decimal key only: their list is not on the calculator route,
// whose JS has a budget (docs/benchmarks.md); it arrives with the Punkteschlüssel, right after the first render.
const loadBandList = () => import('./band-list')
const BandList = lazy(loadBandList)
// A preset's source is read from the server where a scale names one; no other scale pays for it.
const loadPresetSource = () => import('./preset-source')
const PresetSource = lazy(loadPresetSource)
// Likewise the sentence under the table, which reads a bound with the key's own numbers.
const loadHowToRead = () => import('./how-to-read')
const HowToRead = lazy(loadHowToRead)

/** The table's lazily loaded parts, for a page that must have them before it is taken over (main.tsx). */
export const loadGradeTableParts = () => Promise.all([loadBandList(), loadPresetSource(), loadHowToRead()])

interface GradeTableProps {
  scaleKey: Key
  /** The configuration's name, shown above the table as "Notenschlüssel: <name>". */
  name: string
  /** The calculator's current grade, marked in the table. */
  marked?: string | undefined
  /** The preset the scale's document names, whose source is said under the table. */
  preset?: string | undefined
  /** The values of a band as shown: the key for this test sets the school's beside those it moved. */
  edit?: ((grade: string, values: string[]) => string[]) | undefined
}

/** Above this many bands (tenths, the IHK's decimal key) the table is a list in columns. */
const MANY = 16

/**
 * The grade table of docs/spec.md §4 with the configuration's name above it and a sentence below that
 * says how to read a bound with this key's own numbers. Bounds "über" (the original) take two rows,
 * über and bis einschließlich; bounds "ab" read as teachers write them, one per grade ("ab 90").
 */
// memo: a render of the page that leaves the table's props as they are does not reach its lazily loaded
// parts, which the app may not have taken over from the server's page yet (main.tsx).
export const GradeTable = memo(function GradeTable({
  scaleKey,
  name,
  marked,
  preset,
  edit,
}: GradeTableProps) {
  const titleId = useId()
  const notation = notationOf(scaleKey.system)
  const cells = table(scaleKey, notation.separator)
  const { included, system } = scaleKey
  const many = cells.length > MANY
  const rows = cells.map((c) => {
    const values = included || many ? [cellText(c, included)] : [c.over, c.upTo]
    return {
      grade: c.grade,
      text: inNotation(c.grade, notation),
      word: wordOf(system, c.grade),
      values: edit?.(c.grade, values) ?? values,
    }
  })
  return (
    <div>
      <p id={titleId} className="mb-3 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
        Notenschlüssel: <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
      </p>
      {many ? (
        <LazyPart>
          <BandList rows={rows} labelledBy={titleId} marked={marked} />
        </LazyPart>
      ) : (
        <BandTable
          rows={rows}
          valueLabels={included ? ['Prozent'] : ['Prozent über', 'bis einschließlich']}
          gradeLabel={gradeHeading(scaleKey)}
          labelledBy={titleId}
          marked={marked}
        />
      )}
      <LazyPart failed={null}>
        <HowToRead scaleKey={scaleKey} cells={cells} />
      </LazyPart>
      {preset !== undefined && (
        <LazyPart failed={null}>
          <PresetSource id={preset} />
        </LazyPart>
      )}
    </div>
  )
})
