import { add, cmp, rational, sub, type Rational } from './rational'
import { SYSTEMS, type SystemData, type SystemZeugnis } from './systems.gen'

// What the Zeugnisnote (docs/spec.md §9) and a scale's settings of it share, as internal/zeugnis: the
// systems by the grading ids (and the short names de, np, ch, at the command took first), the grammars
// of grades (parse.go), weights, tendencies and steps. The Zeugnisnote (features/zeugnis) and the
// admin's check of a document's member `zeugnis` (features/admin/zeugnis-check.ts) both read them here.
// ASCII digits only ([0-9], never \d), and only spaces and tabs around a text are cut.

/**
 * What a system means for the Zeugnisnote, with its id, which way is better and the words after a grade
 * that is a count ("1 Punkt", "7 Punkte"; "" where a grade is a Note), as internal/zeugnis.Scale.
 */
export interface ZeugnisScale extends SystemZeugnis {
  system: string
  higherIsBetter: boolean
  one: string
  many: string
}

const scaleOf = (s: SystemData): ZeugnisScale => ({
  ...s.zeugnis,
  system: s.id,
  higherIsBetter: s.higherIsBetter,
  one: s.result.one,
  many: s.result.many,
})

/** The system of a grading id or of its short name; undefined for any other text. */
export function zeugnisScale(id: string): ZeugnisScale | undefined {
  const s = SYSTEMS.find((x) => x.id === id || (x.zeugnis.alias !== '' && x.zeugnis.alias === id))
  return s === undefined ? undefined : scaleOf(s)
}

/**
 * The system of a document's `system` ('' is the original's shape, whose system is the table's first);
 * undefined for an id this page does not know.
 */
export const documentScale = (system: string): ZeugnisScale | undefined =>
  system === ''
    ? scaleOf(SYSTEMS[0])
    : SYSTEMS.some((s) => s.id === system)
      ? zeugnisScale(system)
      : undefined

/** The ids of the systems for which keep is true (all without it): "a, b und c" with `and` "und". */
export function systemIds(and: string, keep: (s: ZeugnisScale) => boolean = () => true): string {
  const ids = SYSTEMS.map(scaleOf)
    .filter(keep)
    .map((s) => s.system)
  const last = ids.pop() ?? ''
  return ids.length === 0 ? last : `${ids.join(', ')} ${and} ${last}`
}

/** "das Notensystem schweiz", "die Notensysteme a, b und c": the systems for which keep is true. */
export function someSystems(keep: (s: ZeugnisScale) => boolean): string {
  const ids = systemIds('und', keep)
  return ids.includes(' ') ? `die Notensysteme ${ids}` : `das Notensystem ${ids}`
}

const TENDENCY_WHOLE = /^([1-6])([+\-−]?)$/
const TENDENCY_DECIMAL = /^[1-6][.,][0-9]{1,2}$/
const POINTS = /^[0-9]{1,2}$/
const DECIMALS = /^[1-6]([.,][0-9]{1,2})?$/
const WHOLE = /^[1-5]$/
const WEIGHT = /^[0-9]{1,9}([.,][0-9]{1,6})?$/

/** Go's strings.Trim(text, " \t"): the only white space a grade, weight or setting may have around it. */
export const trimBlank = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '')

/** A text the grammars above have accepted (digits, at most one comma or dot) as its number. */
function numberOf(text: string): Rational {
  const [whole = '', frac = ''] = text.split(/[.,]/)
  return rational(BigInt(whole + frac), 10n ** BigInt(frac.length))
}

function inRange(value: Rational, lo: bigint, hi: bigint): Rational | null {
  return cmp(value, rational(lo)) < 0 || cmp(value, rational(hi)) > 0 ? null : value
}

/** The number a grade text stands for in a system's grammar, or null when the text is no grade of it. */
export function gradeValue(
  grammar: SystemZeugnis['grammar'],
  tendency: Rational,
  text: string,
): Rational | null {
  const t = trimBlank(text)
  switch (grammar) {
    case 'tendency': {
      const m = TENDENCY_WHOLE.exec(t)
      if (m !== null) {
        const [, digit = '', sign = ''] = m
        const v = rational(BigInt(digit))
        if (sign === '+') return sub(v, tendency)
        if (sign === '') return v
        // 6- is below the worst grade
        return digit === '6' ? null : add(v, tendency)
      }
      return TENDENCY_DECIMAL.test(t) ? inRange(numberOf(t), 1n, 6n) : null
    }
    case 'points':
      return POINTS.test(t) ? inRange(numberOf(t), 0n, 15n) : null
    case 'decimals':
      return DECIMALS.test(t) ? inRange(numberOf(t), 1n, 6n) : null
    case 'whole':
      return WHOLE.test(t) ? numberOf(t) : null
  }
}

/** A weight: a whole or decimal number with comma or dot, greater than 0; null otherwise. */
export function parseWeight(text: string): Rational | null {
  const t = trimBlank(text)
  if (!WEIGHT.test(t)) return null
  const w = numberOf(t)
  return w.n > 0n ? w : null
}

/** A weight as docs/spec.md §9 writes it, with a comma; null when it is none. */
export const canonicalWeight = (text: string): string | null =>
  parseWeight(text) === null ? null : trimBlank(text).replace('.', ',')

// The tendencies and steps as docs/spec.md §9 names them, the default first; read with a comma or a dot.
const TENDENCY_LIST: [string, Rational][] = [
  ['0,3', rational(3n, 10n)],
  ['0,25', rational(1n, 4n)],
  ['1/3', rational(1n, 3n)],
]
const STEP_LIST: [string, Rational][] = [
  ['0,5', rational(1n, 2n)],
  ['1', rational(1n)],
  ['0,1', rational(1n, 10n)],
]
const tableOf = (list: [string, Rational][]): Record<string, [string, Rational]> =>
  Object.fromEntries(
    list.flatMap((e) => [
      [e[0], e],
      [e[0].replace(',', '.'), e],
    ]),
  )
const TENDENCIES = tableOf(TENDENCY_LIST)
const STEPS = tableOf(STEP_LIST)

/** The tendencies a school may set, as docs/spec.md §9 names them, the default first. */
export const TENDENCY_NAMES: readonly string[] = TENDENCY_LIST.map(([n]) => n)
/** The Swiss proposal steps a school may set, the default first. */
export const STEP_NAMES: readonly string[] = STEP_LIST.map(([n]) => n)

const read = (table: Record<string, [string, Rational]>, text: string) =>
  Object.hasOwn(table, trimBlank(text)) ? table[trimBlank(text)] : undefined

/** The value of + and −: 0,3, 0,25 or exactly a third; null otherwise. */
export const parseTendency = (text: string): Rational | null => read(TENDENCIES, text)?.[1] ?? null
/** A tendency as docs/spec.md §9 names it ("0.25" is "0,25"); null when it is none. */
export const canonicalTendency = (text: string): string | null => read(TENDENCIES, text)?.[0] ?? null
/** The Swiss proposal step: 0,5, 1 or 0,1; null otherwise. */
export const parseStep = (text: string): Rational | null => read(STEPS, text)?.[1] ?? null
/** A step as docs/spec.md §9 names it ("0.5" is "0,5"); null when it is none. */
export const canonicalStep = (text: string): string | null => read(STEPS, text)?.[0] ?? null
