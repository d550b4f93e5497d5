import { useId, useState } from 'react'
import { SelectField } from '@/components/select-field'
import { cardClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { useFocusOnOpen } from '@/components/use-focus-on-open'
import { fehlerRuleOf, readFehlerSetting, SCHOOL_RULE_ID } from '@/lib/fehler-setting'
import { FEHLER_RULES, fehlerquotient, type FehlerField } from '@/lib/fehlerquotient'
import { FehlerResultView } from './fehler-result'

type Touched = Partial<Record<FehlerField, boolean>>

/**
 * The Fehlerquotient (loaded when opened): words, errors in halves and the rule; the result as the
 * command prints it, with its working in German. Nothing leaves the browser and nothing is kept.
 * The scale's conversion (`setting`, docs/spec.md §13) is chosen until the teacher chooses another, and
 * follows the scale live until then; a school's own rule is offered as „Regel der Schule: …“.
 */
export default function SprachrichtigkeitTool({ setting }: { setting?: unknown }) {
  const id = useId()
  const [woerter, setWoerter] = useState('')
  const [fehler, setFehler] = useState('')
  const [chosen, setChosen] = useState<string | null>(null)
  // opened only by its button
  const heading = useFocusOnOpen<HTMLHeadingElement>(true)
  const scaleRule = fehlerRuleOf(readFehlerSetting(setting))
  const rules = scaleRule?.id === SCHOOL_RULE_ID ? [...FEHLER_RULES, scaleRule] : FEHLER_RULES
  // a choice the scale took away (its own rule removed) falls back to the scale's
  const regel =
    chosen !== null && (chosen === '' || rules.some((r) => r.id === chosen)) ? chosen : (scaleRule?.id ?? '')
  // A field's message shows once it was left or the form was sent, not while the first digit is typed.
  const [touched, setTouched] = useState<Touched>({})
  const outcome = fehlerquotient(woerter, fehler, regel, rules)
  const errorOf = (f: FehlerField) => (!outcome.ok && touched[f] === true ? outcome.errors[f] : undefined)
  const leave = (f: FehlerField) => () => {
    setTouched((t) => ({ ...t, [f]: true }))
  }
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} print:hidden`}>
      <h2
        ref={heading}
        tabIndex={-1}
        id={`${id}-title`}
        className="text-lg font-semibold text-slate-900 dark:text-slate-100 focus:outline-hidden"
      >
        Sprachrichtigkeit
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Fehlerquotient = Fehler × 100 / Wörter. Halbe Fehler zählen ½; wie ein wiederholter Fehler zählt, sagt
        die Regel Ihrer Schule.
      </p>
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault()
          setTouched({ woerter: true, fehler: true, regel: true })
        }}
      >
        <TextField
          label="Wörter"
          inputMode="numeric"
          autoComplete="off"
          value={woerter}
          error={errorOf('woerter')}
          onChange={(e) => {
            setWoerter(e.target.value)
          }}
          onBlur={leave('woerter')}
        />
        <TextField
          label="Fehler (auch halbe: 10,5)"
          inputMode="decimal"
          autoComplete="off"
          value={fehler}
          error={errorOf('fehler')}
          onChange={(e) => {
            setFehler(e.target.value)
          }}
          onBlur={leave('fehler')}
        />
        <SelectField
          label="Umrechnung"
          value={regel}
          error={errorOf('regel')}
          onChange={(e) => {
            setChosen(e.target.value)
          }}
        >
          <option value="">keine Umrechnung</option>
          {rules.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id === SCHOOL_RULE_ID ? `Regel der Schule: ${r.name}` : r.name}
            </option>
          ))}
        </SelectField>
        {/* Enter in a field sends the form and shows every field's message; the result needs no button. */}
        <button type="submit" className="sr-only">
          Berechnen
        </button>
      </form>
      <FehlerResultView outcome={outcome} rule={rules.find((r) => r.id === regel)} />
    </section>
  )
}
