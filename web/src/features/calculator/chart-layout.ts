import { GRADE_LABELS, GRADES, type Grade } from '@/lib/grade-table'

// The geometry of the Notenspiegel's bar chart (components/class-list-chart.tsx), in SVG units: one
// bar per band, grouped by grade, the grade's count below each group.

export const BAR = 22
const GAP = 4
const GROUP_GAP = 10
// A group is at least as wide as its label ("Note 6: 40" at 12 units, with room to spare in the
// app's font), so no label reaches past its group or the picture's edge.
const LABEL = 64
export const TOP = 20
export const HEIGHT = 110
export const colours: Record<Grade, string> = {
  '1': 'fill-green-700',
  '2': 'fill-lime-700',
  '3': 'fill-yellow-700',
  '4': 'fill-amber-600',
  '5': 'fill-orange-700',
  '6': 'fill-red-700',
}

/** Where each bar goes; the same for every list, so it is worked out once. */
export const layout = (() => {
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
