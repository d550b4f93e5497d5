import { useEffect, useMemo, useState } from 'react'
import type { ZeugnisSettings } from '@/lib/config'
import { applyPreset, newCategoryName, startCategories, type CategoryInput, type Preset } from './categories'
import { fieldProblems, ruleGrades } from './entries'
import { zeugnisnote, type ZeugnisAnswer, type ZeugnisSystem } from './rule'
import { ruleOptions } from './rule-line'
import {
  clearZeugnis,
  storeZeugnis,
  type Mode,
  type NeedInput,
  type ReportHead,
  type StoredZeugnis,
} from './storage'

/** The answer for one pupil's form: nothing typed yet, or the rule's answer. */
export type OneAnswer = { kind: 'empty' } | ({ kind: 'answer' } & ZeugnisAnswer)

/** The rule's request of a form's categories; a category's empty weight weighs 1 (docs/spec.md §9). */
export function answerOf(
  system: ZeugnisSystem,
  settings: ZeugnisSettings,
  categories: CategoryInput[],
): OneAnswer {
  if (categories.every((c) => c.grades.trim() === '')) return { kind: 'empty' }
  const answer = zeugnisnote({
    system,
    ...ruleOptions(system, settings),
    categories: categories.map((c) => ({
      name: c.name.trim(),
      ...(c.weight.trim() === '' ? {} : { weight: c.weight.trim() }),
      grades: ruleGrades(c.grades),
    })),
  })
  return { kind: 'answer', ...answer }
}

/**
 * The Zeugnisnote's state: the categories as typed, the mode, the pasted pupils; kept in this
 * browser on every change (storage.ts). A field's problems show once it has been left the first
 * time, then live as typed.
 */
export function useZeugnis(system: ZeugnisSystem, settings: ZeugnisSettings, kept: StoredZeugnis | null) {
  const [state, setState] = useState<StoredZeugnis>(
    () => kept ?? { mode: 'one', categories: startCategories(settings), pupils: '' },
  )
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    storeZeugnis(state)
  }, [state])

  const { categories } = state
  const answer = useMemo(() => answerOf(system, settings, categories), [system, settings, categories])
  const problems = useMemo(() => categories.map((c) => fieldProblems(system, c.grades)), [system, categories])

  const setCategories = (change: (list: CategoryInput[]) => CategoryInput[]) => {
    setState((s) => ({ ...s, categories: change(s.categories) }))
  }
  return {
    ...state,
    answer,
    /** The problems of each category's grades, shown or not (see shown). */
    problems,
    /** Whether a field's problems are shown: it has been left once. */
    shown: (field: string) => left.has(field),
    leave: (field: string) => {
      if (!left.has(field)) setLeft(new Set([...left, field]))
    },
    setMode: (mode: Mode) => {
      setState((s) => ({ ...s, mode }))
    },
    setPupils: (pupils: string) => {
      setState((s) => ({ ...s, pupils }))
    },
    /** Assigns a column heading of a pasted sheet to a category ("" leaves it out). */
    assignColumn: (heading: string, category: string) => {
      setState((s) => ({ ...s, assign: { ...s.assign, [heading]: category } }))
    },
    setReport: (part: Partial<ReportHead>) => {
      setState((s) => ({
        ...s,
        report: { klasse: '', fach: '', lehrkraft: '', datum: '', ...s.report, ...part },
      }))
    },
    setNeed: (part: Partial<NeedInput>) => {
      setState((s) => ({ ...s, need: { grade: '', category: '', ...s.need, ...part } }))
    },
    change: (index: number, part: Partial<CategoryInput>) => {
      setCategories((list) => list.map((c, i) => (i === index ? { ...c, ...part } : c)))
    },
    add: () => {
      setCategories((list) => [...list, { name: newCategoryName(list), weight: '1', grades: '' }])
    },
    remove: (index: number) => {
      setCategories((list) => list.filter((_, i) => i !== index))
    },
    choose: (preset: Preset) => {
      setCategories((list) => applyPreset(list, preset))
    },
    clear: () => {
      clearZeugnis()
      setLeft(new Set())
      setState({ mode: 'one', categories: startCategories(settings), pupils: '' })
    },
  }
}

export type Zeugnis = ReturnType<typeof useZeugnis>
