import { useId, useRef, useState, type RefObject } from 'react'
import { cardClass } from '@/components/styles'
import { useFocusOnOpen } from '@/components/use-focus-on-open'
import { printPart } from '@/lib/print-part'
import { gradedText, type ClassSummary } from '../class-list'
import type { KeptClassList } from '../class-list-storage'
import { pointsText } from '../points-table'
import { useClassList, type PageTest } from '../use-class-list'
import { useSchool } from '../use-school'
import { ApprovalNotice } from './approval-notice'
import { ClassListInputs } from './class-list-inputs'
import { ClassListKeeping } from './class-list-keeping'
import { ClassListLanguage } from './class-list-language'
import { ClassListResults } from './class-list-results'
import { ClassListRule } from './class-list-rule'
import { ClassListStats } from './class-list-stats'
import { ClassListTasks } from './class-list-tasks'
import { ClassSummaryPrint } from './class-summary-print'
import { FeedbackComments, FeedbackSheets } from './feedback-sheets'

interface ClassListProps {
  /** The calculator's total and key, which a list without lines follows. */
  page: PageTest
  /** The kept list, when this browser has one (class-list-storage.ts). */
  kept: KeptClassList | null
  onCleared: () => void
}

/**
 * The Notenspiegel (loaded lazily): a class's points in, each line's grade and the counts out, graded with
 * the list's own total and key; its prints for the class and per pupil, each naming the test.
 */
export default function ClassList({ page, kept, onCleared }: ClassListProps) {
  const id = useId()
  const list = useClassList(page, kept)
  // without a kept list the list was opened by its button; with one it opened as the page started
  const heading = useFocusOnOpen<HTMLHeadingElement>(kept === null)
  const [merged, setMerged] = useState(false)
  const [sheetsPerPage, setSheetsPerPage] = useState<1 | 2>(2)
  const forClass = useRef<HTMLDivElement>(null)
  const sheets = useRef<HTMLDivElement>(null)
  const { summary } = list
  const empty = summary === null || summary.lines.length === 0
  const tasks = !empty && summary.tasks.length > 0
  // a language teacher's list whose conversion the key cannot write has no grades to count or print
  const graded = !empty && (summary.language?.problem ?? '') === ''
  // the test the list shows, in every print: "40 Punkte · Notenschlüssel „Standard“, Version 3"
  const test =
    summary === null
      ? ''
      : `${pointsText(summary.total, summary.notation.separator)} · Notenschlüssel ${gradedText(list.graded)}`

  // a language teacher's list: its figures beside the inputs, its table of many columns below both
  const language = !empty && summary.language !== null
  const figures = (
    <ClassFigures
      list={list}
      graded={graded}
      test={test}
      merged={merged}
      onMerged={setMerged}
      sheetsPerPage={sheetsPerPage}
      onSheetsPerPage={setSheetsPerPage}
      onPrintForClass={() => {
        if (forClass.current !== null) printPart(forClass.current)
      }}
      onPrintSheets={() => {
        if (sheets.current !== null) printPart(sheets.current)
      }}
    />
  )
  return (
    <section
      aria-labelledby={`${id}-title`}
      // the page's own print carries the list only while it is of the test the page shows
      className={`${cardClass} print:break-inside-avoid ${empty || list.differs ? 'print:hidden' : ''}`}
      data-print="class-list"
    >
      <ClassListHeading id={`${id}-title`} list={list} headingRef={heading} />
      {list.differs && <OwnTestNotice list={list} page={page} />}
      <div className="mt-4 grid gap-6 lg:grid-cols-2 print:mt-2 print:grid-cols-2 print:gap-4">
        <div className="space-y-4 print:contents">
          <ClassListInputs list={list} system={list.scaleKey.system} />
          {summary?.language != null && <ClassListRule list={list} problem={summary.language.problem} />}
          <ClassListKeeping
            until={list.until}
            onKeep={list.keep}
            onDelete={() => {
              list.clear()
              onCleared()
            }}
          />
          {!language && figures}
        </div>
        {/* beside the inputs: each line's result, or per task what the class solved */}
        {language ? (
          <div className="min-w-0 space-y-4 print:contents">{figures}</div>
        ) : (
          summary !== null && !empty && <BesideInputs summary={summary} />
        )}
      </div>
      {/* points per task and a language teacher's columns need the page's width: below both columns */}
      {(tasks || language) && (
        <div className="mt-6">
          {tasks ? <ClassListResults summary={summary} /> : <ClassListLanguage summary={summary} />}
        </div>
      )}
      {summary !== null && graded && (
        <>
          <FeedbackComments summary={summary} comments={list.comments} onComment={list.setComment} />
          <ClassSummaryPrint
            summary={summary}
            scaleKey={list.scaleKey}
            heading={list.heading}
            test={test}
            merged={merged}
            ref={forClass}
          />
          <FeedbackSheets
            summary={summary}
            scaleKey={list.scaleKey}
            heading={list.heading}
            test={test}
            comments={list.comments}
            merged={merged}
            perPage={sheetsPerPage}
            ref={sheets}
          />
        </>
      )}
    </section>
  )
}

