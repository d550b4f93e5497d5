import { ruleOf, type ScaleDocument } from '@/lib/config'
import { formatConfigNumber } from '@/lib/config-numbers'
import { keyOf, type Key } from '@/lib/key'
import { formatExact } from '@/lib/numbers'
import type { SettingDiff } from './config-diff'
import { BASIS_LABELS, STEP_LABELS, type Basis, type Step } from './rule-form'
import { systemName } from './system-names'

// A stored version of a scale beside the current one when either follows a rule (docs/grading-systems.md):
// their settings in words (name, system, rule, basis, step, midpoint, pass mark) and their tables row by
// row, each row a grade and its bound as the table writes it ("ab 92 %", "über 85 %", "darunter"). Rows
// of the same system are matched by grade, so a row added or removed marks only itself; rows of two
// systems share no grade and are matched by their place.

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

export interface RuleDiff {
  settings: SettingDiff[]
  rows: RowDiff[]
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

function ruleWords(doc: ScaleDocument) {
  const rule = ruleOf(doc)
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

/** Compares a stored version with the current document; at least one of them follows a rule. */
export function diffRuleDocuments(version: ScaleDocument, current: ScaleDocument): RuleDiff {
  const system = (d: ScaleDocument) => ruleOf(d).system
  const settings: SettingDiff[] = [
    { label: 'Name', version: `„${version.name}“`, current: `„${current.name}“` },
    { label: 'Notensystem', version: systemName(system(version)), current: systemName(system(current)) },
  ].map((s) => ({ ...s, changed: s.version !== s.current }))
  const [v, c] = [ruleWords(version), ruleWords(current)]
  for (const [field, label] of SETTINGS) {
    if (v[field] === '' && c[field] === '') continue
    const [a, b] = [v[field] || 'entfällt', c[field] || 'entfällt']
    settings.push({ label, version: a, current: b, changed: a !== b })
  }
  const byLabel = system(version) === system(current)
  return { settings, rows: alignRows(rowsOf(keyOf(version)), rowsOf(keyOf(current)), byLabel) }
}
