import { useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import type { ScaleSummary } from '@/lib/scales'
import { toast } from '@/lib/toast'
import { patchScale } from './api/scales'

/** A change the admin is asked to confirm first: making a scale the default, or archiving it. */
export interface AskedChange {
  scale: ScaleSummary
  change: 'archive' | 'default'
}

/**
 * Makes a scale the default, archives it or brings it back (PATCH), says how it went and reads
 * the list again (`reload`) either way; `asking` is the change waiting for a confirmation.
 */
export function useScaleChanges(reload: () => void) {
  const [asking, setAsking] = useState<AskedChange | null>(null)
  const [busy, setBusy] = useState(false)

  const change = async (
    scale: ScaleSummary,
    body: { default: true } | { archived: boolean },
    done: string,
  ) => {
    setBusy(true)
    try {
      await patchScale(scale.slug, body)
      toast.success(done)
    } catch (err) {
      toast.error(`Nicht geändert: ${errorMessage(err)}`)
    } finally {
      setBusy(false)
      setAsking(null)
      reload()
    }
  }
  return { asking, setAsking, busy, change }
}
