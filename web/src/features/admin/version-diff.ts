import type { Rule, RuleOf, ScaleDocument } from '@/lib/config'
import { formatConfigNumber } from '@/lib/config-numbers'
import { cellText, table } from '@/lib/grade-table'
import { keyOf, type Key } from '@/lib/key'
import { formatExact } from '@/lib/numbers'
import { cmp, type Rational } from '@/lib/rational'
import { fehlerText } from './fehler-form'
import { BASIS_LABELS, STEP_LABELS, type Basis, type Step } from './rule-form'
import { systemName } from './system-names'

// What a stored version would change if it were restored, beside the current one: its settings in
// words and its bands, read from both documents' rules and keys (keyOf). Between two versions
// of the original's widths, the settings are its boundaries and widths and the bands its 16 cells, compared
// on their exact bounds (a difference the table's rounding hides is still a difference). Otherwise the
// settings are the system and the rule in words, and the rows of both tables are matched: by grade for
// one system, so a row added or removed marks only itself; by place for two, which share no grade.

/** One setting (a boundary, a width, the system, the name) in the version and in the current one. */
export interface SettingDiff {
  label: string
  version: string
  current: string
  changed: boolean
}

/** One of the original's 16 bands with its range in the version and in the current configuration. */
export interface BandDiff {
  grade: string
  version: string
  current: string
  changed: boolean
}

/** One row of either table; null where that side has no such grade. */
export interface RowSide {
  label: string
  bound: string
}

export interface RowDiff {
  version: RowSide | null
  current: RowSide | null
  changed: boolean
}

type Widths = RuleOf<'widths'>

function setting(label: string, version: string, current: string): SettingDiff {
  return { label, version, current, changed: version !== current }
}

/** The settings of a stored version beside the current one's (the Zeugnisnote's: zeugnis-diff.ts). */
export function diffSettings(version: ScaleDocument, current: ScaleDocument): SettingDiff[] {
  const [a, b] = [version.rule, current.rule]
  const name = setting('Name', `„${version.name}“`, `„${current.name}“`)
  const rule = a.kind === 'widths' && b.kind === 'widths' ? widthSettings(a, b) : ruleSettings(a, b)
  return [
    name,
    ...rule,
    setting('Anpassung durch Lehrkräfte', allowed(version), allowed(current)),
    setting('Sprachrichtigkeit', fehlerText(version.fehlerquotient), fehlerText(current.fehlerquotient)),
  ]
}

/** Whether teachers may adjust the key for a test (docs/spec.md §10), in words. */
const allowed = (doc: ScaleDocument) => (doc.adjustable === false ? 'nicht erlaubt' : 'erlaubt')

const WIDTHS: { label: string; of: (c: Widths) => number | undefined }[] = [
  { label: 'Minus-Bereich der Noten 2–5', of: (c) => c.schema.general?.minus },
  { label: 'Normal-Bereich der Noten 2–5', of: (c) => c.schema.general?.normal },
  { label: 'Note 1: Minus-Bereich', of: (c) => c.schema['1']?.minus },
  { label: 'Note 6: Normal-Bereich', of: (c) => c.schema['6']?.normal },
]

const percent = (x: number | undefined) => (x === undefined ? '?' : `${formatConfigNumber(x)} %`)

/** The five boundaries and the four widths, in the editor's order. */
function widthSettings(version: Widths, current: Widths): SettingDiff[] {
  const settings: SettingDiff[] = []
  for (let b = 1; b <= 5; b++) {
    const g = String(b) as '1' | '2' | '3' | '4' | '5'
    const label = `Grenze zwischen Note ${g} und ${String(b + 1)}`
    settings.push(setting(label, percent(version.grades[g].min), percent(current.grades[g].min)))
  }
  for (const w of WIDTHS) settings.push(setting(w.label, percent(w.of(version)), percent(w.of(current))))
  return settings
}

