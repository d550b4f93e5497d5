import type { DocumentOf } from '@/lib/config'

// The Knickpunkt rule with "ab" bounds: one number, the pass mark X ("4 ab X %"), makes a table of a
// system with whole grades 1 to 4 above the pass mark (docs/grading-systems.md). Grades 1–4 share the
// span from X to 100 evenly, the grades below the span from 0 to X, so the line bends at X:
//
//   1–6 with + and −: grade g (1–4) from X + (4 − g)(100 − X)/4, in thirds (g−, g, g+; grade 1 has no
//   1+ band, as the Standard: over 100 % gives 1+), grade 5 from X/2 in thirds, 6+ from X/4;
//   Austria 1–5: grade g (1–4) from X + (4 − g)(100 − X)/4, 5 below.
//
// X stays as typed, so the pass mark is exactly where the teacher set it; the other bounds are
// rounded half up to whole percent, as teachers write them. With X = 40 the first is exactly the
// preset `standard-ab` (1 ab 90, 1- ab 85, … 5+ ab 33, 5 ab 27, 5- ab 20, 6+ ab 10).

export type AbSystem = 'noten-plus-minus' | 'oesterreich'

export const AB_MESSAGES = {
  passMark: 'Muss größer als 0 und kleiner als 100 sein.',
  tooClose: 'Zu nah an 0 oder 100: Jede Note muss gerundet Platz haben.',
} as const

const round = (x: number) => Math.floor(x + 0.5)

/** The bands with their bounds, best first, the last without one. */
function bands(system: AbSystem, x: number): { grade: string; from?: number }[] {
  const w = (100 - x) / 4
  const start = (g: number) => (g === 4 ? x : round(x + (4 - g) * w))
  if (system === 'oesterreich')
    return [...[1, 2, 3, 4].map((g) => ({ grade: String(g), from: start(g) })), { grade: '5' }]
  const out: { grade: string; from?: number }[] = [
    { grade: '1', from: round(x + 3 * w + w / 3) },
    { grade: '1-', from: start(1) },
  ]
  for (const g of [2, 3, 4]) {
    const s = x + (4 - g) * w
    out.push({ grade: `${String(g)}+`, from: round(s + (2 * w) / 3) })
    out.push({ grade: String(g), from: round(s + w / 3) })
    out.push({ grade: `${String(g)}-`, from: start(g) })
  }
  const five = x / 2
  out.push({ grade: '5+', from: round(five + (2 * five) / 3) }, { grade: '5', from: round(five + five / 3) })
  out.push({ grade: '5-', from: round(five) }, { grade: '6+', from: round(x / 4) }, { grade: '6' })
  return out
}

export type AbResult = { ok: true; doc: DocumentOf<'table'> } | { ok: false; message: string }

/** The table of a pass mark in a system, named `name`, or what is wrong with the pass mark. */
export function knickpunktAb(system: AbSystem, passMark: number, name: string): AbResult {
  if (!(passMark > 0 && passMark < 100)) return { ok: false, message: AB_MESSAGES.passMark }
  const rows = bands(system, passMark)
  const froms = rows.flatMap((r) => (r.from === undefined ? [] : [r.from]))
  // rounding can make neighbours meet when a span is narrow: no band may be empty
  if (froms.some((f, i) => f <= 0 || (i > 0 && f >= (froms[i - 1] ?? 0))) || (froms[0] ?? 0) > 100)
    return { ok: false, message: AB_MESSAGES.tooClose }
  return { ok: true, doc: { name, rule: { kind: 'table', system, percentage: 'exact', bands: rows } } }
}
