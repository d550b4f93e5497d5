import { cmp, div, rational, type Rational } from '@/lib/rational'
import { decimal as decimalOf, numbersFrom, written } from '@/lib/systems'
import { parseStep, parseWeight, zeugnisScale, type ZeugnisScale } from '@/lib/zeugnis'
import type { SystemRules } from './proposal'
import {
  computeChecked,
  Refusal,
  settings,
  trimSpace,
  zeugnisnote,
  type ZeugnisRequest,
  type ZeugnisResult,
} from './rule'
import { decimal, quoted } from './working'

// "Welche Note brauche ich noch?" (docs/spec.md §9), a copy of internal/zeugnis/needed.go bound to it by
// testdata/zeugnis/needed.json: the worst grade one more test in a category can get so that the proposal
// is the target or better. Each try is the whole rule (computeChecked), so the cut-off, the step, the
// tendency and the rounding setting apply exactly as in the proposal.

export interface ZeugnisTarget {
  grade: string
  category: string
  weight?: string
}

export interface ZeugnisNeeded {
  answer: 'grade' | 'unreachable' | 'safe'
  /** The worst grade that reaches the target (safe: the system's worst, unreachable: its best). */
  grade: string
  average: string
  proposal: string
  steps: string[]
}

export type NeededAnswer =
  { ok: true; result: ZeugnisResult; needed: ZeugnisNeeded } | { ok: false; message: string }

const digit = (n: number) => String(n)

// A grade as the system names a result (internal/zeugnis Scale.count, withCount, isCount): the subject
// "7 Punkte", "1 Punkt"; after "mit" the dative "7 Punkten" (German adds -n to a plural unless it ends in
// -n or -s); the grade alone where a grade is a Note ("3-").
const count = (s: ZeugnisScale, grade: string) =>
  s.many === '' ? grade : `${grade} ${grade === '1' ? s.one : s.many}`
const withCount = (s: ZeugnisScale, grade: string) =>
  s.many === '' || grade === '1' || /[ns]$/.test(s.many) ? count(s, grade) : `${count(s, grade)}n`
const isCount = (s: ZeugnisScale, grade: string) => (s.many === '' || grade === '1' ? 'ist' : 'sind')

/** The headline above a needed grade, as the working's last sentence says it: "Nötig sind mindestens" 7 Punkte. */
export function neededHeadline(system: string, grade: string): string {
  const scale = zeugnisScale(system)
  return `Nötig ${scale === undefined ? 'ist' : isCount(scale, grade)} mindestens`
}

/**
 * The grades one test can get, the best first, as a pupil writes them: + and − in noten-plus-minus,
 * tenths in noten-dezimal and schweiz, whole grades or points elsewhere (internal/zeugnis.WalkGrades).
 */
export function walkGrades(system: string): string[] {
  const range = (from: number, to: number) =>
    Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i))
  switch (system) {
    case 'noten-plus-minus':
      return range(1, 6).flatMap((g) => [`${digit(g)}+`, digit(g), ...(g < 6 ? [`${digit(g)}-`] : [])])
    case 'noten':
      return range(1, 6).map(digit)
    case 'oesterreich':
      return range(1, 5).map(digit)
    case 'noten-dezimal':
      return range(10, 60).map((t) => `${digit(Math.floor(t / 10))},${digit(t % 10)}`)
    case 'schweiz':
      return range(60, 10).map((t) =>
        t % 10 === 0 ? digit(t / 10) : `${digit(Math.floor(t / 10))},${digit(t % 10)}`,
      )
    case 'notenpunkte':
      return range(15, 0).map(digit)
    default:
      return []
  }
}

// As the rule's limit of a category (rule.ts, internal/zeugnis): the added grade must fit.
const MAX_GRADES = 500

const TARGET = /^[0-9]{1,2}([.,][0-9]{1,2})?$/

function targetValue(text: string, r: SystemRules): Rational {
  const t = text.replace(/^[ \t]+|[ \t]+$/g, '')
  const [best, worst] = r.higherBetter ? [r.hi, r.lo] : [r.lo, r.hi]
  const bad = new Refusal(
    `target: ${quoted(text)} ist keine Zeugnisnote dieses Systems (${decimal(best)} bis ${decimal(worst)} in Schritten von ${decimal(r.step)}).`,
  )
  if (!TARGET.test(t)) throw bad
  const [whole = '', frac = ''] = t.split(/[.,]/)
  const v = rational(BigInt(whole + frac), 10n ** BigInt(frac.length))
  if (cmp(v, r.lo) < 0 || cmp(v, r.hi) > 0 || div(v, r.step).d !== 1n) throw bad
  return v
}

