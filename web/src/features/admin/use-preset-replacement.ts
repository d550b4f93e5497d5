import { useState } from 'react'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { LiveConfig } from '@/lib/config'
import type { Preset } from '@/lib/presets'
import { toast } from '@/lib/toast'
import type { ScaleApi } from './api/scales'
import { MSG_CONFLICT_TOAST } from './use-version-editor'

/**
 * Stores a preset's document as it is (the server checks it again; it names the preset) as a new version
 * over the loaded one (If-Match); the history keeps the old one. `busy` while it saves.
 */
export function usePresetReplacement(loaded: LiveConfig, api: ScaleApi, preset: Preset | undefined) {
  const [busy, setBusy] = useState(false)
  const replace = async () => {
    if (preset === undefined) return
    setBusy(true)
    try {
      const saved = await api.save(preset.config, loaded.version)
      toast.success(`Gespeichert: Version ${String(saved.version)}. Die alte Version bleibt im Verlauf.`)
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status === 412
          ? MSG_CONFLICT_TOAST
          : `Nicht gespeichert: ${errorMessage(err)}`,
      )
    } finally {
      setBusy(false)
    }
  }
  return { busy, replace }
}
