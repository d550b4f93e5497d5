import { Spinner } from '@/components/spinner'
import { isOriginal } from '@/lib/config'
import { useLiveConfig } from '@/lib/use-live-config'
import { defaultScaleApi, type ScaleApi } from '../api/scales'
import type { EditorSource } from '../editor-source'
import { useConfigEditor, type OriginalLive } from '../use-config-editor'
import { ConfigPresets } from './config-presets'
import { EditorFields } from './editor-fields'
import { EditorShell } from './editor-shell'
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

/** A version of the original's shape: its bounds and widths, the presets and the IHK notice. */
function EditorForm({ live, api, title }: { live: OriginalLive; api: ScaleApi; title: string | undefined }) {
  const editor = useConfigEditor(live, api)
  const { form, loaded, load, onSubmit } = editor
  return (
    <EditorShell
      live={live}
      editor={editor}
      title={title}
      preview={
        <FormPreview
          form={form}
          saved={`So zeigt der Rechner die Tabelle der gespeicherten Version ${String(loaded.version)}.`}
        />
      }
    >
      <OldIhkNotice loaded={loaded} api={api} />
      <ConfigPresets form={form} current={loaded.config} />
      <EditorFields
        form={form}
        onSubmit={onSubmit}
        onDiscard={() => {
          load(loaded)
        }}
      />
    </EditorShell>
  )
}