function needed(req: ZeugnisRequest, t: ZeugnisTarget): ZeugnisNeeded {
  const { scale, rules, tendency } = settings(req)
  const goalValue = targetValue(t.grade, rules)
  // a caller at run time may leave the category out, as JSON may
  const name = trimSpace(typeof t.category === 'string' ? t.category : '')
  if (name === '') throw new Refusal('target: das Feld „category“ fehlt.')
  const at = req.categories.findIndex((c) => trimSpace(c.name) === name)
  if (at < 0) throw new Refusal(`target: die Kategorie ${quoted(t.category)} gibt es nicht.`)
  if ((req.categories[at]?.grades.length ?? 0) >= MAX_GRADES) {
    throw new Refusal(
      `target: ${quoted(t.category)} hat schon ${String(MAX_GRADES)} Noten, mehr nimmt die Kategorie nicht.`,
    )
  }
  const weight = t.weight ?? ''
  const w = weight === '' ? null : parseWeight(weight)
  if (weight !== '' && w === null) {
    throw new Refusal(`target: Gewicht ${quoted(weight)} ist keine Zahl größer als 0.`)
  }
  const grades = walkGrades(scale.system)
  const attempt = (grade: string): [ZeugnisResult, boolean] => {
    const categories = req.categories.map((c, i) =>
      i === at ? { ...c, grades: [...c.grades, weight === '' ? grade : { grade, weight }] } : c,
    )
    const res = computeChecked({ ...req, categories }, scale, rules, tendency)
    const p = res.proposal === '0' ? rational(0n) : (parseWeight(res.proposal) ?? rational(0n))
    const c = cmp(p, goalValue)
    return [res, rules.higherBetter ? c >= 0 : c <= 0]
  }
  const goal = count(scale, decimal(goalValue))
  const weightWords = w === null || cmp(w, rational(1n)) === 0 ? '' : ` (Gewicht ${decimal(w)})`
  const intro = `Ziel: Zeugnisnote ${goal} oder besser, mit einer weiteren Note in ${quoted(name)}${weightWords}.`
  const worst = grades[grades.length - 1] ?? ''
  const [low, safe] = attempt(worst)
  const shown = (r: ZeugnisResult) => ({ average: r.average, proposal: r.proposal })
  if (safe) {
    return {
      answer: 'safe',
      grade: worst,
      ...shown(low),
      steps: [
        intro,
        `Selbst mit ${withCount(scale, worst)}, der schlechtesten Note: Durchschnitt ${low.average}, Vorschlag ${low.proposal}.`,
        `Das Ziel ${goal} ist schon sicher.`,
      ],
    }
  }
  for (let i = grades.length - 2; i >= 0; i--) {
    const grade = grades[i] ?? ''
    const [res, ok] = attempt(grade)
    if (!ok) continue
    const next = grades[i + 1] ?? ''
    const [below] = attempt(next)
    return {
      answer: 'grade',
      grade,
      ...shown(res),
      steps: [
        intro,
        `Mit ${withCount(scale, grade)}: Durchschnitt ${res.average}, Vorschlag ${res.proposal}.`,
        `Mit ${withCount(scale, next)}: Durchschnitt ${below.average}, Vorschlag ${below.proposal}.`,
        `Nötig ${isCount(scale, grade)} mindestens ${count(scale, grade)}.`,
      ],
    }
  }
  const best = grades[0] ?? ''
  const [high] = attempt(best)
  return {
    answer: 'unreachable',
    grade: best,
    ...shown(high),
    steps: [
      intro,
      `Selbst mit ${withCount(scale, best)}, der besten Note: Durchschnitt ${high.average}, Vorschlag ${high.proposal}.`,
      `Das Ziel ${goal} ist nicht mehr erreichbar.`,
    ],
  }
}

/**
 * The Zeugnisnote of the grades so far and which grade the next test needs for `target`, as
 * `notenrechner zeugnisnote` answers a request with "target": the grades so far are refused as without
 * it, then the target.
 */
export function zeugnisNeeded(request: ZeugnisRequest, target: ZeugnisTarget): NeededAnswer {
  const base = zeugnisnote(request)
  if (!base.ok) return base
  try {
    if ((target.grade as unknown) === undefined) throw new Refusal('target: das Feld „grade“ fehlt.')
    return { ok: true, result: base.result, needed: needed(request, target) }
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, message: e.message }
    throw e
  }
}

/**
 * The report grades a pupil can aim for, the best first: the proposals of the system (its range and step
 * in lib/systems.gen.ts, the school's step where the system has one as a setting). The worst is left out:
 * the worst grade "oder besser" is always reached, so it is no aim.
 */
export function targetsOf(system: string, step: string | undefined): string[] {
  const scale = zeugnisScale(system)
  if (scale === undefined) return []
  const by = (scale.stepSetting && step !== undefined ? parseStep(step) : null) ?? decimalOf(scale.step)
  const [best, worst] = scale.higherIsBetter ? [scale.hi, scale.lo] : [scale.lo, scale.hi]
  return numbersFrom(best, worst, by)
    .slice(0, -1)
    .map((v) => written(v, 0))
}
