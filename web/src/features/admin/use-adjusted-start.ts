import { useEffect, useState } from 'react'
import { adjust, type BoundChange } from '@/lib/adjust'
import { errorMessage } from '@/lib/api-client'
import type { LiveConfig, ScaleDocument } from '@/lib/config'
import type { ScaleSummary } from '@/lib/scales'
import { adjustedName, adjustmentWords, type AdjustedStart } from './adjusted-start'
import { scaleApi } from './api/scales'

export type AdjustedDocument =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | {
      state: 'ready'
      /** The adjusted document under its new name, without the preset it may have named (its rule differs). */
      doc: ScaleDocument
      /** The school's scale and the version the adjustment was made on. */
      from: { name: string; version: number }
      changes: BoundChange[]
    }

/**
 * The adjusted document of an AdjustedStart: the scale's version `stand` (the current one when the address
 * names none) read through the admin's history route, adjusted by lib/adjust.ts, named after the change.
 * `scales` is the list (empty while it loads).
 */
export function useAdjustedStart(start: AdjustedStart | null, scales: readonly ScaleSummary[]) {
  const [result, setResult] = useState<AdjustedDocument>({ state: 'loading' })
  const scale =
    start === null ? undefined : scales.find((s) => (start.slug === null ? s.default : s.slug === start.slug))
  const missing = start !== null && scales.length > 0 && scale === undefined
  const slug = scale?.slug
  const version = start?.version ?? 0
  const adjustment = start?.adjustment
  useEffect(() => {
    if (slug === undefined || adjustment === undefined) return
    let live = true
    const api = scaleApi(slug)
    const read: Promise<LiveConfig> = version > 0 ? api.version(version) : api.get()
    read.then(
      (v) => {
        if (!live) return
        const done = adjust(v.config, adjustment)
        if (!done.ok) {
          setResult({
            state: 'error',
            message: `Die Anpassung passt nicht zu Version ${String(v.version)}: ${Object.values(done.errors).join(' ')}`,
          })
          return
        }
        const doc: ScaleDocument = { ...done.doc }
        delete doc.preset
        const name = adjustedName(v.config.name, adjustmentWords(v.config, adjustment, done.changes))
        setResult({
          state: 'ready',
          doc: { ...doc, name },
          from: { name: v.config.name, version: v.version },
          changes: done.changes,
        })
      },
      (err: unknown) => {
        if (live) setResult({ state: 'error', message: errorMessage(err) })
      },
    )
    return () => {
      live = false
    }
  }, [slug, version, adjustment])
  if (missing)
    return { state: 'error', message: `Den Notenschlüssel „${start.slug ?? ''}“ gibt es nicht.` } as const
  return result
}
