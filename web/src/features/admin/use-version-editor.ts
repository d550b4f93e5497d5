import { useCallback, useEffect, useMemo, useState } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { DocumentOf, LiveConfig, Rule, ScaleDocument } from '@/lib/config'
import { showServerErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import type { ScaleApi } from './api/scales'
import { isOfKind } from './document-kind'
import { useRecheckOnChange } from './use-recheck-on-change'

export const MSG_CONFLICT_TOAST = 'Nicht gespeichert: Jemand anderes hat inzwischen gespeichert.'
export const MSG_INVALID_TOAST = 'Nicht gespeichert: Bitte die markierten Felder prüfen.'

/** A version whose rule is of one of the kinds K. */
export type VersionOf<K extends Rule['kind']> = LiveConfig & { config: DocumentOf<K> }

/** What one form of the editor knows: which kinds of rule it edits, and how its values and a document meet. */
export interface EditorForm<K extends Rule['kind'], V extends FieldValues> {
  /** The kinds of rule this form edits; a version of another kind goes to the other form. */
  kinds: readonly K[]
  /** The form's checks; they may depend on the loaded document (a rule's bands). */
  resolverFor: (loaded: DocumentOf<K>) => Resolver<V>
  toValues: (doc: DocumentOf<K>) => DefaultValues<V>
  /** The document the values save as, or null while they do not make one (the resolver says why). */
  toDocument: (values: V, loaded: DocumentOf<K>) => ScaleDocument | null
  /** The form field of a server's field path (`rule.bands.3.from`), null when none shows it. */
  fieldForPath: (path: string) => Path<V> | null
}

/**
 * An editor's state, whichever form it has: it edits the version it loaded (`loaded`) and saves over
 * exactly that version (If-Match). While the form is unchanged it follows every new live version; with
 * unsaved edits `newer` says that a newer one can be loaded. A refused save (412) keeps the edits and
 * holds the version that won (`conflict`); a 422 shows at the fields, and the server's messages that no
 * field shows are `unmapped`.
 */
export function useVersionEditor<K extends Rule['kind'], V extends FieldValues>(
  live: VersionOf<K>,
  api: ScaleApi,
  kind: EditorForm<K, V>,
) {
  const [loaded, setLoaded] = useState(live)
  const [conflict, setConflict] = useState<LiveConfig | null>(null)
  const [unmapped, setUnmapped] = useState<string[]>([])
  const resolver = useMemo(() => kind.resolverFor(loaded.config), [kind, loaded.config])
  const form = useForm<V>({ resolver, defaultValues: kind.toValues(live.config) })
  const { isDirty, isSubmitting } = form.formState

  const load = useCallback(
    (next: LiveConfig) => {
      // A version of the other kind is not for this form: the editor gives way to the other form as
      // soon as the page's stream brings it.
      const doc = next.config
      if (!isOfKind(doc, kind.kinds)) return
      setLoaded({ ...next, config: doc })
      setConflict(null)
      setUnmapped([])
      form.reset(kind.toValues(doc))
    },
    [form, kind],
  )

  // Unchanged: follow the stored configuration. The form's values live in react-hook-form's
  // store, outside React state, so following it is an effect (reset) by nature.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() resets the form's external store too
    if (live.version > loaded.version && !isDirty && !isSubmitting) load(live)
  }, [live, loaded.version, isDirty, isSubmitting, load])
  useRecheckOnChange(form)

  const onSubmit = async (values: V) => {
    const doc = kind.toDocument(values, loaded.config)
    if (doc === null) return // the resolver has shown the errors already
    setUnmapped([])
    try {
      const saved = await api.save(doc, loaded.version)
      load(saved)
      toast.success(`Gespeichert: Version ${saved.version}.`)
    } catch (err) {
      if (err instanceof ApiError && err.status === 412) {
        setConflict(err.current ?? (await api.get().catch(() => live)))
        toast.error(MSG_CONFLICT_TOAST)
        return
      }
      if (err instanceof ApiError && err.status === 422) {
        setUnmapped(showServerErrors(form.setError, err.fields, kind.fieldForPath))
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
