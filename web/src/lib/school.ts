import type { components } from './api-types.gen'

// The school's Land and its rule for a written test that too many fail (docs/spec.md §11). The rules
// are data of the server (internal/school, served by GET /api/v1/school): this file only reads the
// answer and compares counts with a rule's thresholds, in integers. "mehr als ein Drittel" of 9 is 4
// or more (4 × 3 > 1 × 9), exactly 3 of 9 is not; "ein Drittel oder mehr" (atLeast) takes 3 of 9.
// Bound to Go's Rule.Evaluate by testdata/school/approval.json (school.test.ts).

export type ApprovalRule = components['schemas']['ApprovalRule']
export type ApprovalStep = ApprovalRule['steps'][number]
export type SchoolLand = components['schemas']['SchoolLand']

/** The school's setting as GET /api/v1/school answers it; `land` null while none is set. */
export interface School {
  land: string | null
  name?: string
  country?: 'DE' | 'CH' | 'AT'
  approval?: ApprovalRule
  note?: string
}

/** Whether one step applies to `failing` of `graded` tests. No graded test: never. */
export function stepApplies(
  step: Pick<ApprovalStep, 'over' | 'atLeast'>,
  graded: number,
  failing: number,
): boolean {
  if (graded <= 0) return false
  const [num, den] = step.over
  const left = BigInt(failing) * BigInt(den ?? 1)
  const right = BigInt(num ?? 0) * BigInt(graded)
  return step.atLeast ? left >= right : left > right
}

/** The index of the last (strictest) step that applies, or -1 when none does. */
export function approvalStep(
  steps: readonly Pick<ApprovalStep, 'over' | 'atLeast'>[],
  graded: number,
  failing: number,
): number {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]
    if (step !== undefined && stepApplies(step, graded, failing)) return i
  }
  return -1
}

const isString = (x: unknown): x is string => typeof x === 'string'
const isStep = (x: unknown): x is ApprovalStep => {
  if (typeof x !== 'object' || x === null) return false
  const s = x as Record<string, unknown>
  return (
    Array.isArray(s.over) &&
    s.over.length === 2 &&
    s.over.every((n) => Number.isInteger(n) && (n as number) > 0) &&
    typeof s.atLeast === 'boolean' &&
    isString(s.share) &&
    isString(s.kind) &&
    isString(s.consequence)
  )
}

function readRule(x: unknown): ApprovalRule | undefined {
  if (typeof x !== 'object' || x === null) return undefined
  const r = x as Record<string, unknown>
  if (
    !isString(r.source) ||
    !isString(r.title) ||
    !isString(r.url) ||
    !isString(r.failingTerm) ||
    !Array.isArray(r.failing) ||
    !r.failing.every(isString) ||
    !Array.isArray(r.steps) ||
    r.steps.length === 0 ||
    !r.steps.every(isStep)
  ) {
    return undefined
  }
  const rule: ApprovalRule = {
    source: r.source,
    title: r.title,
    url: r.url,
    failing: r.failing,
    failingTerm: r.failingTerm,
    steps: r.steps,
  }
  if (isString(r.remark)) rule.remark = r.remark
  return rule
}

/**
 * Reads an answer of GET /api/v1/school (or a copy kept in this browser), or null when it is not
 * one. By hand, not with valibot: the hook that calls it may sit on the calculator's route.
 */
export function readSchool(x: unknown): School | null {
  if (typeof x !== 'object' || x === null) return null
  const s = x as Record<string, unknown>
  if (s.land === null) return { land: null }
  if (!isString(s.land) || !isString(s.name)) return null
  const school: School = { land: s.land, name: s.name }
  if (s.country === 'DE' || s.country === 'CH' || s.country === 'AT') school.country = s.country
  if (s.approval !== undefined) {
    const rule = readRule(s.approval)
    if (rule === undefined) return null
    school.approval = rule
  }
  if (isString(s.note)) school.note = s.note
  return school
}
