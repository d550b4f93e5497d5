import { getPresets } from '@/lib/presets'
import { useResource } from '@/lib/use-resource'

/**
 * Where a preset's key comes from, under its table and on paper: "Vorlage: Notenpunkte 15–0 (KMK) · Quelle:
 * … · Deutschland, gymnasiale Oberstufe". Read from GET /presets when shown; nothing while it loads, when
 * the server cannot be asked (offline) or for an id it does not know.
 */
export default function PresetSource({ id }: { id: string }) {
  const [presets] = useResource(getPresets, null)
  const preset = presets.data?.find((p) => p.id === id)
  if (preset === undefined) return null
  return (
    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
      Vorlage: {preset.name} · Quelle: {preset.source} · {preset.region}, {preset.schoolType}
    </p>
  )
}
