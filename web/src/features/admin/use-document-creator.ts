import { useState } from 'react'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { ScaleDocument } from '@/lib/config'
import { toast } from '@/lib/toast'
import { createScale, createScaleFromPreset } from './api/scales'
import { validateConfigDocument } from './config-validation'
import { checkSlug, suggestSlug } from './scale-slug'

/**
 * A new scale from a whole document: a preset's (sent as its id, POST /scales {"slug","preset"}; the
 * scale then names the preset and has its name) or one made here (a copy, the Knickpunkt rule "ab";
 * sent as the document with the name typed). The Kurzname follows the name until someone types one.
 */
export function useDocumentCreator(
  doc: ScaleDocument,
  preset: string | undefined,
  taken: readonly string[],
  onCreated: (slug: string) => void,
) {
  const [name, setName] = useState(doc.name)
  const [typedSlug, setTypedSlug] = useState<string | null>(null)
  const [errors, setErrors] = useState<Partial<Record<'name' | 'slug' | 'other', string | undefined>>>({})
  const [busy, setBusy] = useState(false)
  const slug = typedSlug ?? suggestSlug(name)

  const submit = async () => {
    const next = {
      ...(preset === undefined ? { name: validateConfigDocument({ name }).name } : {}),
      slug: checkSlug(slug, taken) ?? undefined,
    }
    setErrors(next)
    if (next.name !== undefined || next.slug !== undefined) return
    setBusy(true)
    try {
      // the document came from the server (a copy) or from knickpunkt-ab.ts; the server checks it again
      if (preset === undefined) await createScale(slug, { ...doc, name })
      else await createScaleFromPreset(slug, preset)
      toast.success(`Notenschlüssel „${name}“ angelegt.`)
      onCreated(slug)
    } catch (err) {
      if (err instanceof ApiError && err.code === 'scale_exists') setErrors({ slug: err.message })
      else if (err instanceof ApiError && err.status === 422 && Object.keys(err.fields).length > 0) {
        const { slug: s, 'config.name': n, ...rest } = err.fields
        const other = Object.entries(rest).map(([p, m]) => `${p}: ${m}`)
        setErrors({ slug: s, name: n, ...(other.length > 0 ? { other: other.join(' ') } : {}) })
      } else toast.error(`Nicht angelegt: ${errorMessage(err)}`)
    } finally {
      setBusy(false)
    }
  }

  return { name, setName, slug, typeSlug: setTypedSlug, errors, busy, submit }
}
