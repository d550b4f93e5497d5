import { useId } from 'react'
import { GRADE_LABELS, GRADES, type Grade } from '@/lib/grade-table'
import type { ClassSummary } from '../class-list'

// The Notenspiegel as bars: one per band, grouped by grade, with the grade's count below. The
// table after it holds the same numbers for screen readers and for anyone who prefers text.

const BAR = 22
const GAP = 4
const GROUP_GAP = 10
// A group is at least as wide as its label ("Note 6: 40" at 12 units, with room to spare in the
// app's font), so no label reaches past its group or the picture's edge.
const LABEL = 64
const TOP = 20
const HEIGHT = 110
const colours: Record<Grade, string> = {
  '1': 'fill-green-700',
  '2': 'fill-lime-700',
  '3': 'fill-yellow-700',
  '4': 'fill-amber-600',
  '5': 'fill-orange-700',
  '6': 'fill-red-700',
}

/** Where each bar goes; the same for every list, so it is worked out once. */
const layout = (() => {
  let x = 0
  const groups = GRADES.map((grade) => {
    const labels = GRADE_LABELS.filter((l) => l.startsWith(grade))
    const barsWidth = labels.length * BAR + (labels.length - 1) * GAP
    const width = Math.max(barsWidth, LABEL)
    const start = x
    const bars = labels.map((label, i) => ({ label, x: start + (width - barsWidth) / 2 + i * (BAR + GAP) }))
    x += width + GROUP_GAP
    return { grade, start, width, bars }
  })
  return { groups, width: x - GROUP_GAP }
})()

export function ClassListChart({ summary }: { summary: ClassSummary }) {
  const id = useId()
  const max = Math.max(1, ...GRADE_LABELS.map((l) => summary.byBand[l]))
  const { groups, width } = layout
  const text = 'fill-slate-700 dark:fill-slate-300'

  return (
    <figure className="space-y-3">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-table`}
        viewBox={`0 0 ${width} ${TOP + HEIGHT + 44}`}
        className="w-full max-w-xl print:max-w-sm"
      >
        <title id={`${id}-title`}>Notenspiegel als Balkendiagramm: Anzahl je Note und Notenstufe</title>
        <line
          x1={0}
          x2={width}
          y1={TOP + HEIGHT}
          y2={TOP + HEIGHT}
          className="stroke-slate-400"
          strokeWidth={1}
        />
        {groups.map((g) => (
          <g key={g.grade}>
            {g.bars.map((b) => {
              const count = summary.byBand[b.label]
              const h = (count / max) * HEIGHT
              return (
                <g key={b.label}>
                  <rect
                    x={b.x}
                    y={TOP + HEIGHT - h}
                    width={BAR}
                    height={h}
                    rx={2}
                    className={colours[g.grade]}
                  />
                  <text
                    x={b.x + BAR / 2}
                    y={TOP + HEIGHT - h - 5}
                    textAnchor="middle"
                    fontSize={12}
                    className={text}
                  >
                    {count}
                  </text>
                  <text
                    x={b.x + BAR / 2}
                    y={TOP + HEIGHT + 15}
                    textAnchor="middle"
                    fontSize={12}
                    className={text}
                  >
                    {b.label}
                  </text>
                </g>
              )
            })}
            <text
              x={g.start + g.width / 2}
              y={TOP + HEIGHT + 36}
              textAnchor="middle"
              fontSize={12}
              fontWeight={600}
              className="fill-slate-900 dark:fill-slate-100"
            >
              {`Note ${g.grade}: ${summary.byGrade[g.grade]}`}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="sr-only">Die Tabelle darunter enthält dieselben Zahlen.</figcaption>
      <table id={`${id}-table`} className="w-full max-w-xl border-collapse text-sm print:hidden">
        <caption className="mb-1 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
          Anzahl je Note
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-left dark:border-slate-700">
            <th scope="col" className="py-1 pr-3 font-semibold">
              Note
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Anzahl
            </th>
            <th scope="col" className="py-1 font-semibold">
              davon
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {GRADES.map((grade) => (
            <tr key={grade}>
              <th scope="row" className="py-1 pr-3 text-left font-semibold">
                {grade}
              </th>
              <td className="py-1 pr-3 tabular-nums">{summary.byGrade[grade]}</td>
              <td className="py-1 tabular-nums text-slate-600 dark:text-slate-300">
                {GRADE_LABELS.filter((l) => l.startsWith(grade))
                  .map((l) => `${l}: ${summary.byBand[l]}`)
                  .join(' · ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
