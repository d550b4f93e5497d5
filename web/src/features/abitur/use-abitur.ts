import { useState } from 'react'
import { abitur, type AbiturAnswer, type AbiturField, type AbiturInput } from '@/lib/abitur'

/** How the pupil gives the points: both blocks, or the total from the school's paper. */
export type AbiturMode = 'blocks' | 'total'

export interface AbiturState {
  mode: AbiturMode
  setMode: (mode: AbiturMode) => void
  values: Required<AbiturInput>
  set: (field: AbiturField, value: string) => void
  answer: AbiturAnswer
  /** True while a required field is still empty: the page asks for it instead of naming an error. */
  incomplete: boolean
}

const EMPTY: Required<AbiturInput> = {
  gesamt: '',
  block1: '',
  block2: '',
  kurse: '',
  unter5: '',
  pruefungen: '',
}

/**
 * The tool's state, in memory only: a pupil's points are never stored, sent or put into the address; a
 * reload clears them. Fields of the other mode are kept but not given to the rule.
 */
export function useAbitur(): AbiturState {
  const [mode, setMode] = useState<AbiturMode>('blocks')
  const [values, setValues] = useState(EMPTY)
  const input: AbiturInput =
    mode === 'total' ? { ...values, block1: '', block2: '' } : { ...values, gesamt: '' }
  const answer = abitur(input)
  const required = mode === 'total' ? [values.gesamt] : [values.block1, values.block2]
  return {
    mode,
    setMode,
    values,
    set: (field, value) => {
      setValues((v) => ({ ...v, [field]: value }))
    },
    answer,
    incomplete: required.some((v) => v.trim() === ''),
  }
}
