import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { Notice } from '@/components/notice'
import { hintClass, inputClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { GradingConfig } from '@/lib/config'
import { showServerErrors } from '@/lib/form-errors'
import type { ScaleSummary } from '@/lib/scales'
import { toast } from '@/lib/toast'
import { createScale, scaleApi } from '../api/scales'
import {
  checkConfigForm,
  configFormSchema,
  fieldForPath,
  FORM_FIELDS,
  toFormValues,
  type ConfigFormValues,
} from '../config-form'
import { PRESETS } from '../presets'
import { checkSlug, suggestSlug } from '../scale-slug'
import { BoundariesFieldset, WidthsFieldset } from './config-fields'
import { FormPreview } from './form-preview'
import { RuleFill } from './rule-fill'

type Form = UseFormReturn<ConfigFormValues>
type Start = 'preset' | 'copy' | 'empty' | 'rule'

const EMPTY: ConfigFormValues = Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as ConfigFormValues
const firstPreset = PRESETS[0]?.config

interface ScaleCreatorProps {
  /** Every scale: the ones to copy from, and the slugs that are taken. */
  scales: readonly ScaleSummary[]
  onCreated: (slug: string) => void
  onCancel: () => void
}

/**
 * "Neuer Notenschlüssel": a name, a Kurzname and a configuration, filled from a preset, a copy of
 * another scale, nothing, or the Knickpunkt rule. Filling only fills the form; the scale exists
 * once "Speichern" has created it (POST /api/v1/scales, version 1).
 */
export function ScaleCreator({ scales, onCreated, onCancel }: ScaleCreatorProps) {
  const form: Form = useForm<ConfigFormValues>({
    resolver: zodResolver(configFormSchema),
    // the Standard's numbers, no name: every scale needs its own (and its own Kurzname)
    defaultValues: firstPreset === undefined ? EMPTY : { ...toFormValues(firstPreset), name: '' },
  })
  const [slug, setSlug] = useState('')
  const [slugTyped, setSlugTyped] = useState(false) // once typed, the name no longer suggests it
  const [slugError, setSlugError] = useState<string | undefined>()
  const [unmapped, setUnmapped] = useState<string[]>([])
  const taken = scales.map((s) => s.slug)
  const { isSubmitting } = form.formState

  // The Kurzname follows the name until someone types one.
  useEffect(
    () =>
      form.subscribe({
        name: 'name',
        formState: { values: true },
        callback: ({ values }) => {
          if (!slugTyped) setSlug(suggestSlug(values.name))
        },
      }),
    [form, slugTyped],
  )

  // A name typed already stays; an empty one gets the source's.
  const fill = (config: GradingConfig | null, name: string) => {
    const typed = form.getValues('name')
    const values = config === null ? EMPTY : toFormValues(config)
    const next = config === null || typed.trim() !== '' ? typed : name
    form.reset({ ...values, name: next }, { keepDefaultValues: true })
    if (!slugTyped) setSlug(suggestSlug(next))
  }

  const onSubmit = async (values: ConfigFormValues) => {
    const checked = checkConfigForm(values)
    const slugMessage = checkSlug(slug, taken) ?? undefined
    setSlugError(slugMessage)
    if (!checked.ok || slugMessage !== undefined) return
    setUnmapped([])
    try {
      await createScale(slug, checked.config)
      toast.success(`Notenschlüssel „${checked.config.name}“ angelegt.`)
      onCreated(slug)
    } catch (err) {
      if (err instanceof ApiError && err.code === 'scale_exists') {
        setSlugError(err.message)
        return
      }
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.fields).length > 0) {
        const { slug: slugField, ...config } = err.fields
        setSlugError(slugField)
        const inConfig = Object.fromEntries(
          Object.entries(config).map(([path, m]) => [path.replace(/^config\.?/, ''), m]),
        )
        setUnmapped(showServerErrors(form.setError, inConfig, fieldForPath))
        return
      }
      toast.error(`Nicht angelegt: ${errorMessage(err)}`)
    }
  }

  return (
    <div className="space-y-6">
      <Card
        title="Neuer Notenschlüssel"
        description="Angelegt wird er erst mit „Speichern“; bis dahin lässt sich alles ändern."
      >
        <div className="space-y-6">
          <StartChooser form={form} scales={scales} onFill={fill} />
          <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Name"
                hint="Steht über der Tabelle, z. B. „Mathematik“."
                autoComplete="off"
                error={form.formState.errors.name?.message}
                {...form.register('name')}
              />
              <TextField
                label="Kurzname"
                hint={`Für die Adresse: /?schluessel=${slug === '' ? '…' : slug}. Später nicht änderbar.`}
                autoComplete="off"
                spellCheck={false}
                value={slug}
                error={slugError}
                onChange={(e) => {
                  setSlugTyped(true)
                  setSlug(e.target.value)
                  if (slugError !== undefined) setSlugError(checkSlug(e.target.value, taken) ?? undefined)
                }}
              />
            </div>
            <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
              <BoundariesFieldset form={form} />
              <WidthsFieldset form={form} />
            </div>
            {unmapped.length > 0 && (
              <Notice tone="error" role="alert" title="Der Server hat den Notenschlüssel abgelehnt.">
                <ul className="list-disc pl-5">
                  {unmapped.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </Notice>
            )}
            <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 dark:border-slate-700 pt-4">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
              </Button>
              <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
                Abbrechen
              </Button>
            </div>
          </form>
        </div>
      </Card>
      <FormPreview form={form} saved="So zeigt der Rechner die Tabelle mit den Werten oben." />
    </div>
  )
}

