import type { TableCell } from '@/lib/grade-table'
import { EMPTY, NONE } from '@/lib/grade-table'
import type { Key } from '@/lib/key'
import { inNotation, notationOf } from '@/lib/numbers'

/** The sentence under the grade table (loaded by GradeTable). */
export default function HowToRead({ scaleKey, cells }: { scaleKey: Key; cells: TableCell[] }) {
  return <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{howToRead(scaleKey, cells)}</p>
}

const BASIS: Record<string, string> = {
  round: ' Zuvor wird der Prozentwert auf ganze Prozent gerundet (ab ,5 aufgerundet).',
  cut: ' Zuvor werden die Nachkommastellen des Prozentwerts abgeschnitten.',
}

/** "Eine Note gilt über dem ersten Wert bis einschließlich zum zweiten: genau 85 % ergibt 2+, …" */
export function howToRead({ included, basis, system }: Key, cells: TableCell[]): string {
  const grade = (c: TableCell) => inNotation(c.grade, notationOf(system))
  const rule = included
    ? 'Eine Note gilt ab ihrem Wert bis unter den Wert der besseren Note'
    : 'Eine Note gilt über dem ersten Wert bis einschließlich zum zweiten'
  const above = cells.find(
    (c, i) =>
      i > 0 && c.over !== EMPTY && c.over !== NONE && c.over !== '?' && cells.some((b) => b.upTo === c.over),
  )
  const at = above === undefined ? undefined : cells.find((b) => b.upTo === above.over)
  const example =
    above === undefined || at === undefined
      ? ''
      : included
        ? `: genau ${above.over} % ergibt ${grade(above)}, knapp darunter ${grade(at)}`
        : `: genau ${above.over} % ergibt ${grade(at)}, erst mehr als ${above.over} % ergibt ${grade(above)}`
  return `${rule}${example}.${BASIS[basis] ?? ''}`
}
