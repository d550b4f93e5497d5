import { Spinner } from '@/components/spinner'
import { useLiveConfig } from '@/lib/use-live-config'
import { defaultScaleApi, type ScaleApi } from '../api/scales'
import { isOfKind } from '../document-kind'
import type { EditorSource } from '../editor-source'
import { useConfigEditor, type WidthsLive } from '../use-config-editor'
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
  const doc = data.config
  const api = source?.api ?? defaultScaleApi
  // keyed by the system and kind: a version of another rule needs a form of other fields
  const key = `${doc.rule.system}/${doc.rule.kind}`
  if (isOfKind(doc, ['widths']))
    return <WidthsEditor key={key} live={{ ...data, config: doc }} api={api} title={source?.title} />
  if (isOfKind(doc, ['table', 'formula']))
    return <RuleEditor key={key} live={{ ...data, config: doc }} api={api} title={source?.title} />
  return null
}

/** A version of the original's rule: its bounds and widths, the presets and the IHK notice. */
function WidthsEditor({ live, api, title }: { live: WidthsLive; api: ScaleApi; title: string | undefined }) {
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
