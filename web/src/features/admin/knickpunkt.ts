import type { CanonicalConfig } from './config-validation'

// The "Knickpunkt" method teachers know from online Notenschlüssel calculators: two numbers make
// a whole scale. The pass mark X is where grade 4 begins, the top Y where grade 1 begins. Grades
// 1–4 share the span from X to Y evenly, grades 4–6 the span from 0 to X, so the line of
// percent per grade bends ("knickt") at the pass mark:
//
//   grade 1 from Y, grade 2 from X + 2(Y − X)/3, grade 3 from X + (Y − X)/3, grade 4 from X,
//   grade 5 from X/2, grade 6 from 0.
//
// "Grade g from b" means b is grade g's min in the document (docs/spec.md §4), the boundary the editor
// calls "Grenze zwischen Note g und g + 1"; the table shows it as the exclusive lower end. X and
// Y are kept as typed (the teacher chose them); the three boundaries between them are rounded
// half up to whole or half percent. The + / plain / − bands inside each grade are not part of the
// method: they come from the widths of the schema given (by default the Standard's thirds), as in
// every other configuration.

export type Rounding = 'whole' | 'half'

export interface KnickpunktRule {
  /** X: grade 4 from X % (0 < X < Y). */
  passMark: number
  /** Y: grade 1 from Y % (X < Y < 100). */
  top: number
  rounding: Rounding
}

/** The grade mins of grades 1–5 (grade 6's is 0), highest first. */
export type Boundaries = readonly [number, number, number, number, number]

export type KnickpunktResult =
  { ok: true; boundaries: Boundaries } | { ok: false; errors: Partial<Record<'passMark' | 'top', string>> }

export const KNICKPUNKT_MESSAGES = {
  passMark: 'Muss größer als 0 und kleiner als 100 sein.',
  top: 'Muss größer als die Grenze der Note 4 und kleiner als 100 sein.',
  decimals: 'Höchstens 4 Nachkommastellen.',
  tooCloseTop:
    'Zu nah an der Grenze der Note 4: Zwischen beiden müssen die Noten 2 und 3 gerundet Platz haben.',
  tooClosePass: 'Zu nah an 0: Darunter muss die Note 5 gerundet Platz haben.',
} as const

const UNIT = 10_000 // percentages as integers of ten-thousandths, as config-validation compares them
const HUNDRED = 100 * UNIT
const STEP: Record<Rounding, number> = { whole: UNIT, half: UNIT / 2 }

/** numerator / denominator (in units) rounded half up to a multiple of step; all positive. */
function roundTo(numerator: number, denominator: number, step: number): number {
  return Math.floor((2 * numerator + denominator * step) / (2 * denominator * step)) * step
}

function units(x: number): number | null {
  const u = Math.round(x * UNIT)
  return Number.isFinite(x) && Math.abs(u - x * UNIT) < 1e-6 ? u : null
}

/** The five boundaries of a rule, or what is wrong with it, by field. */
export function knickpunktBoundaries(rule: KnickpunktRule): KnickpunktResult {
  const x = units(rule.passMark)
  const y = units(rule.top)
  const errors: Partial<Record<'passMark' | 'top', string>> = {}
  if (x === null) errors.passMark = KNICKPUNKT_MESSAGES.decimals
  else if (x <= 0 || x >= HUNDRED) errors.passMark = KNICKPUNKT_MESSAGES.passMark
  if (y === null) errors.top = KNICKPUNKT_MESSAGES.decimals
  else if (y >= HUNDRED || y <= (errors.passMark === undefined && x !== null ? x : 0))
    errors.top = KNICKPUNKT_MESSAGES.top
  if (x === null || y === null || Object.keys(errors).length > 0) return { ok: false, errors }

  const step = STEP[rule.rounding]
  const min2 = roundTo(x + 2 * y, 3, step) // grade 2 from X + 2(Y − X)/3
  const min3 = roundTo(2 * x + y, 3, step) // grade 3 from X + (Y − X)/3
  const min5 = roundTo(x, 2, step) // grade 5 from X/2
  // rounding can make neighbours meet when the spans are narrow: no band may be empty
  if (!(y > min2 && min2 > min3 && min3 > x))
    return { ok: false, errors: { top: KNICKPUNKT_MESSAGES.tooCloseTop } }
  if (!(x > min5 && min5 > 0)) return { ok: false, errors: { passMark: KNICKPUNKT_MESSAGES.tooClosePass } }
  return { ok: true, boundaries: [y / UNIT, min2 / UNIT, min3 / UNIT, x / UNIT, min5 / UNIT] }
}

/** The configuration document of boundaries, with the name and band widths of a template. */
export function configFromBoundaries(
  boundaries: Boundaries,
  template: Pick<CanonicalConfig, 'name' | 'schema'>,
): CanonicalConfig {
  const [b1, b2, b3, b4, b5] = boundaries
  return {
    name: template.name,
    grades: {
      '1': { min: b1, max: 100 },
      '2': { min: b2, max: b1 },
      '3': { min: b3, max: b2 },
      '4': { min: b4, max: b3 },
      '5': { min: b5, max: b4 },
      '6': { min: 0, max: b5 },
    },
    schema: {
      general: { ...template.schema.general },
      '1': { ...template.schema['1'] },
      '6': { ...template.schema['6'] },
    },
  }
}
