import * as v from 'valibot'
import { fehlerRuleOf, readFehlerSetting, SCHOOL_RULE_ID } from '@/lib/fehler-setting'
import { ruleSteps, type FehlerUnit } from '@/lib/fehlerquotient'

// The section "Sprachrichtigkeit (Fehlerquotient)" of both editor forms: the scale's conversion of the
// Fehlerquotient (docs/spec.md §13), which the page's tool chooses for this scale. The form holds every
// field as typed; the member it saves as is checked with the document's rules (lib/fehler-setting.ts), whose
// paths are the form's (fehlerquotient.steps.1.from) but for the choice, where the published rule's id is.

/** The choice of the school's own rule (the others: '' for none, a published rule's id). */
export const OWN_RULE = 'eigene'

export interface FehlerFormValues {
  /** '' keine Umrechnung, a published rule's id, or OWN_RULE */
  choice: string
  name: string
  unit: FehlerUnit
  steps: { from: string; deduction: string }[]
  max: string
  /** Empty: no minimum. */
  minWords: string
}

export const emptyStep = () => ({ from: '', deduction: '' })

/**
 * Hessen's Fehlerindex in years 9 and 10 (VOGSV since 1 August 2023) as far as the Land's own pages say it
 * (docs/grading-systems.md, „Sprachrichtigkeit“): deductions in thirds of a grade, at most ⅔, only from 100
 * words of running text. The thresholds per Bildungsgang and year stand in the Verordnung's Anlage, which
 * could not be read here: the template leaves them empty for the school to enter, so no number is guessed.
 */
export const HESSEN_SEK1_TEMPLATE: Omit<FehlerFormValues, 'choice'> = {
  name: 'Fehlerindex Klasse 9/10 (VOGSV)',
  unit: 'drittel',
  steps: [
    { from: '', deduction: '1' },
    { from: '', deduction: '2' },
  ],
  max: '2',
  minWords: '100',
}

/** The form's values of a document's member (one the page cannot read is none). */
export function toFehlerValues(member: unknown): FehlerFormValues {
  const setting = readFehlerSetting(member)
  const values: FehlerFormValues = {
    choice: '',
    name: '',
    unit: 'notenpunkte',
    steps: [emptyStep()],
    max: '',
    minWords: '',
  }
  if (setting === null) return values
  if ('preset' in setting) return { ...values, choice: setting.preset }
  return {
    choice: OWN_RULE,
    name: setting.name,
    unit: setting.unit,
    steps: setting.steps.map((s) => ({ from: s.from, deduction: String(s.deduction) })),
    max: String(setting.max),
    minWords: setting.minWords === undefined ? '' : String(setting.minWords),
  }
}

/** A whole number as typed: absent when empty (Pflichtfeld), NaN when it is none (the range's message). */
function typedWhole(text: string): number | undefined {
  const t = text.trim()
  if (t === '') return undefined
  return /^[0-9]{1,9}$/.test(t) ? Number(t) : Number.NaN
}

const withoutUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined))

/** The member the values save as, to be checked (checkFehlerSetting); undefined for no conversion. */
export function fehlerMember(values: FehlerFormValues): Record<string, unknown> | undefined {
  if (values.choice === '') return undefined
  if (values.choice !== OWN_RULE) return { preset: values.choice }
  return withoutUndefined({
    name: values.name,
    unit: values.unit,
    steps: values.steps.map((s) =>
      withoutUndefined({
        from: s.from.trim() === '' ? undefined : s.from,
        deduction: typedWhole(s.deduction),
      }),
    ),
    max: typedWhole(values.max),
    minWords: typedWhole(values.minWords),
  })
}

const text = v.string()

/** The values' shape; the rules are checked with the document's. */
export const fehlerFormSchema = v.object({
  choice: text,
  name: text,
  unit: v.picklist(['notenpunkte', 'drittel']),
  steps: v.array(v.object({ from: text, deduction: text })),
  max: text,
  minWords: text,
})

/** The form field of a document path of the member; null for a path of another member. */
export function fehlerFieldForPath(path: string): string | null {
  if (path === 'fehlerquotient' || path === 'fehlerquotient.preset') return 'fehlerquotient.choice'
  return /^fehlerquotient\.(name|unit|max|minWords|steps(\.\d+(\.(from|deduction))?)?)$/.test(path)
    ? path
    : null
}

/** A document's conversion in words, as the history compares versions. */
export function fehlerText(member: unknown): string {
  const rule = fehlerRuleOf(readFehlerSetting(member))
  if (rule === null) return 'keine Umrechnung'
  if (rule.id === SCHOOL_RULE_ID) return `Regel der Schule „${rule.name}“: ${ruleSteps(rule)}`
  return rule.name
}

/** A field of the section as the page names it: "Fehlerquotient: Abzug der Stufe 2". */
export function fehlerFieldLabel(field: string): string {
  const step = /^fehlerquotient\.steps\.(\d+)\.(from|deduction)$/.exec(field)
  if (step !== null)
    return `Fehlerquotient: ${step[2] === 'from' ? 'Schwelle' : 'Abzug'} der Stufe ${String(Number(step[1]) + 1)}`
  const names: Record<string, string> = {
    'fehlerquotient.name': 'Name der Regel',
    'fehlerquotient.unit': 'Abzug in',
    'fehlerquotient.max': 'Höchster Abzug',
    'fehlerquotient.minWords': 'Mindestzahl der Wörter',
    'fehlerquotient.steps': 'Stufen',
  }
  return `Fehlerquotient: ${names[field] ?? 'Umrechnung'}`
}
