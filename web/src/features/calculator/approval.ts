import { roundedDecimal } from '@/lib/decimals'
import { COMMA } from '@/lib/numbers'
import { rational } from '@/lib/rational'
import { approvalStep, type ApprovalStep, type School } from '@/lib/school'

// The statement of the Notenspiegel about the school's rule for a test too many fail (docs/spec.md §11),
// in words: which step of the Land's rule applies to the counts, if any, and the share in percent.

/** One grade and how many have it, for the note to the Schulleitung. */
export interface GradeCount {
  grade: string
  count: number
}

/** "44,4 %" ("44.4 %" with the Swiss separator): failing of graded, to one decimal, half away from zero. */
export function sharePercent(graded: number, failing: number, separator = COMMA): string {
  if (graded <= 0) return ''
  return `${roundedDecimal(rational(BigInt(failing) * 100n, BigInt(graded)), 1, separator).text} %`
}

/** "4 von 9 Arbeiten (44,4 %)" */
export function countsText(graded: number, failing: number, separator = COMMA): string {
  return `${failing} von ${graded} ${graded === 1 ? 'Arbeit' : 'Arbeiten'} (${sharePercent(graded, failing, separator)})`
}

/** What the counts mean under the school's setting. */
export type ApprovalVerdict =
  | { kind: 'unknown' } // no answer of the server yet, none kept
  | { kind: 'none' } // no Land set
  | { kind: 'no-rule'; land: string; note: string } // a Land without such a rule
  | { kind: 'below'; land: string; first: ApprovalStep } // a rule that does not apply
  | { kind: 'applies'; land: string; step: ApprovalStep; last: boolean } // the step that applies

export function approvalVerdict(school: School | null, graded: number, failing: number): ApprovalVerdict {
  if (school === null) return { kind: 'unknown' }
  if (school.land === null) return { kind: 'none' }
  const land = school.name ?? school.land
  const rule = school.approval
  if (rule === undefined) return { kind: 'no-rule', land, note: school.note ?? '' }
  const i = approvalStep(rule.steps, graded, failing)
  const step = rule.steps[i]
  const first = rule.steps[0]
  if (step === undefined)
    return first === undefined ? { kind: 'no-rule', land, note: '' } : { kind: 'below', land, first }
  return { kind: 'applies', land, step, last: i === rule.steps.length - 1 }
}
