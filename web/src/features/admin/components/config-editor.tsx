import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useForm, useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { GradeTable } from '@/components/grade-table'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { TextField } from '@/components/text-field'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { LiveConfig } from '@/lib/config'
import { showServerErrors } from '@/lib/form-errors'
import { formatSavedAt, savedByPhrase } from '@/lib/format'
import { table } from '@/lib/grade-table'
import { toast } from '@/lib/toast'
import { useLiveConfig } from '@/lib/use-live-config'
import { defaultScaleApi, type ScaleApi } from '../api/scales'
import {
  checkConfigForm,
  configFormSchema,
  fieldForPath,
  fieldLabel,
  FORM_FIELDS,
  toFormValues,
  type ConfigFormField,
  type ConfigFormValues,
} from '../config-form'
import type { EditorSource } from '../editor-source'
import { BoundariesFieldset, WidthsFieldset } from './config-fields'
import { ConfigPresets } from './config-presets'

export const MSG_CONFLICT_TOAST = 'Nicht gespeichert: Jemand anderes hat inzwischen gespeichert.'
export const MSG_INVALID_TOAST = 'Nicht gespeichert: Bitte die markierten Felder prüfen.'

/** The configuration editor of /admin: waits for the live configuration (the default scale's, or source's), then edits it. */
export function ConfigEditor({ source }: { source?: EditorSource }) {
  const page = useLiveConfig()
  const live = source?.live ?? page
  if (live.state !== 'ready') return <Spinner label="Konfiguration wird geladen" />
  return <EditorForm live={live.data} api={source?.api ?? defaultScaleApi} title={source?.title} />
}

type Form = UseFormReturn<ConfigFormValues>

/**
 * Edits the version it loaded (`loaded`) and saves over exactly that version (If-Match). While the
 * form is unchanged it follows every new live version; with unsaved edits a notice offers the new
 * version instead. A refused save (412) keeps the edits and offers the version that won.
 */
function EditorForm({ live, api, title }: { live: LiveConfig; api: ScaleApi; title: string | undefined }) {
  const [loaded, setLoaded] = useState(live)
  const [conflict, setConflict] = useState<LiveConfig | null>(null)
  const [unmapped, setUnmapped] = useState<string[]>([])
  const form: Form = useForm<ConfigFormValues>({
    resolver: zodResolver(configFormSchema),
    defaultValues: toFormValues(live.config),
  })
  const { isDirty, isSubmitting } = form.formState

  const load = useCallback(
    (next: LiveConfig) => {
      setLoaded(next)
      setConflict(null)
      setUnmapped([])
      form.reset(toFormValues(next.config))
    },
    [form],
  )

  // Unchanged: follow the stored configuration. The form's values live in react-hook-form's
  // store, outside React state, so following it is an effect (reset) by nature.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() resets the form's external store too
    if (live.version > loaded.version && !isDirty && !isSubmitting) load(live)
  }, [live, loaded.version, isDirty, isSubmitting, load])

  // Once a message shows (after leaving a changed field, or after the first attempt to save),
  // every change checks the whole form again: rules between fields (the order of the boundaries,
  // the sum of the widths) clear or appear at the other field too.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          const showing = form.formState.isSubmitted || Object.keys(form.formState.errors).length > 0
          if (name !== undefined && showing) void form.trigger()
        },
      }),
    [form],
  )

  const onSubmit = async (values: ConfigFormValues) => {
    const checked = checkConfigForm(values)
    if (!checked.ok) return // the resolver has shown the errors already
    setUnmapped([])
    try {
      const saved = await api.save(checked.config, loaded.version)
      load(saved)
      toast.success(`Gespeichert: Version ${saved.version}.`)
    } catch (err) {
      if (err instanceof ApiError && err.status === 412) {
        setConflict(err.current ?? (await api.get().catch(() => live)))
        toast.error(MSG_CONFLICT_TOAST)
        return
      }
      if (err instanceof ApiError && err.status === 422) {
        setUnmapped(showServerErrors(form.setError, err.fields, fieldForPath))
        toast.error(MSG_INVALID_TOAST)
        return
      }
      toast.error(`Nicht gespeichert: ${errorMessage(err)}`)
    }
  }

  const newer =
    live.version > loaded.version &&
    isDirty &&
    !isSubmitting &&
    (conflict === null || conflict.version < live.version)

  return (
    <div className="space-y-6">
      <Card
        title={title === undefined ? 'Konfiguration' : `Konfiguration: ${title}`}
        description={`Bearbeitet wird Version ${loaded.version} („${loaded.config.name}“), gespeichert am ${formatSavedAt(loaded.savedAt)}${savedByPhrase(loaded.savedBy)}.`}
      >
        <div className="space-y-4">
          {conflict !== null && (
            <Notice
              tone="warning"
              role="alert"
              title={`Jemand anderes hat inzwischen Version ${conflict.version} gespeichert.`}
            >
              <VersionFacts config={conflict} />
              <p>
                Ihre Änderungen wurden nicht gespeichert und bleiben hier stehen, bis Sie die neuere Version
                laden.
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  load(conflict)
                }}
              >
                Neuere Version laden
              </Button>
            </Notice>
          )}
          {newer && (
            <Notice
              tone="info"
              role="status"
              title={`Eine neuere Version (${live.version}) wurde gespeichert.`}
            >
              <VersionFacts config={live} />
              <p>Laden ersetzt Ihre ungespeicherten Änderungen.</p>
              <Button
                variant="secondary"
                onClick={() => {
                  load(live)
                }}
              >
                Laden
              </Button>
            </Notice>
          )}
          {unmapped.length > 0 && (
            <Notice tone="error" role="alert" title="Der Server hat die Konfiguration abgelehnt.">
              <ul className="list-disc pl-5">
                {unmapped.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </Notice>
          )}
          <ConfigPresets form={form} current={loaded.config} />
          <EditorFields
            form={form}
            onSubmit={onSubmit}
            onDiscard={() => {
              load(loaded)
            }}
          />
        </div>
      </Card>
      <FormPreview
        form={form}
        saved={`So zeigt der Rechner die Tabelle der gespeicherten Version ${String(loaded.version)}.`}
      />
    </div>
  )
}

