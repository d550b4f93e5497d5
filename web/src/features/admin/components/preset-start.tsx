import { useState } from 'react'
import { Notice } from '@/components/notice'
import { Spinner } from '@/components/spinner'
import { getPresets } from '@/lib/presets'
import { useResource } from '@/lib/use-resource'
import { DocumentCreator } from './document-creator'
import { PresetPicker } from './preset-picker'

interface PresetStartProps {
  taken: readonly string[]
  onCreated: (slug: string) => void
  onCancel: () => void
}

/** A new scale from one of the server's presets (GET /api/v1/presets), created as {"slug","preset"}. */
export function PresetStart({ taken, onCreated, onCancel }: PresetStartProps) {
  const [presets, reload] = useResource(getPresets, null)
  const [picked, setPicked] = useState<string | null>(null)
  if (presets.state === 'loading') return <Spinner label="Vorlagen werden geladen" />
  if (presets.state === 'failed')
    return (
      <Notice tone="error" role="alert" title="Die Vorlagen ließen sich nicht laden.">
        <p>{presets.message}</p>
        <button type="button" className="font-medium underline" onClick={reload}>
          Erneut versuchen
        </button>
      </Notice>
    )
  const chosen = presets.data.find((p) => p.id === picked) ?? presets.data[0]
  if (chosen === undefined) return <p>Der Server bietet keine Vorlagen an.</p>
  return (
    <div className="space-y-6">
      <PresetPicker presets={presets.data} value={chosen.id} onChange={setPicked} />
      <DocumentCreator
        key={chosen.id}
        doc={chosen.config}
        preset={chosen.id}
        taken={taken}
        onCreated={onCreated}
        onCancel={onCancel}
      />
    </div>
  )
}
