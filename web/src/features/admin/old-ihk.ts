import type { DocumentOf, ScaleDocument } from '@/lib/config'
import { keyOf, type Key } from '@/lib/key'
import { STANDARD } from './standard'

// The admin once offered an "IHK" preset in the original's shape: the IHK's five bounds as the
// original's "über" thresholds, with the Standard's + and − widths. That is not the IHK's key, which
// grades whole grades 1 ab 92, 2 ab 81, 3 ab 67, 4 ab 50, 5 ab 30 on the exact percentage
// (docs/grading-systems.md, preset `ihk`): under the old one 92 % gives 2+ (92 is no longer "über 92"),
// 50 % gives 5+, and 95 % gives 1-. A scale still holding exactly that document gets a notice and
// the offer to store the `ihk` preset as a new version (the history keeps the old one).

const BOUNDS = [92, 81, 67, 50, 30] as const

/** Whether a document is exactly the old "IHK" preset's (its name aside, which people may have changed). */
export function isOldIhk(doc: ScaleDocument): boolean {
  const { rule } = doc
  if (rule.kind !== 'widths') return false
  const { grades, schema } = rule
  const tops = [100, ...BOUNDS]
  const mins = [...BOUNDS, 0]
  const sameGrades = (['1', '2', '3', '4', '5', '6'] as const).every(
    (g, i) => grades[g].min === mins[i] && grades[g].max === tops[i],
  )
  const w = STANDARD.rule.schema
  const sameWidths =
    schema.general?.minus === w.general.minus &&
    schema.general.normal === w.general.normal &&
    schema['1']?.minus === w['1'].minus &&
    schema['6']?.normal === w['6'].normal
  return sameGrades && sameWidths
}

/** The old preset's document. */
export const OLD_IHK: DocumentOf<'widths'> = {
  name: 'IHK',
  rule: {
    ...STANDARD.rule,
    grades: {
      '1': { min: 92, max: 100 },
      '2': { min: 81, max: 92 },
      '3': { min: 67, max: 81 },
      '4': { min: 50, max: 67 },
      '5': { min: 30, max: 50 },
      '6': { min: 0, max: 30 },
    },
  },
}

/**
 * The label of a whole percentage p (0–100, the same on every basis) in a key whose bounds are known.
 * Not lib/key's gradeOf: importing it here would make the calculator route export it to this lazy part.
 */
function labelAt(key: Key, p: bigint): string {
  for (const band of key.bands) {
    if (band.from === null) return band.label
    if (band.from === undefined) continue
    const c = p * band.from.d - band.from.n // the denominator is positive
    if (c > 0n || (c === 0n && key.included)) return band.label
  }
  return '?'
}

/** The percentages where the old document and the IHK's key differ, as "92 %: 2+ statt 1". */
export function ihkDifferences(old: ScaleDocument, ihk: ScaleDocument): string[] {
  const a = keyOf(old)
  const b = keyOf(ihk)
  return [100n, 95n, 92n, 81n, 67n, 50n, 30n].flatMap((p) => {
    const mine = labelAt(a, p)
    const theirs = labelAt(b, p)
    return mine === theirs ? [] : [`${String(p)} %: ${mine} statt ${theirs}`]
  })
}
