import type { ZeugnisSettings } from '@/lib/config'
import { inNotation, notationOf } from '@/lib/numbers'
import { canonicalTendency, zeugnisScale } from '@/lib/zeugnis'
import type { ZeugnisSystem } from './rule'

// The sentence that says which rule the page applied (docs/spec.md §9), so that a teacher and the
// printed table both show how the proposals came about: the tendency (grades 1 to 6 only), the step
// (Swiss grades only),
// what an average exactly on the middle gets, and whose setting each is.

// An average exactly on a middle, as an example, by the system's grammar (and the Swiss step).
const MIDDLE: Record<string, string> = {
  tendency: '2,50',
  whole: '2,50',
  points: '7,50',
  'decimals 0,5': '4,25',
  'decimals 1': '4,50',
  'decimals 0,1': '4,45',
}

/** What the request should carry from the settings: a tendency and a step only where the system has them. */
export function ruleOptions(
  system: ZeugnisSystem,
  settings: ZeugnisSettings,
): { tendency?: string; rounding?: string; step?: string } {
  const scale = zeugnisScale(system)
  return {
    ...(scale?.tendency === true && settings.tendency !== undefined ? { tendency: settings.tendency } : {}),
    ...(settings.rounding === undefined ? {} : { rounding: settings.rounding }),
    ...(scale?.stepSetting === true && settings.step !== undefined ? { step: settings.step } : {}),
  }
}

/** "Tendenz: + und − zählen 0,3 · Genau auf der Mitte (z. B. 2,50): die bessere Note · Schritt: ganze Noten". */
export function ruleParts(system: ZeugnisSystem, settings: ZeugnisSettings): string[] {
  const scale = zeugnisScale(system)
  const parts: string[] = []
  if (scale?.tendency === true) {
    // The tendency as lib/zeugnis.ts reads it ("0.25" is 0,25), exactly a third written as ⅓.
    const t = settings.tendency ?? '0,3'
    const named = canonicalTendency(t) ?? t
    parts.push(`Tendenz: + und − zählen ${named === '1/3' ? '⅓' : named}`)
  }
  const stepSetting = scale?.stepSetting === true
  const step = stepSetting ? (settings.step ?? scale.step).replace('.', ',') : '1'
  const better = settings.rounding !== 'worse'
  const middle = MIDDLE[stepSetting ? `${scale.grammar} ${step}` : (scale?.grammar ?? '')]
  // the example and the step in the system's own notation: a Swiss page writes „4.25“ and „0.5“
  const notation = notationOf(scale?.system ?? system)
  const example = middle === undefined ? '' : ` (z. B. ${inNotation(middle, notation)})`
  parts.push(`Genau auf der Mitte${example}: die ${better ? 'bessere' : 'schlechtere'} Note`)
  // Notenpunkte are points, not grades: their proposal is a whole number of points.
  const whole = scale?.grammar === 'points' ? 'Vorschlag in ganzen Punkten' : 'Vorschlag in ganzen Noten'
  parts.push(step === '1' ? whole : `Vorschlag in Schritten von ${inNotation(step, notation)}`)
  parts.push('Durchschnitt auf zwei Stellen abgeschnitten, nicht gerundet')
  return parts
}

/** Whether the school has set any of the rule's choices for this scale. */
export const schoolSetRule = (settings: ZeugnisSettings) =>
  settings.tendency !== undefined || settings.rounding !== undefined || settings.step !== undefined
