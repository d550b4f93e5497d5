import type { GradingConfig } from '@/lib/config'
import { formatConfigNumber } from '@/lib/config-numbers'
import { cellText, table } from '@/lib/grade-table'
import { keyOf } from '@/lib/key'
import { cmp, type Rational } from '@/lib/rational'

// What a stored version would change if it were restored: its boundaries, band widths and the
// 16 bands next to the current version's. Bands are compared on their exact bounds (a
// difference the table's rounding hides is still a difference) and shown as the table shows them.

/** One setting (a boundary, a width, the name) in the version and in the current configuration. */
export interface SettingDiff {
  label: string
  version: string
  current: string
  changed: boolean
}

/** One of the 16 bands with its range in the version and in the current configuration. */
export interface BandDiff {
  grade: string
  version: string
  current: string
  changed: boolean
}

export interface ConfigDiff {
  /** The name, the five boundaries and the four widths, in the editor's order (the Zeugnisnote's: zeugnis-diff.ts). */
  settings: SettingDiff[]
  bands: BandDiff[]
}

const WIDTHS: { label: string; of: (c: GradingConfig) => number | undefined }[] = [
  { label: 'Minus-Bereich der Noten 2–5', of: (c) => c.schema.general?.minus },
  { label: 'Normal-Bereich der Noten 2–5', of: (c) => c.schema.general?.normal },
  { label: 'Note 1: Minus-Bereich', of: (c) => c.schema['1']?.minus },
  { label: 'Note 6: Normal-Bereich', of: (c) => c.schema['6']?.normal },
]

const percent = (x: number | undefined) => (x === undefined ? '?' : `${formatConfigNumber(x)} %`)

function setting(label: string, version: string, current: string): SettingDiff {
  return { label, version, current, changed: version !== current }
}

/** Whether two bounds are equal: both unknown, both absent (the last band) or the same number. */
function sameBound(a: Rational | null | undefined, b: Rational | null | undefined): boolean {
  return a == null || b == null ? a === b : cmp(a, b) === 0
}

/** Compares a stored version with the current configuration. */
export function diffConfigs(version: GradingConfig, current: GradingConfig): ConfigDiff {
  const settings = [setting('Name', `„${version.name}“`, `„${current.name}“`)]
  for (let b = 1; b <= 5; b++) {
    const g = String(b) as '1' | '2' | '3' | '4' | '5'
    settings.push(
      setting(
        `Grenze zwischen Note ${g} und ${String(b + 1)}`,
        percent(version.grades[g].min),
        percent(current.grades[g].min),
      ),
    )
  }
  for (const w of WIDTHS) settings.push(setting(w.label, percent(w.of(version)), percent(w.of(current))))

  const versionKey = keyOf(version)
  const currentKey = keyOf(current)
  const currentCells = table(currentKey)
  // A band is its own lower bound and the better band's: it changed when either did.
  const moved = versionKey.bands.map((b, i) => !sameBound(b.from, currentKey.bands[i]?.from))
  const bands = table(versionKey).map((cell, i) => ({
    grade: cell.grade,
    version: cellText(cell),
    current: currentCells[i] === undefined ? '?' : cellText(currentCells[i]),
    changed: moved[i] === true || (i > 0 && moved[i - 1] === true),
  }))
  return { settings, bands }
}
