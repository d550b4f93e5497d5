import type { DocumentOf, RuleOf, ScaleDocument } from '@/lib/config'
import type { Preset } from '@/lib/presets'

// Earlier releases made the presets `ihk` and `ihk-dezimal` grade the percentage rounded half up to a
// whole percent, which neither source names (docs/grading-systems.md, "The IHK's 100-point key: no
// rounding"). The server still loads a version stored so, as a table that names no preset; the admin
// says where it grades otherwise than the preset and offers the preset's rule. A school whose own rule
// rounds may keep its table.

type Table = RuleOf<'table'>

/** The IHK presets that earlier rounded, with the system each grades in. */
const ROUNDED: Record<string, string> = { ihk: 'noten', 'ihk-dezimal': 'noten-dezimal' }

/**
 * The rule an earlier release stored for a preset's rule: the same rows from their whole points
 * (each bound rounded up to a whole percent; the decimal key's 99,5 was 100), on the rounded percentage.
 */
export function earlierRule(rule: Table): Table {
  return {
    kind: 'table',
    system: rule.system,
    percentage: 'round',
    bands: rule.bands.map((b) => (b.from === undefined ? b : { ...b, from: Math.ceil(b.from) })),
  }
}

/** Whether a document may be one of those tables, before the presets are read to be sure. */
export function mayBeRoundedIhk(doc: ScaleDocument): doc is DocumentOf<'table'> {
  return (
    doc.preset === undefined &&
    doc.rule.kind === 'table' &&
    Object.values(ROUNDED).includes(doc.rule.system) &&
    doc.rule.percentage === 'round'
  )
}

/** The preset whose earlier rule the document holds (its name aside), if any. */
export function roundedIhkPreset(doc: ScaleDocument, presets: readonly Preset[]): Preset | undefined {
  if (!mayBeRoundedIhk(doc)) return undefined
  return presets.find(({ id, config: { rule } }) => {
    return (
      ROUNDED[id] === doc.rule.system &&
      rule.kind === 'table' &&
      JSON.stringify(earlierRule(rule)) === JSON.stringify(doc.rule)
    )
  })
}

/** The grade of a table rule at half percent `half` (183 is 91,5 %); bounds are multiples of a half. */
function gradeAt(rule: Table, half: number): string {
  const p =
    rule.percentage === 'round'
      ? Math.floor((half + 1) / 2)
      : rule.percentage === 'cut'
        ? Math.floor(half / 2)
        : half / 2
  const { bands } = rule
  return (bands.find((b) => b.from === undefined || p >= b.from) ?? bands[bands.length - 1])?.grade ?? '?'
}

/** Every half percent from 0 to 100 where the earlier rule grades otherwise, as "91,5 %: 1 statt 2". */
export function roundingDifferences(earlier: Table, now: Table): string[] {
  return Array.from({ length: 201 }, (_, half) => half).flatMap((half) => {
    const before = gradeAt(earlier, half)
    const after = gradeAt(now, half)
    return before === after ? [] : [`${String(half / 2).replace('.', ',')} %: ${before} statt ${after}`]
  })
}