function ruleWords(rule: Rule) {
  if (rule.kind === 'widths')
    return { rule: 'Grenzen „über“ mit Bandbreiten', basis: '', step: '', midpoint: '', pass: '' }
  if (rule.kind === 'formula')
    return {
      rule: 'Schweizer Formel',
      basis: '',
      step: STEP_LABELS[String(rule.step ?? 0.1) as Step],
      midpoint: rule.midpoint === 'down' ? 'abrunden' : 'aufrunden',
      pass: rule.pass === undefined ? 'keine (4 bei 60 %)' : `${formatConfigNumber(rule.pass)} %`,
    }
  return {
    rule: 'Tabelle „ab“',
    basis: BASIS_LABELS[(rule.percentage ?? 'exact') as Basis],
    step: '',
    midpoint: '',
    pass: '',
  }
}

const SETTINGS = [
  ['rule', 'Regel'],
  ['basis', 'Verglichen wird der Prozentwert'],
  ['step', 'Gerundet auf'],
  ['midpoint', 'Genau in der Mitte'],
  ['pass', 'Note 4 ab'],
] as const

/** The system and the rule in words: the settings either side has, "entfällt" where the other has none. */
function ruleSettings(version: Rule, current: Rule): SettingDiff[] {
  const settings = [setting('Notensystem', systemName(version.system), systemName(current.system))]
  const [v, c] = [ruleWords(version), ruleWords(current)]
  for (const [field, label] of SETTINGS) {
    if (v[field] === '' && c[field] === '') continue
    settings.push(setting(label, v[field] || 'entfällt', c[field] || 'entfällt'))
  }
  return settings
}

/** Whether two bounds are equal: both unknown, both absent (the last band) or the same number. */
function sameBound(a: Rational | null | undefined, b: Rational | null | undefined): boolean {
  return a == null || b == null ? a === b : cmp(a, b) === 0
}

/** The 16 bands of two versions of the original's widths, as the table shows them, side by side. */
export function diffBands(version: ScaleDocument, current: ScaleDocument): BandDiff[] {
  const versionKey = keyOf(version)
  const currentKey = keyOf(current)
  const currentCells = table(currentKey)
  // A band is its own lower bound and the better band's: it changed when either did.
  const moved = versionKey.bands.map((b, i) => !sameBound(b.from, currentKey.bands[i]?.from))
  return table(versionKey).map((cell, i) => ({
    grade: cell.grade,
    version: cellText(cell),
    current: currentCells[i] === undefined ? '?' : cellText(currentCells[i]),
    changed: moved[i] === true || (i > 0 && moved[i - 1] === true),
  }))
}

function rowsOf(key: Key): RowSide[] {
  const word = key.included ? 'ab' : 'über'
  return key.bands.map((b) => ({
    label: b.label,
    bound: b.from === null ? 'darunter' : b.from === undefined ? '?' : `${word} ${formatExact(b.from)} %`,
  }))
}

const same = (a: RowSide | null, b: RowSide | null) => a?.label === b?.label && a?.bound === b?.bound

/** The rows of both tables side by side: by grade for one system, by place for two. */
function alignRows(version: RowSide[], current: RowSide[], byLabel: boolean): RowDiff[] {
  const pairs: [RowSide | null, RowSide | null][] = []
  if (!byLabel) {
    for (let i = 0; i < Math.max(version.length, current.length); i++)
      pairs.push([version[i] ?? null, current[i] ?? null])
  } else {
    // both lists run best first: walk them together, a grade only one side has takes its place
    const inCurrent = new Set(current.map((r) => r.label))
    const inVersion = new Set(version.map((r) => r.label))
    let i = 0
    let j = 0
    while (i < version.length || j < current.length) {
      const v = version[i]
      const c = current[j]
      if (v !== undefined && v.label === c?.label) {
        pairs.push([v, c])
        i++
        j++
      } else if (v !== undefined && !inCurrent.has(v.label)) {
        pairs.push([v, null])
        i++
      } else if (c !== undefined && !inVersion.has(c.label)) {
        pairs.push([null, c])
        j++
      } else {
        // the same grades in another order (never in a valid table): pair what is left by place
        pairs.push([v ?? null, c ?? null])
        i++
        j++
      }
    }
  }
  return pairs.map(([v, c]) => ({ version: v, current: c, changed: !same(v, c) }))
}

/** The rows of both tables side by side: by grade for one system, by place for two. */
export function diffRows(version: ScaleDocument, current: ScaleDocument): RowDiff[] {
  const byLabel = version.rule.system === current.rule.system
  return alignRows(rowsOf(keyOf(version)), rowsOf(keyOf(current)), byLabel)
}
