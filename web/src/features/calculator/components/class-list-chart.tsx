import { useId } from 'react'
import { GRADE_LABELS, type Grade } from '@/lib/grade-table'
import { BAR, colours, HEIGHT, layout, TOP } from '../chart-layout'
import type { ClassSummary } from '../class-list'
import { ClassListCounts } from './class-list-counts'

// The Notenspiegel as bars: one per band, grouped by grade, with the grade's count below. The
// table after it holds the same numbers for screen readers and for anyone who prefers text.

export function ClassListChart({ summary }: { summary: ClassSummary }) {
  const id = useId()
  return (
    <figure className="space-y-3">
      <Bars summary={summary} titleId={`${id}-title`} tableId={`${id}-table`} />
      <figcaption className="sr-only">Die Tabelle darunter enthält dieselben Zahlen.</figcaption>
      <ClassListCounts id={`${id}-table`} summary={summary} />
    </figure>
  )
}

/** The bars, each band's count above it and its name below, each grade's count under its group. */
function Bars({ summary, titleId, tableId }: { summary: ClassSummary; titleId: string; tableId: string }) {
  const max = Math.max(1, ...GRADE_LABELS.map((l) => summary.byBand[l]))
  const { groups, width } = layout
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      aria-describedby={tableId}
      viewBox={`0 0 ${width} ${TOP + HEIGHT + 44}`}
      className="w-full max-w-xl print:max-w-sm"
    >
      <title id={titleId}>Notenspiegel als Balkendiagramm: Anzahl je Note und Notenstufe</title>
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
          {g.bars.map((b) => (
            <Bar
              key={b.label}
              x={b.x}
              label={b.label}
              count={summary.byBand[b.label]}
              max={max}
              grade={g.grade}
            />
          ))}
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
  )
}

interface BarProps {
  x: number
  label: string
  count: number
  /** The largest count, which gets the full height. */
  max: number
  grade: Grade
}

function Bar({ x, label, count, max, grade }: BarProps) {
  const h = (count / max) * HEIGHT
  const text = 'fill-slate-700 dark:fill-slate-300'
  return (
    <g>
      <rect x={x} y={TOP + HEIGHT - h} width={BAR} height={h} rx={2} className={colours[grade]} />
      <text x={x + BAR / 2} y={TOP + HEIGHT - h - 5} textAnchor="middle" fontSize={12} className={text}>
        {count}
      </text>
      <text x={x + BAR / 2} y={TOP + HEIGHT + 15} textAnchor="middle" fontSize={12} className={text}>
        {label}
      </text>
    </g>
  )
}
