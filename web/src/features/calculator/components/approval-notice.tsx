import { useRef } from 'react'
import { Button } from '@/components/button'
import { COMMA } from '@/lib/numbers'
import { printPart } from '@/lib/print-part'
import type { ApprovalRule, School } from '@/lib/school'
import { approvalVerdict, countsText, type ApprovalVerdict, type GradeCount } from '../approval'
import { ApprovalPrint } from './approval-print'

export interface ApprovalNoticeProps {
  /** How many tests were graded. */
  graded: number
  /** How many of them have a failing grade of the scale's system. */
  failing: number
  /** The scale's word for that share: „Anteil 5 und 6“ (lib/systems.ts failingTerm). */
  failingTerm: string
  /** The scale's decimal separator (lib/numbers.ts notationOf): a Swiss page writes the share „44.4 %“. */
  separator?: string
  /** The school's setting (useSchool): null while unknown, `land: null` when none is set. */
  school: School | null
  /** The setting is the copy kept in this browser (useSchool's stale). */
  stale?: boolean
  /** The test's heading ("7b Mathematik · 23.11.2026"), "" without. */
  heading: string
  /** The count per grade for the note to the Schulleitung; without it no note is offered. */
  counts?: GradeCount[]
  /** The note's date as shown; today by default. */
  date?: string
}

const today = () =>
  new Date().toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' })

/**
 * The Notenspiegel's plain statement of the school's rule for a test too many fail (docs/spec.md §11):
 * the Land and its source, the counts and the share, and what follows; without a Land only the share.
 * Where the rule applies and the counts per grade are given, it offers the one-page note for the
 * Schulleitung (ApprovalPrint), which prints on its own.
 */
export function ApprovalNotice({
  graded,
  failing,
  failingTerm,
  separator = COMMA,
  school,
  stale = false,
  heading,
  counts,
  date,
}: ApprovalNoticeProps) {
  const note = useRef<HTMLDivElement>(null)
  if (graded <= 0) return null
  const verdict = approvalVerdict(school, graded, failing)
  const rule = school?.approval
  const kept = stale && school !== null && (
    <span className="block text-xs">Stand: zuletzt geladene Einstellung der Schule.</span>
  )
  const text = (
    <Statement
      verdict={verdict}
      rule={rule}
      graded={graded}
      failing={failing}
      failingTerm={failingTerm}
      separator={separator}
    />
  )
  const applies = verdict.kind === 'applies'
  return (
    <section
      aria-label="Regel der Schule"
      className={`space-y-2 rounded-xl border p-4 text-sm ${
        applies
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
          : 'border-slate-300 text-slate-800 dark:border-slate-700 dark:text-slate-200'
      }`}
    >
      {text}
      {kept}
      {applies && rule !== undefined && counts !== undefined && (
        <>
          <Button
            variant="secondary"
            onClick={() => {
              if (note.current !== null) printPart(note.current)
            }}
          >
            Vorlage für die Schulleitung drucken
          </Button>
          <ApprovalPrint
            ref={note}
            heading={heading}
            date={date ?? today()}
            counts={counts}
            graded={graded}
            failing={failing}
            separator={separator}
            land={verdict.land}
            rule={rule}
            step={verdict.step}
          />
        </>
      )}
    </section>
  )
}

interface StatementProps {
  verdict: ApprovalVerdict
  rule: ApprovalRule | undefined
  graded: number
  failing: number
  failingTerm: string
  separator: string
}

/** The statement's sentence for each verdict. */
function Statement({ verdict, rule, graded, failing, failingTerm, separator }: StatementProps) {
  const counted = countsText(graded, failing, separator)
  const source = rule !== undefined && (
    <a
      href={rule.url}
      target="_blank"
      rel="noreferrer"
      className="underline underline-offset-2"
      title={rule.title}
    >
      {rule.source}
    </a>
  )
  const verb = failing === 1 ? 'ist' : 'sind'
  switch (verdict.kind) {
    case 'unknown':
    case 'none':
      return (
        <p>
          {verdict.kind === 'none' ? 'Kein Bundesland eingestellt' : 'Land der Schule nicht bekannt'}.{' '}
          {failingTerm}: {counted}. Eine Regel für Arbeiten, die viele nicht bestehen, nennt der Rechner,
          sobald ein Admin das Land der Schule einstellt.
        </p>
      )
    case 'no-rule':
      return (
        <p>
          {verdict.land}. {failingTerm}: {counted}. {verdict.note}
        </p>
      )
    case 'below':
      return (
        <p>
          {verdict.land} ({source}): {counted} {verb} {rule?.failingTerm}. Die Schwelle der Regel (
          {verdict.first.share}) ist nicht erreicht.
        </p>
      )
    case 'applies':
      return (
        <p>
          <strong>
            {verdict.land} ({source}): {counted} {verb} {rule?.failingTerm}, {verdict.step.share}.
          </strong>{' '}
          {verdict.step.consequence}
          {rule?.remark !== undefined && ` ${rule.remark}`}
        </p>
      )
  }
}
