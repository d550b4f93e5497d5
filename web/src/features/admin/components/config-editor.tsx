import { Card } from '@/components/card'
import { GradeTable } from '@/components/grade-table'
import { Spinner } from '@/components/spinner'
import { isOriginal, type ScaleDocument } from '@/lib/config'
import { formatSavedAt, savedByPhrase } from '@/lib/format'
import { keyOf } from '@/lib/key'
import { useLiveConfig } from '@/lib/use-live-config'
import { defaultScaleApi, type ScaleApi } from '../api/scales'
import type { EditorSource } from '../editor-source'
import { useConfigEditor, type OriginalLive } from '../use-config-editor'
import { ConfigPresets } from './config-presets'
import { EditorFields } from './editor-fields'
import { ConflictNotice, NewerNotice, RefusedNotice } from './editor-notices'
import { FormPreview } from './form-preview'

/** The configuration editor of /admin: waits for the live configuration (the default scale's, or source's), then edits it. */
export function ConfigEditor({ source }: { source?: EditorSource }) {
  const page = useLiveConfig()
  const live = source?.live ?? page
  if (live.state !== 'ready') return <Spinner label="Konfiguration wird geladen" />
  const { data } = live
  if (!isOriginal(data.config)) return <RuleSummary config={data.config} title={source?.title} />
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
        title={title === undefined ? 'Konfiguration' : `Konfiguration: ${title}`}
        description={`Bearbeitet wird Version ${loaded.version} („${loaded.config.name}“), gespeichert am ${formatSavedAt(loaded.savedAt)}${savedByPhrase(loaded.savedBy)}.`}
      >
        <div className="space-y-4">
          {conflict !== null && (
            <ConflictNotice
              conflict={conflict}
              onLoad={() => {
                load(conflict)
              }}
            />
          )}
          {newer && (
            <NewerNotice
              live={live}
              onLoad={() => {
                load(live)
              }}
            />
          )}
          <RefusedNotice title="Der Server hat die Konfiguration abgelehnt." messages={unmapped} />
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

/**
 * A scale of another system than the original's (docs/grading-systems.md): its table as the calculator
 * shows it. Such scales are made from a preset or through the API; the form above edits the original's shape.
 */
function RuleSummary({ config, title }: { config: ScaleDocument; title: string | undefined }) {
  return (
    <Card
      title={title === undefined ? 'Konfiguration' : `Konfiguration: ${title}`}
      description="Dieser Notenschlüssel folgt einer Regel (Tabelle „ab“ oder Schweizer Formel). Hier lässt sich nur der Schlüssel in der ursprünglichen Form mit Notengrenzen und Breiten bearbeiten; diesen Schlüssel ersetzt eine neue Version über die Programmierschnittstelle."
    >
      <GradeTable scaleKey={keyOf(config)} name={config.name} />
    </Card>
  )
}
