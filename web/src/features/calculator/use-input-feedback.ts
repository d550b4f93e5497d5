import { useEffect, useRef, useState } from 'react'
import type { Key } from '@/lib/key'
import type { InputProblem, InputProblems } from './input-check'

// When the calculator shows what is wrong with an input: as soon as the person pauses
// (PAUSE_MS after the last keystroke) or leaves the field, never in the middle of typing. Values
// that came with the address are judged at once. The rules themselves (input-check.ts) load right
// after the first render.

export type Field = keyof InputProblems
export const PAUSE_MS = 700

const loadCheck = () => import('./input-check')

export interface InputFeedback {
  /** The problem to show now for each field (null while typing or when there is none). */
  shown: Record<Field, InputProblem | null>
  typing: (field: Field) => void
  leave: (field: Field) => void
}

export function useInputFeedback(key: Key, total: string, achieved: string): InputFeedback {
  const [check, setCheck] = useState<((k: Key, t: string, a: string) => InputProblems) | null>(null)
  const [settled, setSettled] = useState<Record<Field, boolean>>({ total: true, achieved: true })
  const timers = useRef<Partial<Record<Field, ReturnType<typeof setTimeout>>>>({})

  useEffect(() => {
    void loadCheck().then((m) => {
      setCheck(() => m.inputProblems)
    })
    const pending = timers.current
    return () => {
      for (const t of Object.values(pending)) clearTimeout(t)
    }
  }, [])

  const set = (field: Field, value: boolean) => {
    setSettled((s) => (s[field] === value ? s : { ...s, [field]: value }))
  }
  const leave = (field: Field) => {
    clearTimeout(timers.current[field])
    set(field, true)
  }
  const problems = check?.(key, total, achieved)
  const achievedProblem = problems?.achieved ?? null
  return {
    shown: {
      total: settled.total ? (problems?.total ?? null) : null,
      achieved:
        settled.achieved && (achievedProblem?.againstTotal !== true || settled.total)
          ? achievedProblem
          : null,
    },
    typing: (field) => {
      set(field, false)
      clearTimeout(timers.current[field])
      timers.current[field] = setTimeout(() => {
        leave(field)
      }, PAUSE_MS)
    },
    leave,
  }
}
