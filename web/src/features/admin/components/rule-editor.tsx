import { Button } from '@/components/button'
import { Card } from '@/components/card'
import { TextField } from '@/components/text-field'
import { formatSavedAt, savedByPhrase } from '@/lib/format'
import type { ScaleApi } from '../api/scales'
import { systemName } from '../system-names'
import { useRuleEditor, type RuleLive } from '../use-rule-editor'
import { EditorNotices } from './editor-notices'
import { FormulaFields, TableFields } from './rule-fields'
import { RulePreview } from './rule-preview'

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
        title={title === undefined ? 'Konfiguration' : `Konfiguration: ${title}`}
        description={`Bearbeitet wird Version ${loaded.version} („${doc.name}“), gespeichert am ${formatSavedAt(loaded.savedAt)}${savedByPhrase(loaded.savedBy)}. Notensystem: ${systemName(doc.system)}; ${doc.rule.kind === 'formula' ? 'Schweizer Formel' : 'Tabelle „ab“'}.`}
      >
        <div className="space-y-4">
          <EditorNotices live={live} conflict={conflict} newer={newer} unmapped={unmapped} load={load} />
          <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-6">
            <TextField
              label="Name"
              hint="Steht über der Tabelle, z. B. „Oberstufe“."
              autoComplete="off"
              className="max-w-md"
              error={errors.name?.message}
              {...form.register('name')}
            />
            {doc.rule.kind === 'formula' ? <FormulaFields form={form} /> : <TableFields form={form} />}
            <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Wird gespeichert …' : 'Speichern'}
              </Button>
              <Button
                variant="secondary"
                disabled={!isDirty || isSubmitting}
                onClick={() => {
                  load(loaded)
                }}
              >
                Änderungen verwerfen
              </Button>
              <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
                {isDirty ? 'Ungespeicherte Änderungen.' : 'Keine ungespeicherten Änderungen.'}
              </p>
            </div>
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
