import { useId, type Ref } from 'react'
import { inputClass } from '@/components/styles'
import { wordsText } from '@/lib/fehlerquotient'
import type { Key } from '@/lib/key'
import { inNotation } from '@/lib/numbers'
import { abzugText } from '../class-language'
import type { ClassLine, ClassSummary } from '../class-list'
import { publicGroups } from '../class-summary'
import { commentKeys, nextBetter } from '../feedback'
import { formatPoints } from '../points-table'
import { CountsTable, fullColumns, languageNote } from './class-summary-print'

// A feedback sheet per pupil (Rückmeldebogen), printed on its own (lib/print-part.ts): the pupil's points
// per task and in total, percentage and grade, the class's Notenspiegel without names, the points the next
// better grade needed, and the teacher's comment typed for them (or lines to write on). Two sheets on an A4
// page or one; a sheet is never split across pages.

type Graded = ClassLine & { result: { percentage: string; grade: string; alt?: string | undefined } }

const gradedLines = (summary: ClassSummary): Graded[] =>
  summary.lines.filter((l): l is Graded => 'grade' in l.result)

const pupilName = (line: ClassLine) => (line.name === '' ? `Nr. ${String(line.number)}` : line.name)

/** The comment fields, one per graded pupil, in a part that opens when wanted; not printed. */
export function FeedbackComments({
  summary,
  comments,
  onComment,
}: {
  summary: ClassSummary
  comments: Record<string, string>
  onComment: (key: string, comment: string) => void
}) {
  const id = useId()
  const keys = commentKeys(summary.lines)
  // a comment needs a name to belong to
  const lines = gradedLines(summary).filter((l) => keys.has(l.line))
  if (lines.length === 0) return null
  return (
    <details className="mt-6 print:hidden">
      <summary className="cursor-pointer font-semibold text-slate-900 dark:text-slate-100">
        Kommentare für die Rückmeldebögen
      </summary>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Ein Kommentar je Schülerin oder Schüler, gedruckt auf dem Rückmeldebogen; ohne Kommentar bleiben dort
        Linien zum Schreiben.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {lines.map((line) => (
          <div key={line.line} className="min-w-0">
            <label
              htmlFor={`${id}-${String(line.line)}`}
              className="block text-sm font-medium text-slate-800 wrap-anywhere dark:text-slate-100"
            >
              {pupilName(line)}
            </label>
            <textarea
              id={`${id}-${String(line.line)}`}
              rows={2}
              maxLength={600}
              value={comments[keys.get(line.line) ?? ''] ?? ''}
              onChange={(e) => {
                onComment(keys.get(line.line) ?? '', e.target.value)
              }}
              className={inputClass(false, 'mt-1 h-auto py-2')}
            />
          </div>
        ))}
      </div>
    </details>
  )
}

interface FeedbackSheetsProps {
  summary: ClassSummary
  scaleKey: Key
  heading: string
  test: string
  comments: Record<string, string>
  /** Whether the class's Notenspiegel merges small groups, as the print for the class does. */
  merged: boolean
  perPage: 1 | 2
  ref: Ref<HTMLDivElement>
}

/** Every graded pupil's sheet, print only. */
export function FeedbackSheets({ summary, scaleKey, comments, perPage, ref, ...rest }: FeedbackSheetsProps) {
  const columns = rest.merged
    ? publicGroups(summary).map((g) => ({ ...g, points: '' }))
    : fullColumns(summary, scaleKey)
  const lines = gradedLines(summary)
  const keys = commentKeys(summary.lines)
  const commentOf = (line: ClassLine) => comments[keys.get(line.line) ?? ''] ?? ''
  return (
    <div ref={ref} data-print-only className="hidden text-sm">
      {lines.map((line, i) => (
        <article
          key={line.line}
          // a sheet is never split; one per page, or a page break after every second (none after the last)
          className={`break-inside-avoid space-y-2 py-3 ${
            perPage === 1 || i % 2 === 1
              ? i < lines.length - 1
                ? 'break-after-page'
                : ''
              : 'border-b border-dashed border-slate-500'
          }`}
          style={perPage === 2 ? { minHeight: '128mm' } : undefined}
        >
          <p className="text-xs">
            Rückmeldung{rest.heading === '' ? '' : `: ${rest.heading}`} · {rest.test}
          </p>
          <h3 className="text-base font-semibold wrap-anywhere">{pupilName(line)}</h3>
          <Sheet line={line} summary={summary} scaleKey={scaleKey} />
          <div className="space-y-1">
            <p className="text-xs font-medium">Notenspiegel der Klasse (ohne Namen)</p>
            <CountsTable
              summary={summary}
              columns={columns}
              points={!rest.merged && summary.language === null}
            />
          </div>
          <div>
            <p className="text-xs font-medium">Kommentar</p>
            {commentOf(line).trim() === '' ? (
              <div aria-hidden="true" className="space-y-5 pt-5">
                <div className="border-b border-slate-400" />
                <div className="border-b border-slate-400" />
              </div>
            ) : (
              <p className="whitespace-pre-wrap">{commentOf(line)}</p>
            )}
          </div>
        </article>
      ))}
    </div>
  )
}

