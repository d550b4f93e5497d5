import { valibotResolver } from '@hookform/resolvers/valibot'
import type { Path } from 'react-hook-form'
import type { ScaleApi } from './api/scales'
import {
  checkRuleForm,
  fieldForRulePath,
  ruleFormSchema,
  toRuleValues,
  type RuleFormValues,
  type RuleKind,
} from './rule-form'
import { useVersionEditor, type EditorForm, type VersionOf } from './use-version-editor'

/** A version of a table or the formula, which this form edits. */
export type RuleLive = VersionOf<RuleKind>

/** The rule's form: a table's bounds and basis, or the formula's settings (rule-form.ts). */
const RULE_FORM: EditorForm<RuleKind, RuleFormValues> = {
  kinds: ['table', 'formula'],
  resolverFor: (loaded) => valibotResolver(ruleFormSchema(loaded)),
  toValues: toRuleValues,
  toDocument: (values, loaded) => {
    const checked = checkRuleForm(values, loaded)
    return checked.ok ? checked.doc : null
  },
  fieldForPath: (path) => fieldForRulePath(path) as Path<RuleFormValues> | null,
}

/** The editor of a version that follows a rule (useVersionEditor). */
export function useRuleEditor(live: RuleLive, api: ScaleApi) {
  return useVersionEditor(live, api, RULE_FORM)
}
