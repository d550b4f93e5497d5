import { useId, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { labelClass } from '@/components/styles'
import type { ScaleDocument } from '@/lib/config'
import type { ConfigFormValues } from '../config-form'
import { RuleFill } from './rule-fill'
import { RuleFillAb } from './rule-fill-ab'

/** A new scale by the Knickpunkt rule: "Note 4 über X %" fills the original's form, "ab X %" makes a table. */
export function RuleStart({
  form,
  onTable,
}: {
  form: UseFormReturn<ConfigFormValues>
  onTable: (doc: ScaleDocument) => void
}) {
  const id = useId()
  const [variant, setVariant] = useState<'ueber' | 'ab'>('ueber')
  const variants = [
    ['ueber', 'Note 4 über X % (Grenzen „über“, mit Bandbreiten)'],
    ['ab', 'Note 4 ab X % (Tabelle „ab“)'],
  ] as const
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className={labelClass}>Art der Grenzen</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {variants.map(([value, label]) => (
            <label
              key={value}
              className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-100"
            >
              <input
                type="radio"
                name={`${id}-variant`}
                checked={variant === value}
                onChange={() => {
                  setVariant(value)
                }}
                className="size-4 accent-green-700"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {variant === 'ueber' ? <RuleFill form={form} /> : <RuleFillAb onTable={onTable} />}
    </div>
  )
}
