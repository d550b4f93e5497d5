import { useId } from 'react'
import { hintClass, inputClass, labelClass } from '@/components/styles'
import { SCHOOL_SOURCE } from '@/lib/fehler-setting'
import { ruleSteps, type FehlerRule } from '@/lib/fehlerquotient'

// The conversion of errors of a language teacher's list (docs/spec.md §2, §13): „keine Umrechnung“ or a
// published rule, kept with the list's own test (use-class-list.ts). Not printed: the prints name it.

interface ClassListRuleProps {
  /**
   * The list's choice (an id of lib/fehlerquotient.ts, '' for none), the conversions it offers (the published
   * rules and the scale's own, class-language.ts scaleRules) and how to choose.
   */
  list: { rule: string; rules: readonly FehlerRule[]; setRule: (rule: string) => void }
  /** Why the conversion gives no grade on the list's key (class-language.ts languageSetting), '' when it does. */
  problem: string
}

export function ClassListRule({ list, problem }: ClassListRuleProps) {
  const { rule, rules, setRule: onRule } = list
  const id = useId()
  const chosen = rules.find((r) => r.id === rule)
  return (
    <div className="print:hidden">
      <label htmlFor={id} className={labelClass}>
        Umrechnung der Fehler
      </label>
      <select
        id={id}
        value={rule}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          onRule(e.target.value)
        }}
        className={inputClass(false, 'mt-1.5 w-full sm:w-auto')}
      >
        <option value="">keine Umrechnung</option>
        {rules.map((r) => (
          <option key={r.id} value={r.id}>
            {r.source === SCHOOL_SOURCE ? `${SCHOOL_SOURCE}: ${r.name}` : r.name}
          </option>
        ))}
        {/* a list kept with a rule this release does not know: shown, and the message below says so */}
        {rule !== '' && chosen === undefined && <option value={rule}>{rule}</option>}
      </select>
      <p id={`${id}-hint`} className={hintClass}>
        {chosen === undefined
          ? 'Ohne Umrechnung ist die Note die des Inhalts; der Fehlerquotient steht daneben.'
          : `Abzug von der Note des Inhalts, nach dem Fehlerquotienten ${ruleSteps(chosen)} (${chosen.source}).`}
      </p>
      {problem !== '' && (
        <p
          role="alert"
          className="mt-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-slate-800 dark:border-amber-600 dark:bg-slate-800 dark:text-slate-100"
        >
          {problem}
        </p>
      )}
    </div>
  )
}
