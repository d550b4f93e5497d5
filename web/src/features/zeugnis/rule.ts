import { add, div, mul, rational, type Rational } from '@/lib/rational'
import { decimal as tableNumber } from '@/lib/systems'
import { SYSTEM_IDS } from '@/lib/systems.gen'
import {
  gradeValue,
  parseStep,
  parseTendency,
  parseWeight,
  someSystems,
  systemIds,
  trimBlank,
  zeugnisScale,
  type ZeugnisScale,
} from '@/lib/zeugnis'
import { cutTwo, propose, type SystemRules } from './proposal'
import {
  averageStep,
  categoryStep,
  fixedTwo,
  decimal,
  graphic,
  quoted,
  type CheckedCategory,
} from './working'

// The Zeugnisnote of docs/spec.md §9 in the browser, a copy of internal/zeugnis bound to it by the vectors
// of testdata/zeugnis: every average, proposal, message and sentence of the working equals Go's byte for
// byte. A request is what the command's JSON holds, with every number written as text; zeugnisnote
// answers as `notenrechner zeugnisnote` answers that JSON.

/** A grading system's id (lib/systems.gen.ts), or the short name the command took first (de, np, ch, at). */
export type ZeugnisSystem = string

export interface ZeugnisGrade {
  grade: string
  weight?: string
}
export interface ZeugnisCategory {
  name: string
  weight?: string
  grades: (string | ZeugnisGrade)[]
}
export interface ZeugnisRequest {
  system: ZeugnisSystem
  tendency?: string
  rounding?: string
  step?: string
  categories: ZeugnisCategory[]
}
export interface ZeugnisResult {
  average: string
  proposal: string
  borderline: boolean
  steps: string[]
  /** The categories without grades, named; absent when there are none (as the command writes it). */
  warnings?: string[]
}
export type ZeugnisAnswer = { ok: true; result: ZeugnisResult } | { ok: false; message: string }

/** Refused input: its German message. */
export class Refusal extends Error {}

// Limits keep one request small, as in Go: a term has a handful of categories and a few dozen grades each.
const MAX_CATEGORIES = 50
const MAX_GRADES = 500

/** What the proposal needs of a system. */
const rulesOf = (s: ZeugnisScale): SystemRules => ({
  lo: tableNumber(s.lo),
  hi: tableNumber(s.hi),
  step: tableNumber(s.step),
  higherBetter: s.higherIsBetter,
})

const unknownSystem = (system: unknown) =>
  `Unbekanntes Notensystem ${quoted(textOf(system))}: erlaubt sind ${systemIds('und')}.`

/** A member as text, whatever a caller put there at run time: a JSON null reads as "" in Go too. */
function textOf(x: unknown): string {
  if (typeof x === 'string') return x
  return typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean' ? String(x) : ''
}

/** A grade as text and weight, whether given as text or as {grade, weight}. */
function gradeOf(g: unknown): { text: string; weight: string; missing: boolean } {
  if (typeof g !== 'object' || g === null) return { text: textOf(g), weight: '', missing: false }
  const { grade, weight } = g as Partial<Record<'grade' | 'weight', unknown>>
  return { text: textOf(grade), weight: textOf(weight), missing: grade === undefined }
}

const listOf = (x: unknown): unknown[] => (Array.isArray(x) ? (x as unknown[]) : [])

/**
 * What the command refuses while reading its JSON, before the rule: too many categories or grades, a grade
 * object without its grade, no system.
 */
function checkShape(req: ZeugnisRequest): void {
  const cats = listOf(req.categories)
  if (cats.length > MAX_CATEGORIES) throw new Refusal(`Höchstens ${MAX_CATEGORIES} Kategorien.`)
  cats.forEach((c, i) => {
    const grades = listOf((c as Partial<ZeugnisCategory> | null)?.grades)
    if (grades.length > MAX_GRADES) throw new Refusal(`Kategorie ${i + 1}: höchstens ${MAX_GRADES} Noten.`)
    grades.forEach((g, j) => {
      if (gradeOf(g).missing) throw new Refusal(`Kategorie ${i + 1}, Note ${j + 1}: das Feld „grade“ fehlt.`)
    })
  })
  if (textOf(req.system) === '') throw new Refusal(`Das Feld „system“ fehlt (${systemIds('oder')}).`)
}

