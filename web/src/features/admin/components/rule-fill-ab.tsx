import { useId, useState } from 'react'
import { Button } from '@/components/button'
import { SelectField } from '@/components/select-field'
import { hintClass, labelClass } from '@/components/styles'
import { TextField } from '@/components/text-field'
import type { ScaleDocument } from '@/lib/config'
import { parseTypedNumber } from '../config-form'
import { knickpunktAb, type AbSystem } from '../knickpunkt-ab'
import { systemName } from '../system-names'

/**
 * The Knickpunkt rule with "ab" bounds (knickpunkt-ab.ts): the pass mark and a system make a table,
 * shown with its name and Kurzname before "Speichern" creates it.
 */
export function RuleFillAb({ onTable }: { onTable: (doc: ScaleDocument) => void }) {
  const id = useId()
  const [passMark, setPassMark] = useState('')
  const [system, setSystem] = useState<AbSystem>('noten-plus-minus')
  const [error, setError] = useState<string | undefined>()
  const make = () => {
    const x = parseTypedNumber(passMark)
    const result = x.ok ? knickpunktAb(system, x.value, '') : { ok: false as const, message: x.message }
    setError(result.ok ? undefined : result.message)
    if (result.ok) onTable(result.doc)
  }
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className="space-y-3">
      <div>
        <p id={`${id}-label`} className={labelClass}>
          Tabelle „ab“ nach Regel (Knickpunkt)
        </p>
        <p id={`${id}-hint`} className={hintClass}>
          Die Noten 1 bis 4 teilen sich gleichmäßig den Bereich von der Bestehensgrenze bis 100 %, die Noten
          darunter den Bereich von 0 bis zur Bestehensgrenze. Die Bestehensgrenze gilt genau wie eingegeben,
          die anderen Grenzen auf ganze Prozent gerundet.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[12rem_minmax(0,20rem)]">
        <TextField
          label="Note 4 ab"
          hint="Bestehensgrenze in Prozent"
          inputMode="decimal"
          autoComplete="off"
          placeholder="z. B. 50"
          suffix="%"
          value={passMark}
          error={error}
          onChange={(e) => {
            setPassMark(e.target.value)
          }}
        />
        <SelectField
          label="Notensystem"
          value={system}
          onChange={(e) => {
            setSystem(e.target.value as AbSystem)
          }}
        >
          {(['noten-plus-minus', 'oesterreich'] as const).map((s) => (
            <option key={s} value={s}>
              {systemName(s)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button variant="secondary" onClick={make}>
        Tabelle erzeugen
      </Button>
    </div>
  )
}
