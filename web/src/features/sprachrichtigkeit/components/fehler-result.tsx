import { SCHOOL_RULE_ID } from '@/lib/fehler-setting'
import {
  fromWordsText,
  unitText,
  type FehlerOutcome,
  type FehlerRule,
  type FehlerUnit,
} from '@/lib/fehlerquotient'

function deductionText(abzug: number, unit: FehlerUnit): string {
  return abzug === 0 ? 'kein Abzug' : unitText({ unit }, abzug)
}

/**
 * The rule in one sentence under the result: its source (a school's own rule has none: „Regel der Schule“
 * and its name), its steps, its maximum and how it is cut.
 */
function ruleText(rule: FehlerRule): string {
  const steps = rule.steps
    .map(
      (s, i) =>
        `${i === 0 ? 'ab einem Fehlerquotienten von' : 'ab'} ${s.from}: ${deductionText(s.deduction, rule.unit)}`,
    )
    .join(', ')
  const words = rule.minWords > 0 ? `, erst ${fromWordsText(rule.minWords)}` : ''
  return (
    `${rule.id === SCHOOL_RULE_ID ? `Regel der Schule „${rule.name}“` : `Quelle: ${rule.source}`}: ${steps} Abzug, höchstens ${deductionText(rule.max, rule.unit)}${words}. ` +
    'Der Quotient wird nach zwei Nachkommastellen abgeschnitten.'
  )
}

/** The quotient, the deduction and the working as sentences, with the rule's source; live as typed. */
export function FehlerResultView({
  outcome,
  rule,
}: {
  outcome: FehlerOutcome
  rule: FehlerRule | undefined
}) {
  return (
    <output aria-live="polite" className="mt-5 block border-t border-slate-200 pt-4 dark:border-slate-700">
      {outcome.ok ? (
        <>
          <dl className="flex flex-wrap gap-x-8 gap-y-2">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">Fehlerquotient</dt>
              <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-slate-100">
                {outcome.result.quotient}
              </dd>
            </div>
            {outcome.result.abzug !== undefined && (
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-300">Abzug</dt>
                <dd className="text-2xl font-semibold text-slate-900 dark:text-slate-100">
                  {deductionText(outcome.result.abzug, rule?.unit ?? 'notenpunkte')}
                </dd>
              </div>
            )}
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-slate-100">Rechenweg</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
            {outcome.result.rechnung.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Wörter und Fehler eingeben; der Fehlerquotient erscheint hier.
        </p>
      )}
      {rule !== undefined && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{ruleText(rule)}</p>
      )}
    </output>
  )
}
