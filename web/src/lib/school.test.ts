import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { approvalStep, readSchool, stepApplies, type ApprovalRule } from './school'

// testdata/school/approval.json: written by approval.py with Python's fractions, bound to Go's
// Rule.Evaluate too (internal/school).
interface Vectors {
  shapes: Record<string, { over: [number, number]; atLeast: boolean }[]>
  cases: { shape: string; graded: number; failing: number; step: number | null }[]
}
const vectors = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../testdata/school/approval.json'), 'utf8'),
) as Vectors

describe('approvalStep', () => {
  it('gives the step of every vector', () => {
    expect(vectors.cases.length).toBeGreaterThan(1000)
    for (const c of vectors.cases) {
      const steps = vectors.shapes[c.shape] ?? []
      expect(approvalStep(steps, c.graded, c.failing), `${c.shape}: ${c.failing} of ${c.graded}`).toBe(
        c.step ?? -1,
      )
    }
  })

  it('reads the words of the norms', () => {
    const third = { over: [1, 3], atLeast: false }
    const thirdOrMore = { over: [1, 3], atLeast: true }
    expect(stepApplies(third, 9, 3)).toBe(false) // exactly a third is not more than a third
    expect(stepApplies(third, 9, 4)).toBe(true)
    expect(stepApplies(thirdOrMore, 9, 3)).toBe(true)
    expect(stepApplies({ over: [3, 10], atLeast: false }, 10, 3)).toBe(false)
    expect(stepApplies({ over: [3, 10], atLeast: false }, 10, 4)).toBe(true)
    expect(stepApplies({ over: [1, 2], atLeast: false }, 8, 4)).toBe(false)
    expect(stepApplies(third, 0, 0)).toBe(false)
    expect(approvalStep([third, { over: [1, 2], atLeast: false }], 9, 5)).toBe(1)
  })
})

const hessen: ApprovalRule = {
  source: 'VOGSV § 34',
  title: 'Verordnung zur Gestaltung des Schulverhältnisses (Hessen), § 34',
  url: 'https://www.rv.hessenrecht.hessen.de/',
  failing: ['5', '6'],
  failingTerm: 'schlechter als ausreichend',
  steps: [
    {
      over: [1, 3],
      atLeast: false,
      share: 'mehr als ein Drittel',
      kind: 'schulleitung',
      consequence: 'Vorlegen.',
    },
  ],
}

describe('readSchool', () => {
  it('reads none, a Land with its rule and one with a note', () => {
    expect(readSchool({ land: null })).toEqual({ land: null })
    expect(readSchool({ land: 'HE', name: 'Hessen', country: 'DE', approval: hessen })).toEqual({
      land: 'HE',
      name: 'Hessen',
      country: 'DE',
      approval: hessen,
    })
    expect(
      readSchool({ land: 'NW', name: 'Nordrhein-Westfalen', country: 'DE', note: 'Keine Regel mehr.' }),
    ).toEqual({
      land: 'NW',
      name: 'Nordrhein-Westfalen',
      country: 'DE',
      note: 'Keine Regel mehr.',
    })
  })

  it('refuses what is not an answer', () => {
    expect(readSchool(null)).toBeNull()
    expect(readSchool({ land: 'HE' })).toBeNull()
    expect(readSchool({ land: 'HE', name: 'Hessen', approval: { ...hessen, steps: [] } })).toBeNull()
    expect(
      readSchool({
        land: 'HE',
        name: 'Hessen',
        approval: { ...hessen, steps: [{ ...hessen.steps[0], over: [0, 3] }] },
      }),
    ).toBeNull()
  })
})
