import { useMemo } from 'react'
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import { Card } from '@/components/card'
import { GradeTable } from '@/components/grade-table'
import { Notice } from '@/components/notice'
import { keyOf } from '@/lib/key'
import { fehlerFieldForPath, fehlerFieldLabel } from '../fehler-form'
import { checkRuleForm, type RuleFormDocument, type RuleFormValues } from '../rule-form'
import { isZeugnisPath, zeugnisFieldLabel } from '../zeugnis-form'

/**
 * The table as the calculator would show the rule form's values (`base` is the loaded document), or,
 * while they are not a valid rule, the list of what is wrong instead of a table that could not be right.
 */
export function RulePreview({
  form,
  base,
  saved,
}: {
  form: UseFormReturn<RuleFormValues>
  base: RuleFormDocument
  saved: string
}) {
  const values = useWatch({ control: form.control }) as RuleFormValues
  const { isDirty } = useFormState({ control: form.control })
  const checked = useMemo(() => checkRuleForm(values, base), [values, base])
  return (
    <Card
      title="Vorschau"
      description={
        isDirty ? 'So zeigt der Rechner die Tabelle mit den Werten oben (noch nicht gespeichert).' : saved
      }
    >
      {checked.ok ? (
        <GradeTable scaleKey={keyOf(checked.doc)} name={checked.doc.name} />
      ) : (
        <Notice tone="warning" title="Keine Vorschau, solange diese Werte nicht passen:">
          <ul className="list-disc space-y-1 pl-5">
            {Object.entries(checked.errors).map(([field, message]) => (
              <li key={field}>
                {fieldName(field)}: {message}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </Card>
  )
}

/** A field as the page names it: "ab Prozent der Zeile 3", "Note der Zeile 3", "Note 4 ab", "Name". */
function fieldName(field: string): string {
  if (isZeugnisPath(field)) return zeugnisFieldLabel(field)
  if (fehlerFieldForPath(field) !== null) return fehlerFieldLabel(field)
  const row = /^bands\.(\d+)\.(from|grade)$/.exec(field)
  if (row !== null)
    return `${row[2] === 'from' ? 'ab Prozent' : 'Note'} der Zeile ${String(Number(row[1]) + 1)}`
  const names: Record<string, string> = { pass: 'Note 4 ab', bands: 'Zeilen', system: 'Notensystem' }
  return names[field] ?? 'Name'
}
