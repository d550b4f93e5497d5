import { gradeProblem, splitGrades, weightProblem, type ZeugnisGrade, type ZeugnisSystem } from './rule'

// A category's grades as a teacher types or pastes them: "2+ 3 1-". A grade with its own weight is
// written grade × weight, "3×2" (also "3x2", "3*2", with or without spaces around the sign): the 3
// counts twice. The rule knows plain grades only, so the weight is split off here, in the page.

const TIMES = /\s*[×xX*]\s*/g

export interface Entry {
  /** As typed, for messages: "3×2", "3 x 2". */
  text: string
  grade: string
  weight?: string
}

/** The entries of a field, in order; an empty field has none. */
export function entriesOf(text: string): Entry[] {
  // the signs with their spaces as typed, in order: each "×" of the joined text gets its own back
  const signs: string[] = []
  const joined = text.replace(TIMES, (sign) => (signs.push(sign), '×'))
  let next = 0
  return splitGrades(joined).map((token) => {
    const at = token.indexOf('×')
    if (at < 0) return { text: token, grade: token }
    const typed = token.replace(/×/g, () => signs[next++] ?? '×')
    return { text: typed, grade: token.slice(0, at), weight: token.slice(at + 1) }
  })
}

/** Every problem of a field, one per entry that is not a grade of the system or has a bad weight. */
export function fieldProblems(system: ZeugnisSystem, text: string): string[] {
  return entriesOf(text).flatMap((e) => {
    const problem =
      gradeProblem(system, e.grade) ??
      (e.weight === undefined
        ? null
        : e.weight === ''
          ? 'nach „×“ fehlt das Gewicht.'
          : weightProblem(e.weight))
    return problem === null ? [] : [e.weight === undefined ? problem : `„${e.text}“: ${problem}`]
  })
}

/** The entries as the rule takes them: a plain text, or grade and weight. */
export const ruleGrades = (text: string): (string | ZeugnisGrade)[] =>
  entriesOf(text).map((e) => (e.weight === undefined ? e.grade : { grade: e.grade, weight: e.weight }))
