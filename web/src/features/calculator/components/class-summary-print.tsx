import type { Ref } from 'react'
import { wordOf } from '@/lib/grade-words'
import type { Key } from '@/lib/key'
import { inNotation } from '@/lib/numbers'
import type { ClassSummary } from '../class-list'
import { MIN_GROUP, publicGroups } from '../class-summary'
import { addressStep } from '../feedback'
import { formatPoints, pointsTable } from '../points-table'

// The Notenspiegel for the class (the Aushang), printed on its own (lib/print-part.ts), never on screen, and
// without names. By default every grade of the key with its count and its points (each Notenpunkte value,
// each Swiss half grade; a key of more than 16 bands per whole grade), the average and the failing share:
// what teachers post. Merging grades held by one or two pupils is the teacher's choice, never the default;
// merged, the average and the share are left out, since they would give the merged counts back.

/** A column of the printed table: a grade (or merged grades), its points from–to and how many have it. */
interface Column {
  name: string
  word?: string | undefined
  points: string
  count: number
}

const MANY = 16

/** Every band (or whole grade) of the key with its points range for the list's total and its count. */
export function fullColumns(summary: ClassSummary, scaleKey: Key): Column[] {
  const table = pointsTable(scaleKey, summary.total, addressStep())
  const range = (best: string, worst: string) => {
    const hi = table?.find((b) => b.grade === best)?.max
    const lo = table?.find((b) => b.grade === worst)?.min
    if (hi == null || lo == null) return '–'
    const [a, b] = [
      formatPoints(lo, summary.notation.separator),
      formatPoints(hi, summary.notation.separator),
    ]
    return a === b ? a : `${a}–${b}`
  }
  if (scaleKey.bands.length > MANY)
    return summary.groups.map((g) => ({
      name: g.name,
      word: g.word,
      points: range(g.bands[0] ?? '', g.bands.at(-1) ?? ''),
      count: summary.byGrade[g.name] ?? 0,
    }))
  return scaleKey.bands.map((b) => ({
    name: b.label,
    word: b.alt ?? wordOf(scaleKey.system, b.label),
    points: range(b.label, b.label),
    count: summary.byBand[b.label] ?? 0,
  }))
}

interface ClassSummaryPrintProps {
  summary: ClassSummary
  scaleKey: Key
  /** The list's title and date ("7b Mathematik · 23.11.2026"), "" without. */
  heading: string
  /** The test: "40 Punkte · Notenschlüssel „Standard“, Version 3". */
  test: string
  merged: boolean
  ref: Ref<HTMLDivElement>
}

export function ClassSummaryPrint({ summary, scaleKey, heading, test, merged, ref }: ClassSummaryPrintProps) {
  const columns: Column[] = merged
    ? publicGroups(summary).map((g) => ({ ...g, points: '' }))
    : fullColumns(summary, scaleKey)
  const mergedAny = merged && columns.length < summary.groups.length
  return (
    <div ref={ref} data-print-only className="hidden space-y-3 text-sm">
      <h2 className="text-lg font-semibold">Notenspiegel{heading === '' ? '' : `: ${heading}`}</h2>
      <p>
        {test} · {summary.graded} bewertet
      </p>
      {/* a language teacher's list counts the grades after the deduction: the content's points ranges would mislead */}
      <CountsTable summary={summary} columns={columns} points={!merged && summary.language === null} />
      {summary.language !== null && <p>{languageNote(summary)}</p>}
      {mergedAny ? (
        <p className="text-xs">
          Noten, die nur eine oder zwei Personen haben, sind mit einer Nachbarnote zusammengefasst (mindestens{' '}
          {MIN_GROUP} je Gruppe), damit niemand erkennbar ist. Durchschnitt und {summary.failingTerm}{' '}
          entfallen deshalb: aus ihnen ließe sich die Zusammenfassung zurückrechnen.
        </p>
      ) : (
        <p>
          Durchschnitt {summary.averageText} · {summary.failingTerm} {summary.failing}
        </p>
      )}
    </div>
  )
}

/** What a language teacher's counts are: "Noten nach Abzug … · Ø Fehlerquotient 4,25". */
export function languageNote({ language, notation }: ClassSummary): string {
  if (language === null) return ''
  const rule =
    language.rule === null
      ? 'ohne Umrechnung der Fehler'
      : `nach Abzug für die Sprachrichtigkeit (${language.rule.name}, ${language.rule.source})`
  const average =
    language.average === '' ? '' : ` · Ø Fehlerquotient ${inNotation(language.average, notation)}`
  return `Noten ${rule}${average}`
}

const th = 'border border-slate-400 px-1.5 py-1 text-left'
const td = 'border border-slate-400 px-1 py-1 text-center tabular-nums'

/** Grades across, with their points (unless merged) and counts below: one table for the class. */
export function CountsTable({
  summary,
  columns,
  points,
}: {
  summary: ClassSummary
  columns: Column[]
  points: boolean
}) {
  return (
    <table className="w-full border-collapse text-xs">
      <caption className="sr-only">Anzahl je Note, für die Klasse</caption>
      <tbody>
        <tr>
          <th scope="row" className={th}>
            Note
          </th>
          {columns.map((c) => (
            <td key={c.name} className={`${td} font-semibold`}>
              {inNotation(c.name, summary.notation)}
              {c.word !== undefined && <span className="block text-[9px] font-normal">{c.word}</span>}
            </td>
          ))}
        </tr>
        {points && (
          <tr>
            <th scope="row" className={th}>
              Punkte
            </th>
            {columns.map((c) => (
              <td key={c.name} className={td}>
                {c.points}
              </td>
            ))}
          </tr>
        )}
        <tr>
          <th scope="row" className={th}>
            Anzahl
          </th>
          {columns.map((c) => (
            <td key={c.name} className={`${td} font-semibold`}>
              {c.count}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  )
}