interface ClassFiguresProps {
  list: ReturnType<typeof useClassList>
  /** Whether the list has grades to count (a language teacher's conversion may not fit the key). */
  graded: boolean
  test: string
  merged: boolean
  onMerged: (merged: boolean) => void
  sheetsPerPage: 1 | 2
  onSheetsPerPage: (n: 1 | 2) => void
  onPrintForClass: () => void
  onPrintSheets: () => void
}

/** The list's figures, its export and prints, and the school's rule; or what the list still needs. */
function ClassFigures({ list, graded, test, ...props }: ClassFiguresProps) {
  const { summary } = list
  if (summary === null)
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        {list.owned
          ? 'Bitte die Gesamtpunktzahl dieser Arbeit eingeben (eine Zahl größer als 0).'
          : 'Bitte zuerst die Gesamtpunktzahl eingeben (eine Zahl größer als 0), oben im Rechner oder hier für diese Liste.'}
      </p>
    )
  if (!graded) return null
  return (
    <>
      <ClassListStats summary={summary} onExport={list.exportCsv} {...props} />
      <ClassApproval summary={summary} heading={list.heading} test={test} />
    </>
  )
}

/** Beside the inputs: each line's result, or per task what the class solved. */
function BesideInputs({ summary }: { summary: ClassSummary }) {
  if (summary.tasks.length > 0) return <ClassListTasks summary={summary} />
  return <ClassListResults summary={summary} />
}

/** The school's rule for a test too many fail, and the note for the Schulleitung (docs/spec.md §11). */
function ClassApproval({ summary, heading, test }: { summary: ClassSummary; heading: string; test: string }) {
  const { school, stale } = useSchool()
  // not in the page's print (one A4 page): the note for the Schulleitung prints on its own
  return (
    <div data-prints-alone>
      <ApprovalNotice
        graded={summary.graded}
        failing={summary.failingCount}
        failingTerm={summary.failingTerm}
        separator={summary.notation.separator}
        school={school}
        stale={stale}
        // the note names the test: title, date, total and key
        heading={[heading, test].filter((x) => x !== '').join(' · ')}
        counts={summary.groups.map((g) => ({ grade: g.name, count: summary.byGrade[g.name] ?? 0 }))}
      />
    </div>
  )
}

/** The list's heading with its total, its title and date (printed), and the key it is graded with. */
function ClassListHeading({
  id,
  list,
  headingRef,
}: {
  id: string
  list: ReturnType<typeof useClassList>
  headingRef: RefObject<HTMLHeadingElement | null>
}) {
  const { summary } = list
  return (
    <>
      <h2
        ref={headingRef}
        tabIndex={-1}
        id={id}
        className="text-lg font-semibold text-slate-900 wrap-anywhere focus:outline-hidden dark:text-slate-100"
      >
        Notenspiegel
        {summary !== null ? ` für ${pointsText(summary.total, summary.notation.separator)}` : ''}
      </h2>
      {list.heading !== '' && (
        <p className="hidden text-sm font-medium wrap-anywhere print:block">{list.heading}</p>
      )}
      <p className="mt-1 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
        Bewertet mit dem Notenschlüssel {gradedText(list.graded)}.
      </p>
    </>
  )
}

/** Says that the list keeps its own test while the page shows another, and offers the page's key. */
function OwnTestNotice({ list, page }: { list: ReturnType<typeof useClassList>; page: PageTest }) {
  return (
    <div
      role="status"
      className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-slate-800 dark:border-amber-600 dark:bg-slate-800 dark:text-slate-100 print:hidden"
    >
      <p>
        Diese Liste gehört zu ihrer eigenen Arbeit und wird nicht neu bewertet, wenn oben eine andere
        Gesamtpunktzahl oder ein anderer Schlüssel steht
        {list.otherKey ? ` (oben: Notenschlüssel ${gradedText(page.graded)})` : ''}. Ihre Gesamtpunktzahl
        ändern Sie hier in der Liste.
      </p>
      {list.otherKey && (
        <button
          type="button"
          className="mt-2 font-semibold text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-green-700 dark:text-green-300 dark:hover:text-green-200"
          onClick={list.takePageKey}
        >
          Mit dem Schlüssel von oben neu bewerten
        </button>
      )}
    </div>
  )
}