const START_LABELS: Record<Start, string> = {
  preset: 'Vorlage',
  copy: 'Kopie eines Notenschlüssels',
  empty: 'Leeres Formular',
  rule: 'Nach Regel (Knickpunkt)',
}

interface StartChooserProps {
  form: Form
  scales: readonly ScaleSummary[]
  onFill: (config: GradingConfig | null, name: string) => void
}

/** Where the new scale starts: the choice, and what each needs (a preset, a scale, the rule's numbers). */
function StartChooser({ form, scales, onFill }: StartChooserProps) {
  const id = useId()
  const [start, setStart] = useState<Start>('preset')
  const [preset, setPreset] = useState(PRESETS[0]?.id ?? '')
  const [copyOf, setCopyOf] = useState(scales.find((s) => s.default)?.slug ?? scales[0]?.slug ?? '')
  const [loading, setLoading] = useState(false)

  const apply = async () => {
    if (start === 'empty') onFill(null, '')
    if (start === 'preset') {
      const chosen = PRESETS.find((p) => p.id === preset)
      if (chosen !== undefined) onFill(chosen.config, chosen.config.name)
    }
    if (start === 'copy') {
      setLoading(true)
      try {
        const source = await scaleApi(copyOf).get()
        onFill(source.config, `${source.config.name} (Kopie)`)
      } catch (err) {
        toast.error(`Nicht übernommen: ${errorMessage(err)}`)
      } finally {
        setLoading(false)
      }
    }
  }

  return (
    <div className="space-y-4 border-b border-slate-200 dark:border-slate-700 pb-6">
      <fieldset>
        <legend className={labelClass}>Ausgangspunkt</legend>
        <p className={hintClass}>Füllt nur das Formular unten.</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {(Object.keys(START_LABELS) as Start[]).map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 dark:border-slate-700 px-3 text-sm font-medium text-slate-800 dark:text-slate-100 has-checked:border-green-700 has-checked:bg-green-50 dark:has-checked:border-green-500 dark:has-checked:bg-green-950"
            >
              <input
                type="radio"
                name={`${id}-start`}
                value={value}
                checked={start === value}
                onChange={() => {
                  setStart(value)
                }}
                className="size-4 accent-green-700"
              />
              {START_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {start === 'rule' ? (
        <RuleFill form={form} />
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          {start === 'preset' && (
            <Choice
              id={`${id}-preset`}
              label="Vorlage"
              value={preset}
              onChange={setPreset}
              options={PRESETS.map((p) => [p.id, p.label])}
            />
          )}
          {start === 'copy' && (
            <Choice
              id={`${id}-copy`}
              label="Kopie von"
              value={copyOf}
              onChange={setCopyOf}
              options={scales.map((s) => [
                s.slug,
                `${s.name} (${s.slug})${s.archived ? ', archiviert' : ''}`,
              ])}
            />
          )}
          <Button
            variant="secondary"
            disabled={loading || (start === 'copy' && copyOf === '')}
            onClick={() => void apply()}
          >
            {loading ? 'Wird geladen …' : 'Formular füllen'}
          </Button>
        </div>
      )}
    </div>
  )
}

interface ChoiceProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: [string, string][]
}

function Choice({ id, label, value, onChange, options }: ChoiceProps) {
  return (
    <div className="min-w-0 flex-1 sm:max-w-sm">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          onChange(e.target.value)
        }}
        className={inputClass(false, 'mt-1.5')}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
