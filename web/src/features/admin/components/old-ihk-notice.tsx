import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import type { LiveConfig } from '@/lib/config'
import { getPresets } from '@/lib/presets'
import { useResource } from '@/lib/use-resource'
import type { ScaleApi } from '../api/scales'
import { ihkDifferences, isOldIhk } from '../old-ihk'
import { usePresetReplacement } from '../use-preset-replacement'

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
  const ihk = presets.data?.find((p) => p.id === 'ihk')
  const { busy, replace } = usePresetReplacement(loaded, api, ihk)
  return (
    <Notice
      tone="warning"
      role="status"
      title="Dieser Schlüssel ist die alte Vorlage „IHK“, nicht der Schlüssel der IHK."
    >
      <p>
        Die IHK gibt ganze Noten ab 92, 81, 67, 50 und 30 Punkten, ohne Rundung. Die alte Vorlage nimmt diese
        Zahlen als Grenzen „über“ mit Plus und Minus
        {ihk === undefined ? '.' : `: ${ihkDifferences(loaded.config, ihk.config).join(', ')}.`}
      </p>
      <Button variant="secondary" disabled={ihk === undefined || busy} onClick={() => void replace()}>
        {busy ? 'Wird gespeichert …' : 'Durch den IHK-Schlüssel ersetzen'}
      </Button>
    </Notice>
  )
}