/**
 * A language teacher's pupil: the content's points and grade, the Fehlerquotient, the deduction and the final
 * grade, with the working; the points the next better content grade needed.
 */
function LanguageSheet({ line, summary, scaleKey }: { line: Graded; summary: ClassSummary; scaleKey: Key }) {
  const { separator } = summary.notation
  const l = line.language
  if (l === undefined || summary.language === null) return null
  const note = (grade: string) => inNotation(grade, summary.notation)
  const next = nextBetter(scaleKey, summary.total, line.points, l.content.grade, separator)
  return (
    <div className="space-y-1">
      <p>
        Inhalt: {line.points} von {formatPoints(summary.total, separator)} Punkten · {l.content.percentage} ·
        Note <strong>{note(l.content.grade)}</strong>
        {l.content.alt !== undefined && ` (${l.content.alt})`}
      </p>
      <p>
        Fehlerquotient {note(l.quotient)} ({l.fehler} Fehler, {wordsText(l.woerter)}) · Abzug{' '}
        {abzugText(summary.language.rule, l.abzug)} · Note <strong>{note(line.result.grade)}</strong>
        {line.result.alt !== undefined && ` (${line.result.alt})`}
      </p>
      <ol className="list-inside list-decimal text-xs">
        {l.rechnung.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ol>
      <p>
        {next === null
          ? 'Die beste Note für den Inhalt.'
          : `Für die nächstbessere Note des Inhalts ${note(next.grade)} (ab ${next.from} Punkten) fehlten ${next.missing} ${next.missing === '1' ? 'Punkt' : 'Punkte'}.`}
      </p>
      <p className="text-xs">{languageNote(summary)}</p>
    </div>
  )
}

/** The pupil's points per task and in total, percentage, grade and the next better grade. */
function Sheet({ line, summary, scaleKey }: { line: Graded; summary: ClassSummary; scaleKey: Key }) {
  const { separator } = summary.notation
  if (line.language !== undefined) return <LanguageSheet line={line} summary={summary} scaleKey={scaleKey} />
  const next = nextBetter(scaleKey, summary.total, line.points, line.result.grade, separator)
  const cell = 'border border-slate-400 px-1.5 py-0.5'
  return (
    <div className="space-y-1">
      {summary.taskFigures.length > 0 && (
        <table className="border-collapse text-xs">
          <tbody>
            <tr>
              <th scope="row" className={`${cell} text-left`}>
                Aufgabe
              </th>
              {summary.taskFigures.map((t) => (
                <td key={t.name} className={`${cell} text-center`}>
                  {t.name}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className={`${cell} text-left`}>
                Punkte
              </th>
              {summary.taskFigures.map((t, i) => (
                <td key={t.name} className={`${cell} text-center tabular-nums`}>
                  {line.cells?.[i]?.text} / {t.max}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
      <p>
        <strong>
          {line.points} von {formatPoints(summary.total, separator)} Punkten
        </strong>{' '}
        · {line.result.percentage} · Note <strong>{inNotation(line.result.grade, summary.notation)}</strong>
        {line.result.alt !== undefined && ` (${line.result.alt})`}
      </p>
      <p>
        {next === null
          ? 'Die beste Note dieser Arbeit.'
          : `Für die nächstbessere Note ${inNotation(next.grade, summary.notation)} (ab ${next.from} Punkten) fehlten ${next.missing} ${next.missing === '1' ? 'Punkt' : 'Punkte'}.`}
      </p>
    </div>
  )
}
