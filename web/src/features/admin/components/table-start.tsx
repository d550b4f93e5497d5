import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import type { ScaleDocument } from '@/lib/config'
import { toFehlerValues } from '../fehler-form'
import { checkRuleForm, ruleFormSchema, type RuleFormDocument, type RuleFormValues } from '../rule-form'
import { startLabels } from '../rule-labels'
import { toZeugnisValues } from '../zeugnis-form'
import { TableFields } from './rule-fields'

// The document the form checks against: a table of no preset; the name is typed in the next step.
const BASE: RuleFormDocument = {
  name: '',
  rule: { kind: 'table', system: 'noten', percentage: 'exact', bands: [] },
}

const RESOLVER = valibotResolver(ruleFormSchema(BASE, false))

const START: RuleFormValues = {
  name: '',
  system: 'noten',
  percentage: 'exact',
  bands: startLabels('noten').map((grade) => ({ grade, from: '' })),
  step: '0.1',
  midpoint: 'up',
  pass: '',
  zeugnis: toZeugnisValues(undefined), // the defaults; set in the editor once the scale exists
  adjustable: true,
  fehlerquotient: toFehlerValues(undefined), // none; set in the editor once the scale exists
}

/**
 * A new table "ab" typed from scratch: the system, the basis and the rows (the admin's own grades and
 * number of bands). "Tabelle übernehmen" checks it as the server would and hands the document on, to
 * be named and saved (DocumentCreator).
 */
export function TableStart({ onTable }: { onTable: (doc: ScaleDocument) => void }) {
  const form = useForm<RuleFormValues>({ resolver: RESOLVER, defaultValues: START })
  return (
    <form
      noValidate
      aria-label="Eigene Tabelle „ab“"
      className="space-y-4"
      onSubmit={(e) => {
        void form.handleSubmit((values) => {
          const checked = checkRuleForm(values, BASE, false)
          if (checked.ok) onTable(checked.doc)
        })(e)
      }}
    >
      <TableFields form={form} />
      <Button type="submit" variant="secondary">
        Tabelle übernehmen
      </Button>
    </form>
  )
}
