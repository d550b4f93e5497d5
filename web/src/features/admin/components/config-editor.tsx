import { Card } from '@/components/card'
import { Spinner } from '@/components/spinner'
import { isOriginal } from '@/lib/config'
import { formatSavedAt, savedByPhrase } from '@/lib/format'
import { useLiveConfig } from '@/lib/use-live-config'
import { defaultScaleApi, type ScaleApi } from '../api/scales'
import type { EditorSource } from '../editor-source'
import { useConfigEditor, type OriginalLive } from '../use-config-editor'
import { ConfigPresets } from './config-presets'
import { EditorFields } from './editor-fields'
import { EditorNotices } from './editor-notices'
import { FormPreview } from './form-preview'
import { OldIhkNotice } from './old-ihk-notice'
import { RuleEditor } from './rule-editor'

/** The configuration editor of /admin: waits for the live configuration (the default scale's, or source's), then edits it. */
export function ConfigEditor({ source }: { source?: EditorSource }) {
  const page = useLiveConfig()
  const live = source?.live ?? page
  if (live.state !== 'ready') return <Spinner label="Konfiguration wird geladen" />
  const { data } = live
  if (!isOriginal(data.config))
    return (
      // keyed by the system and kind: a version of another rule needs a form of other fields
      <RuleEditor
        key={`${data.config.system}/${data.config.rule.kind}`}
        live={{ ...data, config: data.config }}
        api={source?.api ?? defaultScaleApi}
        title={source?.title}
      />
    )
  return (
    <EditorForm
      live={{ ...data, config: data.config }}
      api={source?.api ?? defaultScaleApi}
      title={source?.title}
    />
  )
}

/** The version being edited, the notices about newer ones, the presets, the fields and the preview. */
function EditorForm({ live, api, title }: { live: OriginalLive; api: ScaleApi; title: string | undefined }) {
  const { form, loaded, conflict, unmapped, load, onSubmit, newer } = useConfigEditor(live, api)
  return (
    <div className="space-y-6">
      <Card
        title={`Notenschlüssel „${title ?? loaded.config.name}“`}
        description={`Bearbeitet wird Version ${loaded.version} („${loaded.config.name}“), gespeichert am ${formatSavedAt(loaded.savedAt)}${savedByPhrase(loaded.savedBy)}.`}
      >
        <div className="space-y-4">
          <EditorNotices live={live} conflict={conflict} newer={newer} unmapped={unmapped} load={load} />
          <OldIhkNotice loaded={loaded} api={api} />
          <ConfigPresets form={form} current={loaded.config} />
          <EditorFields
            form={form}
            onSubmit={onSubmit}
            onDiscard={() => {
              load(loaded)
            }}
          />
        </div>
      </Card>
      <FormPreview
        form={form}
        saved={`So zeigt der Rechner die Tabelle der gespeicherten Version ${String(loaded.version)}.`}
      />
    </div>
  )
}
