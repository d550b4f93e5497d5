import type { ScaleDocument } from '@/lib/config'
import { cellText, table } from '@/lib/grade-table'
import { keyOf } from '@/lib/key'

// What changed between two versions of the key a page shows, in a teacher's words: one line per grade
// whose range moved ("4: ab 50 % (vorher ab 45 %)"), so that nobody is surprised by a grade that changed
// under their hands. Read from the two keys' tables, the same text the grade table shows.

const BASIS_WORDS: Record<string, string> = {
  exact: 'genau',
  round: 'auf ganze Prozent gerundet',
  cut: 'in ganzen Prozent ohne Rundung',
}

/** The lines that say how `after` differs from `before`; empty when a page would grade nothing differently. */
export function keyChanges(before: ScaleDocument, after: ScaleDocument): string[] {
  const lines: string[] = []
  if (before.name !== after.name) lines.push(`Name: „${after.name}“ (vorher „${before.name}“)`)
  const [old, next] = [keyOf(before), keyOf(after)]
  if (old.system !== next.system) {
    lines.push(
      `Anderes Notensystem: jetzt ${String(next.bands.length)} Noten von ${next.bands[0]?.label ?? ''} bis ${next.bands.at(-1)?.label ?? ''}`,
    )
    return lines
  }
  if (old.basis !== next.basis)
    lines.push(
      `Prozent werden jetzt ${BASIS_WORDS[next.basis] ?? next.basis} gerechnet (vorher ${BASIS_WORDS[old.basis] ?? old.basis})`,
    )
  const range = (cells: ReturnType<typeof table>, included: boolean) =>
    new Map(cells.map((c) => [c.grade, `${cellText(c, included)} %`.replace(/^entfällt %$/, 'entfällt')]))
  const was = range(table(old), old.included)
  const now = range(table(next), next.included)
  for (const [grade, text] of now) {
    const before = was.get(grade)
    if (before === undefined) lines.push(`${grade}: neu, ${text}`)
    else if (before !== text) lines.push(`${grade}: ${text} (vorher ${before})`)
  }
  for (const grade of was.keys()) if (!now.has(grade)) lines.push(`${grade}: gibt es nicht mehr`)
  return lines
}
