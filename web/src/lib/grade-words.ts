import { gradePhrase, gradeText, type Key } from './key'
import { WORDS } from './notation.gen'
import { inNotation, notationOf, parseNumber } from './numbers'
import { cmp } from './rational'

// Grades as the page writes them: in the system's notation (lib/numbers.ts) and, where the labels are
// numbers, with their word ("1,4 sehr gut" on the decimal key, "4.5 genügend" in Switzerland), from the
// table of systems (internal/grading/system.go, written into notation.gen.ts).

/** A label's word where the system names its numbers in words: "sehr gut" for 1,4, "gut" for 5.75. */
export function wordOf(system: string, label: string): string | undefined {
  const words = WORDS[system]
  const v = parseNumber(label)
  if (words === undefined || v === null) return undefined
  const pairs = words.split('|').map((pair) => {
    const [worst = '', word = ''] = pair.split('=')
    return { worst: parseNumber(worst) ?? v, word }
  })
  const [first, last] = [pairs[0], pairs.at(-1)]
  if (first === undefined || last === undefined) return undefined
  // best first: a larger first number means that larger is better (Switzerland)
  const higherIsBetter = cmp(first.worst, last.worst) > 0
  return pairs.find(({ worst }) => (higherIsBetter ? cmp(v, worst) >= 0 : cmp(v, worst) <= 0))?.word
}

/** A grade as the calculator shows it, with its second label or its word: "2 (gut)", "4.75 (gut)". */
export function shownGrade(key: Key, grade: string, alt: string | undefined): string {
  return gradeText(key, inNotation(grade, notationOf(key.system)), alt ?? wordOf(key.system, grade))
}

/** The same in a sentence: "Note 4.5 (genügend)", "13 Punkte (1-)". */
export function shownPhrase(key: Key, grade: string, alt: string | undefined): string {
  return gradePhrase(key, inNotation(grade, notationOf(key.system)), alt ?? wordOf(key.system, grade))
}
