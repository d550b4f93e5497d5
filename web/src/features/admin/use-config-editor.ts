import { zodResolver } from '@hookform/resolvers/zod'
import { isOriginal, type GradingConfig } from '@/lib/config'
import type { ScaleApi } from './api/scales'
import {
  checkConfigForm,
  configFormSchema,
  fieldForPath,
  toFormValues,
  type ConfigFormValues,
} from './config-form'
import { useVersionEditor, type EditorForm, type VersionOf } from './use-version-editor'

/** A version whose document has the original's shape, which this form edits. */
export type OriginalLive = VersionOf<GradingConfig>

const resolver = zodResolver(configFormSchema)

/** The original's form: bounds and widths (config-form.ts). */
const ORIGINAL_FORM: EditorForm<GradingConfig, ConfigFormValues> = {
  edits: isOriginal,
  resolverFor: () => resolver,
  toValues: toFormValues,
  toDocument: (values) => {
    const checked = checkConfigForm(values)
    return checked.ok ? checked.config : null
  },
  fieldForPath,
}

/** The editor of a version of the original's shape (useVersionEditor). */
export function useConfigEditor(live: OriginalLive, api: ScaleApi) {
  return useVersionEditor(live, api, ORIGINAL_FORM)
}
