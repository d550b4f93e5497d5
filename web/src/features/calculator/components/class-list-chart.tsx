import { useId, useMemo, type CSSProperties } from 'react'
import { inNotation } from '@/lib/numbers'
import { chartLayout, HEIGHT, TOP } from '../chart-layout'
import type { ClassSummary } from '../class-list'
import { ClassListCounts } from './class-list-counts'

// The Notenspiegel as bars: one per band (or per whole grade, for a key of many bands), grouped by
// grade, with the grade's count below. The table after it holds the same numbers, every band's
// among them, for screen readers and for anyone who prefers text.

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

/**
 * The bars, each bar's count above it and its band (or whole grade) below, each grade's count under
 * its group where a group has several bars.
 */
function Bars({ summary, titleId, tableId }: { summary: ClassSummary; titleId: string; tableId: string }) {
  const { groups, width, height, captions } = useMemo(() => chartLayout(summary.groups), [summary.groups])
  const count = (bands: string[]) => bands.reduce((n, l) => n + (summary.byBand[l] ?? 0), 0)
  const max = Math.max(1, ...groups.flatMap((g) => g.bars.map((b) => count(b.bands))))
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      aria-describedby={tableId}
      viewBox={`0 0 ${String(width)} ${String(height)}`}
      // at most as large as the original's six groups are drawn (474 units in 36rem), so that a key
      // of fewer groups does not get giant letters
      style={{ '--chart-max': `${String(Math.round((width * 36) / 474))}rem` } as CSSProperties}
      className="w-full max-w-[min(36rem,var(--chart-max))] print:max-w-sm"
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
        <g key={g.group.name}>
          {g.bars.map((b) => (
            <Bar
              key={b.bands[0]}
              x={b.x}
              width={b.width}
              label={inNotation(b.label, summary.notation)}
              count={count(b.bands)}
              max={max}
              colour={g.colour}
            />
          ))}
          {captions && (
            <text
              x={g.start + g.width / 2}
              y={TOP + HEIGHT + 36}
              textAnchor="middle"
              fontSize={12}
              fontWeight={600}
              className="fill-slate-900 dark:fill-slate-100"
            >
              {`${inNotation(g.group.caption, summary.notation)}: ${String(summary.byGrade[g.group.name] ?? 0)}`}
            </text>
          )}
        </g>
      ))}
    </svg>
  )
}

interface BarProps {
  x: number
  width: number
  /** The band or whole grade below the bar; "" where the group's caption names it. */
  label: string
  count: number
  /** The largest count, which gets the full height. */
  max: number
  colour: string
}

function Bar({ x, width, label, count, max, colour }: BarProps) {
  const h = (count / max) * HEIGHT
  const text = 'fill-slate-700 dark:fill-slate-300'
  return (
    <g>
      <rect x={x} y={TOP + HEIGHT - h} width={width} height={h} rx={2} className={colour} />
      <text x={x + width / 2} y={TOP + HEIGHT - h - 5} textAnchor="middle" fontSize={12} className={text}>
        {count}
      </text>
      {label !== '' && (
        <text x={x + width / 2} y={TOP + HEIGHT + 15} textAnchor="middle" fontSize={12} className={text}>
          {label}
        </text>
      )}
    </g>
  )
}
