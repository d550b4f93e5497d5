import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adjust } from '@/lib/adjust'
import { readGradingConfig } from '@/lib/config'
import { keyOf } from '@/lib/key'
import { writeDocument } from '@/lib/write-document'
import { calculate } from './grading'

// The key for this test against testdata/grading/adjustments.json, written by adjustments.py from the rule's
// text in docs/spec.md §10 and bound by internal/grading too: the adjusted document as the server would
// store it, every refused field with its message, and grades on the adjusted key.

interface AdjustmentCase {
  name: string
  document: unknown
  adjustment: { pass?: string; top?: string; step?: string }
  adjusted?: unknown
  errors?: Record<string, string>
  grades?: { total: string; achieved: string; grade: string }[]
}

const { cases } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../testdata/grading/adjustments.json'), 'utf8'),
) as { cases: AdjustmentCase[] }

describe('adjust (testdata/grading/adjustments.json, shared with internal/grading)', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThan(30)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const school = readGradingConfig(c.document)
    if (school === null) throw new Error('the school document does not read')
    const result = adjust(school, c.adjustment)
    if (c.errors !== undefined) {
      expect(result.ok ? result.doc : result.errors).toEqual(c.errors)
      return
    }
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`)
    expect(writeDocument(result.doc)).toEqual(c.adjusted)
    const key = keyOf(result.doc)
    for (const g of c.grades ?? [])
      expect(calculate(key, g.total, g.achieved).grade, g.achieved).toBe(g.grade)
  })
})
