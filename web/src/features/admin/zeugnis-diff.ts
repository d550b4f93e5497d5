import type { ScaleDocument, ZeugnisSettings } from '@/lib/config'
import type { SettingDiff } from './version-diff'
import { hasStep, hasTendency } from './zeugnis-check'
import { DEFAULT_STEP, DEFAULT_TENDENCY } from './zeugnis-form'

// The Zeugnisnote settings of a version as the history shows them: each setting in words, the
// defaults of docs/spec.md §9 where the document has none, so that a change reads the same whether
// a setting was added, changed or taken back to the default.

interface Setting {
  label: string
  text: (z: ZeugnisSettings) => string
}

function settingsOf(system: string): Setting[] {
  const out: Setting[] = []
  if (hasTendency(system))
    out.push({ label: 'Zeugnisnote: Wert von + und −', text: (z) => z.tendency ?? DEFAULT_TENDENCY })
  out.push({
    label: 'Zeugnisnote: genau in der Mitte',
    text: (z) => (z.rounding === 'worse' ? 'zur schlechteren Note' : 'zur besseren Note'),
  })
  if (hasStep(system)) out.push({ label: 'Zeugnisnote: Schrittweite', text: (z) => z.step ?? DEFAULT_STEP })
  out.push({
    label: 'Zeugnisnote: Kategorien',
    text: (z) =>
      z.categories === undefined
        ? 'keine Vorgabe'
        : z.categories.map((c) => `${c.name} ${c.weight}`).join(', '),
  })
  return out
}

/** The settings of a version next to the current version's, in the editor's order. */
export function zeugnisDiff(version: ScaleDocument, current: ScaleDocument): SettingDiff[] {
  return settingsOf(version.rule.system).map((s) => {
    const a = s.text(version.zeugnis ?? {})
    const b = s.text(current.zeugnis ?? {})
    return { label: s.label, version: a, current: b, changed: a !== b }
  })
}

/** One line with every setting of a document: "Wert von + und − 0,25; genau in der Mitte: …". */
export function zeugnisSummary(doc: ScaleDocument): string {
  return settingsOf(doc.rule.system)
    .map((s) => `${s.label.replace('Zeugnisnote: ', '')}: ${s.text(doc.zeugnis ?? {})}`)
    .join('; ')
}
