import { useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { ApiError, errorMessage } from '@/lib/api-client'
import type { LiveConfig } from '@/lib/config'
import { getPresets } from '@/lib/presets'
import { toast } from '@/lib/toast'
import { useResource } from '@/lib/use-resource'
import type { ScaleApi } from '../api/scales'
import { ihkDifferences, isOldIhk } from '../old-ihk'
import { MSG_CONFLICT_TOAST } from '../use-version-editor'

/**
 * Shown while the loaded version is exactly the old "IHK" preset (old-ihk.ts): what differs from the
 * IHK's key, and one click that stores the `ihk` preset's document as a new version over it (If-Match).
 */
export function OldIhkNotice({ loaded, api }: { loaded: LiveConfig; api: ScaleApi }) {
  // only such a scale reads the presets
  return isOldIhk(loaded.config) ? <Replacement loaded={loaded} api={api} /> : null
}

function Replacement({ loaded, api }: { loaded: LiveConfig; api: ScaleApi }) {
  const [presets] = useResource(getPresets, null)
  const [busy, setBusy] = useState(false)
  const ihk = presets.data?.find((p) => p.id === 'ihk')
  const replace = async () => {
    if (ihk === undefined) return
    setBusy(true)
    try {
      // the preset's document as the server sent it (the server checks it again); it names the preset
      const saved = await api.save(ihk.config, loaded.version)
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
  return (
    <Notice
      tone="warning"
      role="status"
      title="Dieser Schlüssel ist die alte Vorlage „IHK“, nicht der Schlüssel der IHK."
    >
      <p>
        Die IHK gibt ganze Noten ab 92, 81, 67, 50 und 30 Punkten, auf ganze Prozent gerundet. Die alte
        Vorlage nimmt diese Zahlen als Grenzen „über“ mit Plus und Minus
        {ihk === undefined ? '.' : `: ${ihkDifferences(loaded.config, ihk.config).join(', ')}.`}
      </p>
      <Button variant="secondary" disabled={ihk === undefined || busy} onClick={() => void replace()}>
        {busy ? 'Wird gespeichert …' : 'Durch den IHK-Schlüssel ersetzen'}
      </Button>
    </Notice>
  )
}
