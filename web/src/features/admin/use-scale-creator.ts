import { valibotResolver } from '@hookform/resolvers/valibot'
import { useEffect, useState } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { DocumentOf } from '@/lib/config'
import { showServerErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { createScale } from './api/scales'
import {
  checkConfigForm,
  configFormSchema,
  fieldForPath,
  FORM_FIELDS,
  toFormValues,
  type ConfigFormField,
  type ConfigFormValues,
} from './config-form'
import { checkSlug, suggestSlug } from './scale-slug'
import { STANDARD } from './standard'

const EMPTY: ConfigFormValues = Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as Record<
  ConfigFormField,
  string
>

/**
 * A new scale's form: the configuration (react-hook-form), its Kurzname, which follows the name
 * until someone types one, and the creation (POST /api/v1/scales) with the server's messages placed
 * at their fields. `taken` are the slugs that exist.
 */
export function useScaleCreator(taken: string[], onCreated: (slug: string) => void) {
  const form: UseFormReturn<ConfigFormValues> = useForm<ConfigFormValues>({
    resolver: valibotResolver(configFormSchema),
    // the Standard's numbers, no name: every scale needs its own (and its own Kurzname)
    defaultValues: { ...toFormValues(STANDARD), name: '' },
  })
  const [slug, setSlug] = useState('')
  const [slugTyped, setSlugTyped] = useState(false) // once typed, the name no longer suggests it
  const [slugError, setSlugError] = useState<string | undefined>()
  const [unmapped, setUnmapped] = useState<string[]>([])

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

  return {
    form,
    slug,
    slugError,
    unmapped,
    typeSlug: (typed: string) => {
      setSlugTyped(true)
      setSlug(typed)
      if (slugError !== undefined) setSlugError(checkSlug(typed, taken) ?? undefined)
    },
    /** Fills the form from a configuration (null: empty); a name typed already stays, an empty one gets `name`. */
    fill: (config: DocumentOf<'widths'> | null, name: string) => {
      const typed = form.getValues('name')
      const values = config === null ? EMPTY : toFormValues(config)
      const next = config === null || typed.trim() !== '' ? typed : name
      form.reset({ ...values, name: next }, { keepDefaultValues: true })
      if (!slugTyped) setSlug(suggestSlug(next))
    },
    onSubmit: async (values: ConfigFormValues) => {
      const checked = checkConfigForm(values)
      const slugMessage = checkSlug(slug, taken) ?? undefined
      setSlugError(slugMessage)
      if (!checked.ok || slugMessage !== undefined) return
      setUnmapped([])
      try {
        await createScale(slug, checked.doc)
        toast.success(`Notenschlüssel „${checked.doc.name}“ angelegt.`)
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
    },
  }
}
