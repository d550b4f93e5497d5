import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { formatConfigNumber } from '@/lib/config-numbers'
import {
  BOUNDARY_NUMBERS,
  boundaryOf,
  parseTypedNumber,
  WIDTH_FIELDS,
  type ConfigFormValues,
} from './config-form'
import { knickpunktBoundaries, type Rounding } from './knickpunkt'
import { STANDARD } from './standard'

const STANDARD_WIDTHS = (() => {
  const { schema } = STANDARD.rule
  return {
    generalMinus: formatConfigNumber(schema.general.minus),
    generalNormal: formatConfigNumber(schema.general.normal),
    oneMinus: formatConfigNumber(schema['1'].minus),
    sixNormal: formatConfigNumber(schema['6'].normal),
  }
})()

/**
 * The Knickpunkt rule's inputs (knickpunkt.ts): the pass mark, the top mark and the rounding, what
 * they make, and fill(), which sets the form's five boundaries; the band widths are kept, empty ones
 * get the Standard's. A field's message shows once it has text, or after the first fill().
 */
export function useRuleFill(form: UseFormReturn<ConfigFormValues>) {
  const [passMark, setPassMark] = useState('')
  const [top, setTop] = useState('')
  const [rounding, setRounding] = useState<Rounding>('whole')
  const [tried, setTried] = useState(false)

  const x = parseTypedNumber(passMark)
  const y = parseTypedNumber(top)
  const result = x.ok && y.ok ? knickpunktBoundaries({ passMark: x.value, top: y.value, rounding }) : null
  const errors = {
    passMark: x.ok ? (result?.ok === false ? result.errors.passMark : undefined) : x.message,
    top: y.ok ? (result?.ok === false ? result.errors.top : undefined) : y.message,
  }

  return {
    passMark,
    setPassMark,
    top,
    setTop,
    rounding,
    setRounding,
    result,
    /** The message to show at a field now. */
    error: (field: 'passMark' | 'top') =>
      tried || (field === 'passMark' ? passMark : top) !== '' ? errors[field] : undefined,
    fill: () => {
      setTried(true)
      if (result?.ok !== true) return
      const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted }
      for (const b of BOUNDARY_NUMBERS)
        form.setValue(boundaryOf(b), formatConfigNumber(result.boundaries[b - 1]), options)
      for (const field of WIDTH_FIELDS) {
        if (form.getValues(field).trim() === '') form.setValue(field, STANDARD_WIDTHS[field], options)
      }
    },
  }
}
