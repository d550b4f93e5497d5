import { valibotResolver } from '@hookform/resolvers/valibot'
import type { Path } from 'react-hook-form'
import type { ScaleApi } from './api/scales'
import {
  checkConfigForm,
  configFormSchema,
  fieldForPath,
  toFormValues,
  type ConfigFormValues,
} from './config-form'
import { fehlerFieldForPath, toFehlerValues } from './fehler-form'
import { useVersionEditor, type EditorForm, type VersionOf } from './use-version-editor'
import { isZeugnisPath, toZeugnisValues } from './zeugnis-form'

/** A version of the original's rule, the widths, which this form edits. */
export type WidthsLive = VersionOf<'widths'>

const resolver = valibotResolver(configFormSchema)

/** The original's form: bounds and widths (config-form.ts), and the section "Zeugnisnote". */
const WIDTHS_FORM: EditorForm<'widths', ConfigFormValues> = {
  kinds: ['widths'],
  resolverFor: () => resolver,
  toValues: (doc) => ({
    ...toFormValues(doc),
    zeugnis: toZeugnisValues(doc.zeugnis),
    adjustable: doc.adjustable !== false,
    fehlerquotient: toFehlerValues(doc.fehlerquotient),
  }),
  toDocument: (values) => {
    const checked = checkConfigForm(values)
    return checked.ok ? checked.doc : null
  },
  fieldForPath: (path) =>
    isZeugnisPath(path) && path !== 'zeugnis'
      ? (path as Path<ConfigFormValues>)
      : ((fehlerFieldForPath(path) as Path<ConfigFormValues> | null) ?? fieldForPath(path)),
}

/** The editor of a version of the original's widths (useVersionEditor). */
export function useConfigEditor(live: WidthsLive, api: ScaleApi) {
  return useVersionEditor(live, api, WIDTHS_FORM)
}
