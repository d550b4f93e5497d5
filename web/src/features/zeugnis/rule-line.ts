import type { ZeugnisSettings } from '@/lib/config'
import type { ZeugnisSystem } from './rule'

// The sentence that says which rule the page applied (docs/spec.md §9), so that a teacher and the
// printed table both show how the proposals came about: the tendency (de only), the step (ch only),
// what an average exactly on the middle gets, and whose setting each is.

const TENDENCY: Record<string, string> = {
  '0,3': '0,3',
  '0.3': '0,3',
  '0,25': '0,25',
  '0.25': '0,25',
  '1/3': '⅓',
}
const MIDDLE: Record<string, string> = {
  de: '2,50',
  at: '2,50',
  np: '7,50',
  'ch 0,5': '4,25',
  'ch 1': '4,50',
  'ch 0,1': '4,45',
}

/** What the request should carry from the settings: tendency only in de, step only in ch. */
export function ruleOptions(
  system: ZeugnisSystem,
  settings: ZeugnisSettings,
): { tendency?: string; rounding?: string; step?: string } {
  return {
    ...(system === 'de' && settings.tendency !== undefined ? { tendency: settings.tendency } : {}),
    ...(settings.rounding === undefined ? {} : { rounding: settings.rounding }),
    ...(system === 'ch' && settings.step !== undefined ? { step: settings.step } : {}),
  }
}

/** "Tendenz: + und − zählen 0,3 · Genau auf der Mitte (z. B. 2,50): die bessere Note · Schritt: ganze Noten". */
export function ruleParts(system: ZeugnisSystem, settings: ZeugnisSettings): string[] {
  const parts: string[] = []
  if (system === 'de') {
    const t = settings.tendency ?? '0,3'
    parts.push(`Tendenz: + und − zählen ${TENDENCY[t] ?? t}`)
  }
  const step = system === 'ch' ? (settings.step ?? '0,5').replace('.', ',') : '1'
  const better = settings.rounding !== 'worse'
  const middle = MIDDLE[system === 'ch' ? `ch ${step}` : system]
  const example = middle === undefined ? '' : ` (z. B. ${middle})`
  parts.push(`Genau auf der Mitte${example}: die ${better ? 'bessere' : 'schlechtere'} Note`)
  parts.push(step === '1' ? 'Vorschlag in ganzen Noten' : `Vorschlag in Schritten von ${step}`)
  parts.push('Durchschnitt auf zwei Stellen abgeschnitten, nicht gerundet')
  return parts
}

/** Whether the school has set any of the rule's choices for this scale. */
export const schoolSetRule = (settings: ZeugnisSettings) =>
  settings.tendency !== undefined || settings.rounding !== undefined || settings.step !== undefined
