import type { GradingConfig } from '@/lib/config'
import { cellText, gradeBands, table, type Band } from '@/lib/grade-table'
import { cmp } from '@/lib/rational'
import { formatNumber } from './config-form'

// What a stored version would change if it were restored: its boundaries, band widths and the
// 16 bands next to the current version's. Bands are compared on their exact thresholds (a
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
  /** The name, the five boundaries and the four widths, in the editor's order. */
  settings: SettingDiff[]
  bands: BandDiff[]
}

const WIDTHS: { label: string; of: (c: GradingConfig) => number | undefined }[] = [
  { label: 'Minus-Bereich der Noten 2–5', of: (c) => c.schema.general?.minus },
  { label: 'Normal-Bereich der Noten 2–5', of: (c) => c.schema.general?.normal },
  { label: 'Note 1: Minus-Bereich', of: (c) => c.schema['1']?.minus },
  { label: 'Note 6: Normal-Bereich', of: (c) => c.schema['6']?.normal },
]

const percent = (x: number | undefined) => (x === undefined ? '?' : `${formatNumber(x)} %`)

function setting(label: string, version: string, current: string): SettingDiff {
  return { label, version, current, changed: version !== current }
}

/** The bands' exact thresholds, highest band first; null where a band is unknown. */
function thresholds(config: GradingConfig): Band['bounds'][] {
  return gradeBands(config).flatMap((g) => g.bands.map((b) => b.bounds))
}

function sameBand(a: Band['bounds'] = null, b: Band['bounds'] = null): boolean {
  if (a === null || b === null) return a === b
  return cmp(a.low, b.low) === 0 && cmp(a.high, b.high) === 0
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

  const versionCells = table(version)
  const currentCells = table(current)
  const versionBounds = thresholds(version)
  const currentBounds = thresholds(current)
  const bands = versionCells.map((cell, i) => ({
    grade: cell.grade,
    version: cellText(cell),
    current: currentCells[i] === undefined ? '?' : cellText(currentCells[i]),
    changed: !sameBand(versionBounds[i], currentBounds[i]),
  }))
  return { settings, bands }
}
