import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useForm, type Path } from 'react-hook-form'
import { ApiError, errorMessage } from '@/lib/api-client'
import { isOriginal, type LiveConfig, type RuleDocument } from '@/lib/config'
import { showServerErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import type { ScaleApi } from './api/scales'
import {
  checkRuleForm,
  fieldForRulePath,
  ruleFormSchema,
  toRuleValues,
  type RuleFormValues,
} from './rule-form'
import { MSG_CONFLICT_TOAST, MSG_INVALID_TOAST, useRecheckOnChange } from './use-config-editor'

/** A version whose document follows a rule, which this form edits. */
export type RuleLive = LiveConfig & { config: RuleDocument }

/**
 * The rule editor's state, as useConfigEditor's for the original's form: it edits the version it
 * loaded and saves over exactly that one (If-Match); unchanged, it follows every new live version;
 * a refused save (412) keeps the edits and holds the version that won; a 422 shows at the fields.
 */
export function useRuleEditor(live: RuleLive, api: ScaleApi) {
  const [loaded, setLoaded] = useState(live)
  const [conflict, setConflict] = useState<LiveConfig | null>(null)
  const [unmapped, setUnmapped] = useState<string[]>([])
  const schema = useMemo(() => ruleFormSchema(loaded.config), [loaded.config])
  const form = useForm<RuleFormValues>({
    resolver: zodResolver(schema),
    defaultValues: toRuleValues(live.config),
  })
  const { isDirty, isSubmitting } = form.formState

  const load = useCallback(
    (next: LiveConfig) => {
      // A version of the original's shape is not for this form: the editor gives way to that form.
      if (isOriginal(next.config)) return
      setLoaded({ ...next, config: next.config })
      setConflict(null)
      setUnmapped([])
      form.reset(toRuleValues(next.config))
    },
    [form],
  )

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() resets the form's external store too
    if (live.version > loaded.version && !isDirty && !isSubmitting) load(live)
  }, [live, loaded.version, isDirty, isSubmitting, load])
  useRecheckOnChange(form)

  const onSubmit = async (values: RuleFormValues) => {
    const checked = checkRuleForm(values, loaded.config)
    if (!checked.ok) return // the resolver has shown the errors already
    setUnmapped([])
    try {
      const saved = await api.save(checked.doc, loaded.version)
      load(saved)
      toast.success(`Gespeichert: Version ${saved.version}.`)
    } catch (err) {
      if (err instanceof ApiError && err.status === 412) {
        setConflict(err.current ?? (await api.get().catch(() => live)))
        toast.error(MSG_CONFLICT_TOAST)
        return
      }
      if (err instanceof ApiError && err.status === 422) {
        setUnmapped(
          showServerErrors(
            form.setError,
            err.fields,
            (p) => fieldForRulePath(p) as Path<RuleFormValues> | null,
          ),
        )
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
