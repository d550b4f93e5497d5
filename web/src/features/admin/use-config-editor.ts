import { valibotResolver } from '@hookform/resolvers/valibot'
import type { Path } from 'react-hook-form'
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
import { isZeugnisPath, toZeugnisValues } from './zeugnis-form'

/** A version whose document has the original's shape, which this form edits. */
export type OriginalLive = VersionOf<GradingConfig>

const resolver = valibotResolver(configFormSchema)

/** The original's form: bounds and widths (config-form.ts), and the section "Zeugnisnote". */
const ORIGINAL_FORM: EditorForm<GradingConfig, ConfigFormValues> = {
  edits: isOriginal,
  resolverFor: () => resolver,
  toValues: (doc) => ({ ...toFormValues(doc), zeugnis: toZeugnisValues(doc.zeugnis) }),
  toDocument: (values) => {
    const checked = checkConfigForm(values)
    return checked.ok ? checked.config : null
  },
  fieldForPath: (path) =>
    isZeugnisPath(path) && path !== 'zeugnis' ? (path as Path<ConfigFormValues>) : fieldForPath(path),
}

/** The editor of a version of the original's shape (useVersionEditor). */
export function useConfigEditor(live: OriginalLive, api: ScaleApi) {
  return useVersionEditor(live, api, ORIGINAL_FORM)
}
