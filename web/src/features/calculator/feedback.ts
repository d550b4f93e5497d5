import { readAdjustment } from '@/lib/adjust'
import type { Key } from '@/lib/key'
import { parseNumber } from '@/lib/numbers'
import { cmp, sub, type Rational } from '@/lib/rational'
import type { ClassLine } from './class-list'
import { DEFAULT_STEP, formatPoints, POINT_STEPS, pointsTable } from './points-table'

// What a pupil's feedback sheet (Rückmeldebogen) says beyond their result: how many points the next better
// grade needed, read off the Punkteschlüssel (points-table.ts, the calculator's own rule) for the list's
// total in the step the page shows (`punkte` in the address, else half points).

/** The Punkteschlüssel's step of the page's address. */
export function addressStep() {
  const chosen = readAdjustment(window.location.search)?.points
  const step =
    POINT_STEPS.find((s) => s.value === chosen) ?? POINT_STEPS.find((s) => s.value === DEFAULT_STEP)
  return step?.step ?? POINT_STEPS[1].step
}

/** The next better grade a pupil could have reached and the points it needed more; null for the best one. */
export function nextBetter(
  key: Key,
  total: Rational,
  points: string,
  grade: string,
  separator: string,
): { grade: string; missing: string; from: string } | null {
  const achieved = parseNumber(points)
  const table = pointsTable(key, total, addressStep())
  if (achieved === null || table === null) return null
  const at = table.findIndex((b) => b.grade === grade)
  for (let i = at - 1; i >= 0; i--) {
    const band = table[i]
    if (band?.min == null || cmp(band.min, achieved) <= 0) continue
    return {
      grade: band.grade,
      missing: formatPoints(sub(band.min, achieved), separator),
      from: formatPoints(band.min, separator),
    }
  }
  return null
}

/**
 * Each named pupil's key for their comment, by line: the name, "Anna (2)" for the second Anna, so that two
 * pupils of one name never share a comment. A line without a name gets none: its number moves when a line
 * is inserted above it, and a comment must not move to another pupil.
 */
export function commentKeys(lines: ClassLine[]): Map<number, string> {
  const seen = new Map<string, number>()
  const keys = new Map<number, string>()
  for (const { line, name } of lines) {
    if (name === '') continue
    const n = (seen.get(name) ?? 0) + 1
    seen.set(name, n)
    keys.set(line, n === 1 ? name : `${name} (${String(n)})`)
  }
  return keys
}
