import { TextField } from '@/components/text-field'
import type { ScaleApi } from '../api/scales'
import { enterDoesNotSave } from '../enter-does-not-save'
import { systemName } from '../system-names'
import { useRuleEditor, type RuleLive } from '../use-rule-editor'
import { AdjustableField, type AdjustableForm } from './adjustable-field'
import { EditorShell } from './editor-shell'
import { FehlerFields, type FehlerForm } from './fehler-fields'
import { RoundedIhkNotice } from './rounded-ihk-notice'
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
  const editor = useRuleEditor(live, api)
  const { form, loaded, load, onSubmit } = editor
  const { errors, isDirty, isSubmitting } = form.formState
  const doc = loaded.config
  return (
    <EditorShell
      live={live}
      editor={editor}
      title={title}
      about={` Notensystem: ${systemName(doc.rule.system)}; ${doc.rule.kind === 'formula' ? 'Schweizer Formel' : 'Tabelle „ab“'}.`}
      preview={
        <RulePreview
          form={form}
          base={doc}
          saved={`So zeigt der Rechner die Tabelle der gespeicherten Version ${String(loaded.version)}.`}
        />
      }
    >
      <RoundedIhkNotice loaded={loaded} api={api} />
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
        <ZeugnisFields form={form as unknown as ZeugnisForm} system={doc.rule.system} />
        <FehlerFields form={form as unknown as FehlerForm} />
        <AdjustableField form={form as unknown as AdjustableForm} />
        <SaveBar
          isSubmitting={isSubmitting}
          isDirty={isDirty}
          onDiscard={() => {
            load(loaded)
          }}
        />
      </form>
    </EditorShell>
  )
}
