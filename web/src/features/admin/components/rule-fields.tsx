import type { UseFormReturn } from 'react-hook-form'
import { SelectField } from '@/components/select-field'
import { TextField } from '@/components/text-field'
import { BASIS_LABELS, STEP_LABELS, type RuleFormValues } from '../rule-form'
import { isTableSystem, startLabels, TABLE_SYSTEMS } from '../rule-labels'
import { systemName } from '../system-names'
import { TableRows } from './table-rows'

type Form = UseFormReturn<RuleFormValues>

/**
 * A table's system, its percentage basis and its rows (TableRows). Picking another system while no
 * bound is typed yet starts the rows afresh with that system's grades; typed bounds are never dropped.
 */
export function TableFields({ form }: { form: Form }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Notensystem"
          error={form.formState.errors.system?.message}
          {...form.register('system', {
            onChange: () => {
              const { system, bands } = form.getValues()
              if (isTableSystem(system) && bands.every((b) => b.from.trim() === ''))
                form.setValue(
                  'bands',
                  startLabels(system).map((grade) => ({ grade, from: '' })),
                  {
                    shouldDirty: true,
                  },
                )
            },
          })}
        >
          {TABLE_SYSTEMS.map((s) => (
            <option key={s} value={s}>
              {systemName(s)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Verglichen wird der Prozentwert" {...form.register('percentage')}>
          {Object.entries(BASIS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <TableRows form={form} />
    </div>
  )
}

/** The Swiss formula: the step grades are rounded to, where an exact midpoint goes, the pass mark. */
export function FormulaFields({ form }: { form: Form }) {
  const { errors } = form.formState
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SelectField label="Gerundet auf" {...form.register('step')}>
        {Object.entries(STEP_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Genau in der Mitte" {...form.register('midpoint')}>
        <option value="up">aufrunden</option>
        <option value="down">abrunden</option>
      </SelectField>
      <TextField
        label="Note 4 ab"
        hint="Wo die Note genau 4 ist; leer: die gerade Linie (4 bei 60 %)."
        suffix="%"
        inputMode="decimal"
        autoComplete="off"
        error={errors.pass?.message}
        {...form.register('pass')}
      />
    </div>
  )
}
