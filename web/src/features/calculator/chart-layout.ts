import type { GradeGroup } from '@/lib/systems'

// The geometry of the Notenspiegel's bar chart (components/class-list-chart.tsx), in SVG units: one
// bar per band, grouped by whole grade (lib/systems.ts groupsOf), the grade's count below each group.
// A key of many bands (the IHK's 51 decimals, Swiss tenths) gets one wider bar per whole grade
// instead, named below it ("1,0–1,4") with its count above: 51 bars are unreadable on a phone, and
// the table below lists the count of every band that occurs. So does a key of many groups (Switzerland's
// half grades): a caption under each would not fit a phone.

export const BAR = 22
const WIDE_BAR = 36
const GAP = 4
const GROUP_GAP = 10
/**
 * Whether a key has too many bands for a bar each (above 16: the original's 16 still get one bar each);
 * the counts table then names only the bands that occur.
 */
export const manyBands = (groups: GradeGroup[]) => groups.reduce((n, g) => n + g.bands.length, 0) > 16
// A group is at least as wide as its caption ("Note 6: 40" at 12 units, with room to spare in the
// app's font; 6.4 units a character), so no caption reaches past its group or the picture's edge.
const LABEL = 64
const CHAR = 6.4
export const TOP = 20
export const HEIGHT = 110
/** Below the axis: the bands' labels, then the groups' captions. */
const LABELS = 24
const CAPTIONS = 44

// Passing grades from green to amber, failing ones from orange to red: the original's six grades
// keep their six colours (1 green … 4 amber, 5 orange, 6 red).
const PASSING = ['fill-green-700', 'fill-lime-700', 'fill-yellow-700', 'fill-amber-600']
const FAILING = ['fill-orange-700', 'fill-red-700', 'fill-red-900']

export interface ChartBar {
  /** The band's label below the bar; "" where the group's caption names it (a bar for the whole group). */
  label: string
  /** The bands it counts. */
  bands: string[]
  x: number
  width: number
}

export interface ChartGroup {
  group: GradeGroup
  start: number
  width: number
  bars: ChartBar[]
  /** The Tailwind fill class of its bars. */
  colour: string
}

export interface ChartLayout {
  groups: ChartGroup[]
  width: number
  height: number
  /** Whether each group's caption ("Note 2: 5") is drawn under its bars; not where a bar is a group. */
  captions: boolean
}

/** Above this many groups (Switzerland's eleven half grades) each group is one bar, named below it. */
const MANY_GROUPS = 8

/** Where each bar goes for a key's whole grades. */
export function chartLayout(groups: GradeGroup[]): ChartLayout {
  const perBand = !manyBands(groups) && groups.length <= MANY_GROUPS
  const passing = groups.filter((g) => !g.failing).length
  const failing = groups.length - passing
  let x = 0
  let i = 0
  const placed = groups.map((group): ChartGroup => {
    const bars = !perBand
      ? [{ label: group.name, bands: group.bands, width: groups.length > MANY_GROUPS ? BAR : WIDE_BAR }]
      : group.bands.length > 1 || group.bands[0] !== group.name
        ? group.bands.map((l) => ({ label: l, bands: [l], width: BAR }))
        : // a whole grade without + and −: its caption ("Note 2: 5") names it
          [{ label: '', bands: group.bands, width: WIDE_BAR }]
    const barsWidth = bars.reduce((w, b) => w + b.width, 0) + (bars.length - 1) * GAP
    // the caption with a two-digit count, or the group's name under its bar
    const text = perBand ? (group.caption.length + 4) * CHAR : (group.name.length + 1) * CHAR
    const width = Math.max(barsWidth, perBand ? LABEL : 0, text)
    const start = x
    let bx = start + (width - barsWidth) / 2
    const at = bars.map((b) => {
      const bar = { ...b, x: bx }
      bx += b.width + GAP
      return bar
    })
    x += width + GROUP_GAP
    const colour = group.failing
      ? (FAILING.slice(0, Math.max(failing, 2)).slice(-failing)[i - passing] ?? 'fill-red-900')
      : (PASSING[i] ?? 'fill-amber-600')
    i++
    return { group, start, width, bars: at, colour }
  })
  return {
    groups: placed,
    width: x - GROUP_GAP,
    height: TOP + HEIGHT + (perBand ? CAPTIONS : LABELS),
    captions: perBand,
  }
}
