import type { GradingConfig } from './config'
import { add, cmp, div, fromConfigNumber, mul, rational, sub, type Rational } from './rational'

// The bands of docs/spec.md §4: for each grade its sub-bands with their exact thresholds. The
// calculator's grade decision (features/calculator/grading.ts) and the table both read
// these bands, so the two can never disagree.

export const GRADES = ['1', '2', '3', '4', '5', '6'] as const
export type Grade = (typeof GRADES)[number]

export const GRADE_LABELS = [
  '1',
  '1-',
  '2+',
  '2',
  '2-',
  '3+',
  '3',
  '3-',
  '4+',
  '4',
  '4-',
  '5+',
  '5',
  '5-',
  '6+',
  '6',
] as const
export type GradeLabel = (typeof GRADE_LABELS)[number]

/** A table cell's band; bounds is null when the configuration lacks a width it needs. */
export interface Band {
  label: GradeLabel
  bounds: { low: Rational; high: Rational } | null
}

/** One grade's range (min, max] and its sub-bands, highest first. */
export interface GradeBands {
  grade: Grade
  min: Rational | null
  max: Rational | null
  bands: Band[]
}

/**
 * A cell of the grade table: the band (over, upTo] with its exact thresholds, as
 * internal/grading.Table writes them. A percentage above `over` and at most `upTo` gets the grade.
 * The lowest band has no lower end (`over` is "–"); an empty band says "entfällt"; "?" where the
 * configuration lacks a width it needs.
 */
export interface TableCell {
  grade: GradeLabel
  over: string
  upTo: string
}

/** What the table writes for a bound that does not exist, and for a band no percentage gets. */
export const NONE = '–'
export const EMPTY = 'entfällt'

const HUNDRED = rational(100n)

function percent(x: number | undefined): Rational | null {
  return x === undefined ? null : fromConfigNumber(x)
}

/** min + (max − min) × width / 100, or null when any input is unknown. */
function threshold(min: Rational | null, max: Rational | null, width: Rational | null): Rational | null {
  if (min === null || max === null || width === null) return null
  return add(min, div(mul(sub(max, min), width), HUNDRED))
}

/** Splits [min, max] at the cut points (ascending) into bands labelled highest first. */
function split(
  labels: readonly GradeLabel[],
  min: Rational | null,
  max: Rational | null,
  cuts: (Rational | null)[],
): Band[] {
  const edges: Rational[] = []
  for (const edge of [min, ...cuts, max]) {
    if (edge === null) return labels.map((label) => ({ label, bounds: null }))
    edges.push(edge)
  }
  edges.reverse() // descending, like the labels
  return labels.flatMap((label, i) => {
    const high = edges[i]
    const low = edges[i + 1]
    return high === undefined || low === undefined ? [] : [{ label, bounds: { low, high } }]
  })
}

export function gradeBands(config: GradingConfig): GradeBands[] {
  const { schema } = config
  return GRADES.map((grade) => {
    const g = config.grades[grade]
    const min = percent(g.min)
    const max = percent(g.max)
    let bands: Band[]
    if (grade === '1') {
      const t1 = threshold(min, max, percent(schema['1']?.minus))
      bands = split(['1', '1-'], min, max, [t1])
    } else if (grade === '6') {
      const t6 = threshold(min, max, percent(schema['6']?.normal))
      bands = split(['6+', '6'], min, max, [t6])
    } else {
      const m = threshold(min, max, percent(schema.general?.minus))
      const normal = percent(schema.general?.normal)
      const n =
        m === null || min === null || max === null || normal === null
          ? null
          : add(m, div(mul(sub(max, min), normal), HUNDRED))
      bands = split([`${grade}+`, grade, `${grade}-`] as GradeLabel[], min, max, [m, n])
    }
    return { grade, min, max, bands }
  })
}

/**
 * A threshold exactly: comma, as many decimals as it has, trailing zeros dropped ("85", "89,9995").
 * Thresholds of a valid configuration are multiples of 10^-10; anything longer is cut there.
 */
export function formatExact(x: Rational): string {
  const places = 10
  const abs = x.n < 0n ? -x.n : x.n
  const digits = ((abs * 10n ** BigInt(places)) / x.d).toString().padStart(places + 1, '0')
  const whole = digits.slice(0, -places)
  const frac = digits.slice(-places).replace(/0+$/, '')
  const text = frac === '' ? whole : `${whole},${frac}`
  return x.n < 0n && /[1-9]/.test(digits) ? `-${text}` : text
}

/** A cell as one phrase, where the band is read in a sentence or a list: "über 85 bis 89,9995", "bis 10". */
export function cellText({ over, upTo }: TableCell): string {
  if (over === EMPTY) return EMPTY
  if (over === '?' || upTo === '?') return '?'
  return over === NONE ? `bis ${upTo}` : `über ${over} bis ${upTo}`
}

/** The 16 cells 1, 1-, 2+ … 6+, 6 with their exact thresholds ("?" when unknown). */
export function table(config: GradingConfig): TableCell[] {
  return gradeBands(config).flatMap(({ bands }) =>
    bands.map(({ label, bounds }): TableCell => {
      if (bounds === null) return { grade: label, over: '?', upTo: '?' }
      if (cmp(bounds.low, bounds.high) === 0) return { grade: label, over: EMPTY, upTo: NONE }
      return {
        grade: label,
        over: label === '6' ? NONE : formatExact(bounds.low),
        upTo: formatExact(bounds.high),
      }
    }),
  )
}
