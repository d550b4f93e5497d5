import type { ClassSummary } from './class-list'

// The Notenspiegel for the class (printed without names): counts per whole grade, where no group is so
// small that a pupil could be recognised in it. A whole grade held by one or two pupils is merged with a
// neighbour until every group holds none or at least MIN_GROUP pupils; grades nobody has stay apart,
// since a zero names nobody.

/** The smallest count a printed group may have, other than none. */
export const MIN_GROUP = 3

/** A printed group: the whole grades it spans ("5–6") and how many pupils it holds. */
export interface PublicGroup {
  name: string
  count: number
  /** The group's word ("sehr gut") where it is one whole grade of a system with words. */
  word?: string | undefined
}

const small = (g: { count: number }) => g.count > 0 && g.count < MIN_GROUP

/**
 * The groups of the summary, best first, with every small group merged into the neighbour that holds
 * fewer pupils (the better one on a tie), repeated until none is small or one group is left.
 */
export function publicGroups(summary: ClassSummary): PublicGroup[] {
  let groups = summary.groups.map((g) => ({
    first: g.name,
    last: g.name,
    count: summary.byGrade[g.name] ?? 0,
  }))
  for (let i = groups.findIndex(small); i >= 0 && groups.length > 1; i = groups.findIndex(small)) {
    const before = groups[i - 1]
    const after = groups[i + 1]
    const j = after === undefined || (before !== undefined && before.count <= after.count) ? i - 1 : i + 1
    const [a, b] = j < i ? [groups[j], groups[i]] : [groups[i], groups[j]]
    if (a === undefined || b === undefined) break
    groups = [
      ...groups.slice(0, Math.min(i, j)),
      { first: a.first, last: b.last, count: a.count + b.count },
      ...groups.slice(Math.max(i, j) + 1),
    ]
  }
  const words = new Map(summary.groups.map((g) => [g.name, g.word]))
  return groups.map((g) =>
    g.first === g.last
      ? { name: g.first, count: g.count, word: words.get(g.first) }
      : { name: `${g.first}–${g.last}`, count: g.count },
  )
}