function VersionFacts({ config }: { config: LiveConfig }) {
  return (
    <p>
      „{config.config.name}“, gespeichert am {formatSavedAt(config.savedAt)}
      {savedByPhrase(config.savedBy)}.
    </p>
  )
}

interface EditorFieldsProps {
  form: Form
  onSubmit: (values: ConfigFormValues) => Promise<void>
  onDiscard: () => void
}

function EditorFields({ form, onSubmit, onDiscard }: EditorFieldsProps) {
  const { errors, isDirty, isSubmitting } = form.formState
  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}
      // leaving a changed field shows what is wrong, before anyone presses "Speichern"
      onBlur={(e) => {
        const field = FORM_FIELDS.find((f) => f === (e.target as Partial<HTMLInputElement>).name)
        if (field !== undefined && form.getFieldState(field).isDirty) void form.trigger()
      }}
      className="space-y-6"
    >
      <TextField
        label="Name"
        hint="Steht über der Tabelle, z. B. „Standard“ oder „Oberstufe“."
        autoComplete="off"
        className="max-w-md"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <BoundariesFieldset form={form} />
        <WidthsFieldset form={form} />
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 dark:border-slate-700 pt-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
        <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={onDiscard}>
          Änderungen verwerfen
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {isDirty ? 'Ungespeicherte Änderungen.' : 'Keine ungespeicherten Änderungen.'}
        </p>
      </div>
    </form>
  )
}

/**
 * The 16-cell table as the calculator would show the form's values: the saved version while the
 * form is unchanged (`saved` says which), the typed values otherwise, and, while they are not a valid configuration,
 * the list of what is wrong instead of a table that could not be right.
 */
export function FormPreview({ form, saved }: { form: Form; saved: string }) {
  const values = useWatch({ control: form.control }) as ConfigFormValues
  const { isDirty } = useFormState({ control: form.control })
  const checked = useMemo(() => checkConfigForm(values), [values])
  const cells = useMemo(() => (checked.ok ? table(checked.config) : []), [checked])
  const description = isDirty
    ? 'So zeigt der Rechner die Tabelle mit den Werten oben (noch nicht gespeichert).'
    : saved
  return (
    <Card title="Vorschau" description={description}>
      {checked.ok ? (
        <GradeTable cells={cells} name={checked.config.name} />
      ) : (
        <Notice tone="warning" title="Keine Vorschau, solange diese Werte nicht passen:">
          <ul className="list-disc space-y-1 pl-5">
            {Object.entries(checked.errors).map(([field, message]) => (
              <li key={field}>
                <button
                  type="button"
                  className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
                  onClick={() => {
                    form.setFocus(field as ConfigFormField)
                  }}
                >
                  {fieldLabel(field as ConfigFormField)}
                </button>
                : {message}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </Card>
  )
}