/** The system's rules and the tendency, with the settings that belong to them checked. */
export function settings(req: ZeugnisRequest): {
  scale: ZeugnisScale
  rules: SystemRules
  tendency: Rational
} {
  const system: unknown = req.system
  const scale = typeof system === 'string' ? zeugnisScale(system) : undefined
  if (scale === undefined) throw new Refusal(unknownSystem(system))
  const rules = rulesOf(scale)
  const rounding = textOf(req.rounding)
  if (rounding !== '' && rounding !== 'better' && rounding !== 'worse') {
    throw new Refusal(`rounding ${quoted(rounding)} ist weder better noch worse.`)
  }
  let tendency = rational(3n, 10n)
  const tendencyText = textOf(req.tendency)
  if (tendencyText !== '') {
    if (!scale.tendency) throw new Refusal(`tendency gilt nur für ${someSystems((s) => s.tendency)}.`)
    const t = parseTendency(tendencyText)
    if (t === null) throw new Refusal(`tendency ${quoted(tendencyText)} ist nicht 0,3, 0,25 oder 1/3.`)
    tendency = t
  }
  const stepText = textOf(req.step)
  if (stepText !== '') {
    if (!scale.stepSetting) throw new Refusal(`step gilt nur für ${someSystems((s) => s.stepSetting)}.`)
    const s = parseStep(stepText)
    if (s === null) throw new Refusal(`step ${quoted(stepText)} ist nicht 0,5, 1 oder 0,1.`)
    rules.step = s
  }
  return { scale, rules, tendency }
}

/** Go's strings.TrimSpace: Unicode white space (not the byte order mark, which String.trim would cut). */
export const trimSpace = (s: string) => s.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')

function readCategory(c: Partial<ZeugnisCategory>, name: string, scale: ZeugnisScale, tendency: Rational) {
  const shown = graphic(name)
  const weightText = textOf(c.weight)
  const weight = weightText === '' ? rational(1n) : parseWeight(weightText)
  if (weight === null)
    throw new Refusal(`${shown}: Gewicht ${quoted(weightText)} ist keine Zahl größer als 0.`)
  const cat: CheckedCategory = { name, weight, texts: [], values: [], weights: [], mean: null }
  let sum = rational(0n)
  let total = rational(0n)
  for (const g of listOf(c.grades)) {
    const { text, weight: w } = gradeOf(g)
    const v = gradeValue(scale.grammar, tendency, text)
    if (v === null) throw new Refusal(`${shown}: ${quoted(text)} ist ${scale.rangeText}.`)
    const gw = w === '' ? rational(1n) : parseWeight(w)
    if (gw === null) {
      throw new Refusal(
        `${shown}: Gewicht ${quoted(w)} der Note ${quoted(text)} ist keine Zahl größer als 0.`,
      )
    }
    cat.texts.push(trimBlank(text))
    cat.values.push(v)
    cat.weights.push(gw)
    sum = add(sum, mul(gw, v))
    total = add(total, gw)
  }
  if (total.n > 0n) cat.mean = div(sum, total)
  return cat
}

function readCategories(req: ZeugnisRequest, scale: ZeugnisScale, tendency: Rational): CheckedCategory[] {
  const seen = new Set<string>()
  return listOf(req.categories).map((item, i) => {
    const c = (typeof item === 'object' && item !== null ? item : {}) as Partial<ZeugnisCategory>
    const name = trimSpace(textOf(c.name))
    if (name === '') throw new Refusal(`Kategorie ${i + 1} hat keinen Namen.`)
    if (seen.has(name)) throw new Refusal(`Die Kategorie ${quoted(name)} kommt zweimal vor.`)
    seen.add(name)
    return readCategory(c, name, scale, tendency)
  })
}

