import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useState } from 'react'
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { ApiError, errorMessage } from '@/lib/api-client'
import { isOriginal, type GradingConfig, type LiveConfig } from '@/lib/config'
import { showServerErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import type { ScaleApi } from './api/scales'
import {
  checkConfigForm,
  configFormSchema,
  fieldForPath,
  toFormValues,
  type ConfigFormValues,
} from './config-form'

export const MSG_CONFLICT_TOAST = 'Nicht gespeichert: Jemand anderes hat inzwischen gespeichert.'
export const MSG_INVALID_TOAST = 'Nicht gespeichert: Bitte die markierten Felder prüfen.'

/**
 * The editor's state: it edits the version it loaded (`loaded`) and saves over exactly that version
 * (If-Match). While the form is unchanged it follows every new live version; with unsaved edits
 * `newer` says that a newer one can be loaded. A refused save (412) keeps the edits and holds the
 * version that won (`conflict`); the server's messages that no field shows are `unmapped`.
 */
/** A version whose document has the original's shape, which this form edits. */
export type OriginalLive = LiveConfig & { config: GradingConfig }

export function useConfigEditor(live: OriginalLive, api: ScaleApi) {
  const [loaded, setLoaded] = useState(live)
  const [conflict, setConflict] = useState<LiveConfig | null>(null)
  const [unmapped, setUnmapped] = useState<string[]>([])
  const form = useForm<ConfigFormValues>({
    resolver: zodResolver(configFormSchema),
    defaultValues: toFormValues(live.config),
  })
  const { isDirty, isSubmitting } = form.formState

  const load = useCallback(
    (next: LiveConfig) => {
      // A version of another system is not for this form: the editor gives way to its summary as soon
      // as the page's stream brings it (ConfigEditor).
      if (!isOriginal(next.config)) return
      setLoaded({ ...next, config: next.config })
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
  useRecheckOnChange(form)

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
  return { form, loaded, conflict, unmapped, load, onSubmit, newer }
}

/**
 * Once a message shows (after leaving a changed field, or after the first attempt to save), every
 * change checks the whole form again: rules between fields (the order of the boundaries, the sum of
 * the widths) clear or appear at the other field too.
 */
export function useRecheckOnChange<T extends FieldValues>(form: UseFormReturn<T>): void {
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
}
