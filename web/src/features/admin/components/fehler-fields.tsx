import { useEffect, useId, useRef } from 'react'
import { useFieldArray, useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { SelectField } from '@/components/select-field'
import { errorClass, hintClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { MAX_FEHLER_STEPS } from '@/lib/fehler-setting'
import { FEHLER_RULES, ruleSteps } from '@/lib/fehlerquotient'
import { emptyStep, HESSEN_SEK1_TEMPLATE, OWN_RULE, type FehlerFormValues } from '../fehler-form'
import { RadioOption } from './radio-option'
import { RemovableRows } from './removable-rows'
import { SettingSection } from './setting-section'

/** Either editor's form, seen through its section "Sprachrichtigkeit" (both hold `fehlerquotient`). */
export type FehlerForm = UseFormReturn<{ fehlerquotient: FehlerFormValues }>

/**
 * The scale's conversion of the Fehlerquotient (docs/spec.md §13): none, a published rule (with its
 * source) or the school's own, with its steps, unit, maximum and minimum of words. The calculator's tool
 * „Sprachrichtigkeit“ chooses it for this scale. Saved with the scale, as a new version.
 */
export function FehlerFields({ form }: { form: FehlerForm }) {
  const choice = useWatch({ control: form.control, name: 'fehlerquotient.choice' })
  const error = form.formState.errors.fehlerquotient?.choice?.message
  const choiceField = form.register('fehlerquotient.choice')
  return (
    <SettingSection
      title="Sprachrichtigkeit (Fehlerquotient)"
      hint="Die Umrechnung des Fehlerquotienten in einen Abzug, die der Rechner bei diesem Notenschlüssel vorwählt; die Lehrkraft kann eine andere wählen."
    >
      <fieldset className="min-w-0">
        <legend className={labelClass}>Umrechnung</legend>
        <div className="mt-2 space-y-2">
          <RadioOption
            registration={choiceField}
            value=""
            label="keine Umrechnung"
            sentence="Der Rechner zeigt nur den Fehlerquotienten."
          />
          {FEHLER_RULES.map((r) => (
            <RadioOption
              key={r.id}
              registration={choiceField}
              value={r.id}
              label={r.name}
              sentence={`Quelle: ${r.source}; ${ruleSteps(r)}.`}
            />
          ))}
          <RadioOption
            registration={choiceField}
            value={OWN_RULE}
            label="eigene Regel"
            sentence="Die Regel Ihrer Schule, z. B. nach Beschluss der Fachkonferenz; der Rechner nennt sie „Regel der Schule“."
          />
        </div>
        {error !== undefined && <p className={errorClass}>{error}</p>}
      </fieldset>
      {choice === OWN_RULE && <OwnRule form={form} />}
    </SettingSection>
  )
}

type StepArray = UseFieldArrayReturn<{ fehlerquotient: FehlerFormValues }, 'fehlerquotient.steps'>

function OwnRule({ form }: { form: FehlerForm }) {
  const errors = form.formState.errors.fehlerquotient
  const steps = useFieldArray({ control: form.control, name: 'fehlerquotient.steps' })
  return (
    <div className="space-y-5">
      <HessenTemplate form={form} steps={steps} />
      <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <TextField
          label="Name der Regel"
          hint="Erscheint im Rechner als „Regel der Schule: …“."
          autoComplete="off"
          error={errors?.name?.message}
          {...form.register('fehlerquotient.name')}
        />
        <SelectField label="Abzug in" error={errors?.unit?.message} {...form.register('fehlerquotient.unit')}>
          <option value="notenpunkte">Notenpunkten</option>
          <option value="drittel">Dritteln einer Note</option>
        </SelectField>
        <TextField
          label="Höchster Abzug"
          inputMode="numeric"
          autoComplete="off"
          error={errors?.max?.message}
          {...form.register('fehlerquotient.max')}
        />
        <TextField
          label="Mindestzahl der Wörter"
          hint="Darunter gilt die Regel nicht; leer: ohne Mindestzahl."
          inputMode="numeric"
          autoComplete="off"
          error={errors?.minWords?.message}
          {...form.register('fehlerquotient.minWords')}
        />
      </div>
      <Steps form={form} steps={steps} />
    </div>
  )
}

/**
 * Hessen's Fehlerindex in years 9 and 10 as a template of the own rule: what the Land's pages say (unit,
 * maximum, minimum of words) filled in, the thresholds of the Verordnung's Anlage left to the school
 * (docs/decisions.md), and the first of them focused, where the admin goes on.
 */
function HessenTemplate({ form, steps }: { form: FehlerForm; steps: StepArray }) {
  // the new steps' fields exist only after the render that follows replace()
  const focusThreshold = useRef(false)
  useEffect(() => {
    if (!focusThreshold.current) return
    focusThreshold.current = false
    form.setFocus('fehlerquotient.steps.0.from')
  }, [form, steps.fields])
  const hintId = useId()
  const fill = () => {
    const t = HESSEN_SEK1_TEMPLATE
    const dirty = { shouldDirty: true }
    form.setValue('fehlerquotient.name', t.name, dirty)
    form.setValue('fehlerquotient.unit', t.unit, dirty)
    form.setValue('fehlerquotient.max', t.max, dirty)
    form.setValue('fehlerquotient.minWords', t.minWords, dirty)
    steps.replace(t.steps)
    focusThreshold.current = true
  }
  return (
    <div className="max-w-3xl rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p id={hintId} className={hintClass}>
        Hessen, Jahrgangsstufen 9 und 10: Seit dem 1. August 2023 gilt dort in allen Fächern der Fehlerindex
        der VOGSV, mit einem Abzug von höchstens ⅔ einer Note und erst ab 100 Wörtern Fließtext (Hessisches
        Kultusministerium). Die Vorlage trägt das ein; die Schwellen je Bildungsgang und Jahrgangsstufe stehen
        in der Anlage der Verordnung und bleiben für Ihre Einträge frei.
      </p>
      <Button variant="secondary" className="mt-2" aria-describedby={hintId} onClick={fill}>
        Vorlage Hessen 9/10 einsetzen
      </Button>
    </div>
  )
}

function Steps({ form, steps }: { form: FehlerForm; steps: StepArray }) {
  const { fields, append, remove } = steps
  const errors = form.formState.errors.fehlerquotient?.steps
  return (
    <RemovableRows
      legend="Stufen"
      hint="Ab einem Fehlerquotienten (einschließlich) der Abzug; die Schwellen und die Abzüge steigen von Stufe zu Stufe."
      rows={fields}
      rowClass="grid grid-cols-2 items-start gap-x-3 gap-y-1 sm:grid-cols-[10rem_8rem_auto]"
      renderRow={(i) => (
        <>
          <TextField
            label="ab Fehlerquotient"
            // the visible label is the column's; the step's number too for assistive technology
            aria-label={`Stufe ${String(i + 1)}: ab Fehlerquotient`}
            inputMode="decimal"
            autoComplete="off"
            error={errors?.[i]?.from?.message}
            {...form.register(`fehlerquotient.steps.${i}.from`)}
          />
          <TextField
            label="Abzug"
            aria-label={`Stufe ${String(i + 1)}: Abzug`}
            inputMode="numeric"
            autoComplete="off"
            error={errors?.[i]?.deduction?.message}
            {...form.register(`fehlerquotient.steps.${i}.deduction`)}
          />
        </>
      )}
      removeLabel={(i) => `Stufe ${String(i + 1)} entfernen`}
      // the rule needs at least one step
      canRemove={fields.length > 1}
      onRemove={remove}
      listError={errors?.message ?? errors?.root?.message}
      addLabel="Stufe hinzufügen"
      max={MAX_FEHLER_STEPS}
      onAdd={() => {
        append(emptyStep())
      }}
    />
  )
}
