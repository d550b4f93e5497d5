import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { abitur, abiturTenths, type AbiturInput, type AbiturResult } from './abitur'

// The Abitur average against testdata/grading/abitur.json, written by abitur.py from the KMK Vereinbarung's
// Anlage (and its table, row by row) and bound by internal/grading and the command too.

interface AbiturCase {
  name: string
  input: AbiturInput
  result?: AbiturResult
  errors?: Record<string, string>
}

const { cases } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../testdata/grading/abitur.json'), 'utf8'),
) as { cases: AbiturCase[] }

describe('abitur (testdata/grading/abitur.json, shared with internal/grading)', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThan(700)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const answer = abitur(c.input)
    if (c.errors !== undefined) {
      expect(answer.ok ? answer.result : answer.errors).toEqual(c.errors)
      return
    }
    expect(answer.ok ? answer.result : answer.errors).toEqual(c.result)
  })

  it('never gives a worse note for more points', () => {
    for (let e = 301; e <= 900; e++) expect(abiturTenths(e)).toBeLessThanOrEqual(abiturTenths(e - 1))
  })
})
