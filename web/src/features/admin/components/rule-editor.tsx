import { Card } from '@/components/card'
import { TextField } from '@/components/text-field'
import { formatSavedAt, savedByPhrase } from '@/lib/format'
import type { ScaleApi } from '../api/scales'
import { enterDoesNotSave } from '../enter-does-not-save'
import { systemName } from '../system-names'
import { useRuleEditor, type RuleLive } from '../use-rule-editor'
import { EditorNotices } from './editor-notices'
import { FormulaFields, TableFields } from './rule-fields'
import { RulePreview } from './rule-preview'
import { SaveBar } from './save-bar'
import { ZeugnisFields, type ZeugnisForm } from './zeugnis-fields'

/** The editor of a scale that follows a rule: a table's bounds and basis, or the Swiss formula. */
export function RuleEditor({
  live,
  api,
  title,
}: {
  live: RuleLive
  api: ScaleApi
  title: string | undefined
}) {
  const { form, loaded, conflict, unmapped, load, onSubmit, newer } = useRuleEditor(live, api)
  const { errors, isDirty, isSubmitting } = form.formState
  const doc = loaded.config
  return (
    <div className="space-y-6">
      <Card
        title={`Notenschlüssel „${title ?? loaded.config.name}“`}
        description={`Bearbeitet wird Version ${loaded.version} („${doc.name}“), gespeichert am ${formatSavedAt(loaded.savedAt)}${savedByPhrase(loaded.savedBy)}. Notensystem: ${systemName(doc.system)}; ${doc.rule.kind === 'formula' ? 'Schweizer Formel' : 'Tabelle „ab“'}.`}
      >
        <div className="space-y-4">
          <EditorNotices live={live} conflict={conflict} newer={newer} unmapped={unmapped} load={load} />
          <form
            noValidate
            onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}
            onKeyDown={enterDoesNotSave}
            className="space-y-6"
          >
            <TextField
              label="Name"
              hint="Steht über der Tabelle, z. B. „Oberstufe“."
              autoComplete="off"
              className="max-w-md"
              error={errors.name?.message}
              {...form.register('name')}
            />
            {doc.rule.kind === 'formula' ? <FormulaFields form={form} /> : <TableFields form={form} />}
            <ZeugnisFields form={form as unknown as ZeugnisForm} system={doc.system} />
            <SaveBar
              isSubmitting={isSubmitting}
              isDirty={isDirty}
              onDiscard={() => {
                load(loaded)
              }}
            />
          </form>
        </div>
      </Card>
      <RulePreview
        form={form}
        base={doc}
        saved={`So zeigt der Rechner die Tabelle der gespeicherten Version ${String(loaded.version)}.`}
      />
    </div>
  )
}
