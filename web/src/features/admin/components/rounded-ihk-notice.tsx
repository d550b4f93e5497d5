import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import type { LiveConfig } from '@/lib/config'
import { getPresets } from '@/lib/presets'
import { useResource } from '@/lib/use-resource'
import type { ScaleApi } from '../api/scales'
import { mayBeRoundedIhk, roundedIhkPreset, roundingDifferences } from '../rounded-ihk'
import { usePresetReplacement } from '../use-preset-replacement'

/**
 * Shown while the loaded version holds the rule an earlier release stored for `ihk` or `ihk-dezimal`
 * (rounded-ihk.ts): where it grades otherwise than the preset, and one click that stores the preset's
 * document as a new version over it (If-Match). A school whose own rule rounds keeps its table.
 */
export function RoundedIhkNotice({ loaded, api }: { loaded: LiveConfig; api: ScaleApi }) {
  // only such a scale reads the presets
  return mayBeRoundedIhk(loaded.config) ? <Replacement loaded={loaded} api={api} /> : null
}

const WHY: Record<string, string> = {
  ihk: 'Der Schlüssel der IHK nennt keine Rundung; das Bundesrecht rechnet ihn „ohne Rundung“ (§ 30 ÖDAPrV).',
  'ihk-dezimal':
    'Bestanden wird ab 50 Punkten ohne Rundung; erst danach werden die Punkte kaufmännisch gerundet (z. B. § 7 KundenbTischlPrV).',
}

function Replacement({ loaded, api }: { loaded: LiveConfig; api: ScaleApi }) {
  const [presets] = useResource(getPresets, null)
  const preset = presets.data === undefined ? undefined : roundedIhkPreset(loaded.config, presets.data)
  const { busy, replace } = usePresetReplacement(loaded, api, preset)
  const { rule } = loaded.config
  if (preset === undefined || rule.kind !== 'table' || preset.config.rule.kind !== 'table') return null
  const differences = roundingDifferences(rule, preset.config.rule)
  return (
    <Notice
      tone="warning"
      role="status"
      title={`Dieser Schlüssel rundet auf ganze Prozent wie die frühere Vorlage „${preset.name}“.`}
    >
      <p>
        {WHY[preset.id]} Die Vorlage gibt deshalb andere Noten: {differences.join(', ')}. Rundet Ihre Schule
        oder Kammer selbst auf ganze Prozent, bleibt der Schlüssel, wie er ist.
      </p>
      <Button variant="secondary" disabled={busy} onClick={() => void replace()}>
        {busy ? 'Wird gespeichert …' : 'Durch die Vorlage ersetzen'}
      </Button>
    </Notice>
  )
}