/** The Zeugnisnote of a request whose settings are checked (needed.ts tries each grade through it). */
export function computeChecked(
  req: ZeugnisRequest,
  scale: ZeugnisScale,
  rules: SystemRules,
  tendency: Rational,
): ZeugnisResult {
  const cats = readCategories(req, scale, tendency)
  const steps: string[] = []
  const warnings: string[] = []
  let sum = rational(0n)
  let total = rational(0n)
  for (const c of cats) {
    if (c.mean === null) {
      steps.push(`Kategorie ${quoted(c.name)} hat keine Noten und zählt nicht mit.`)
      warnings.push(
        `Kategorie ${quoted(c.name)} hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien.`,
      )
      continue
    }
    steps.push(categoryStep(c))
    sum = add(sum, mul(c.weight, c.mean))
    total = add(total, c.weight)
  }
  if (total.n === 0n)
    throw new Refusal('Keine Note angegeben: der Durchschnitt braucht mindestens eine Note.')
  const avg = div(sum, total)
  steps.push(averageStep(cats, avg, total))
  const cut = cutTwo(avg)
  steps.push(`Auf zwei Nachkommastellen abgeschnitten, ohne Auf- oder Abrundung: ${fixedTwo(cut)}.`)
  const { proposal, borderline, sentences } = propose(cut, rules, textOf(req.rounding) === 'worse')
  return {
    average: fixedTwo(cut),
    proposal: decimal(proposal),
    borderline,
    steps: [...steps, ...sentences],
    ...(warnings.length > 0 ? { warnings } : {}),
  }
}

function compute(req: ZeugnisRequest): ZeugnisResult {
  checkShape(req)
  const { scale, rules, tendency } = settings(req)
  return computeChecked(req, scale, rules, tendency)
}

/** The rule of docs/spec.md §9, as internal/zeugnis.Compute: never throws on any input. */
export function zeugnisnote(request: ZeugnisRequest): ZeugnisAnswer {
  try {
    return { ok: true, result: compute(request) }
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, message: e.message }
    // Only a request that is no object at all (null) or throws when read reaches here; the command
    // answers such JSON so.
    return { ok: false, message: 'Die Eingabe ist kein JSON-Objekt.' }
  }
}

/** null when `text` is a grade of the system, else the German message without the category prefix. */
export function gradeProblem(system: ZeugnisSystem, text: string): string | null {
  const scale = zeugnisScale(system)
  if (scale === undefined) return unknownSystem(system)
  // The tendency changes a grade's value, never whether it is one.
  return gradeValue(scale.grammar, rational(3n, 10n), text) === null
    ? `${quoted(text)} ist ${scale.rangeText}.`
    : null
}

/** null when `text` is a valid weight (docs/spec.md §9; empty means 1), else the German message as Go writes it. */
export function weightProblem(text: string): string | null {
  return text === '' || parseWeight(text) !== null
    ? null
    : `Gewicht ${quoted(text)} ist keine Zahl größer als 0.`
}

/**
 * Pasted grades as texts: white space and ";" separate, and so does a comma unless it has a digit on both
 * sides, where it is a decimal comma ("2,3" in de, "4,5" in ch). "1-, 2+" and "1-,2+" are two grades;
 * "12,13" stays one text, which no system takes for two grades, and the check says so.
 */
export function splitGrades(text: string): string[] {
  return text
    .replace(/,(?![0-9])|(?<![0-9]),/g, ' ')
    .split(/[\s;]+/)
    .filter((part) => part !== '')
}

/**
 * The system the Zeugnisnote of a scale follows: its grading system's id, or the original's (the first of
 * the table) for an id this page does not know.
 */
export const zeugnisSystemOf = (systemId: string): ZeugnisSystem =>
  (SYSTEM_IDS as readonly string[]).includes(systemId) ? systemId : SYSTEM_IDS[0]
