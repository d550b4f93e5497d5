import { describe, expect, it } from 'vitest'
import { adjust } from '@/lib/adjust'
import { documentOf } from '@/test/live-config'
import { adjustedName, adjustmentWords, readAdjustedStart } from './adjusted-start'

const calculator = (query: string) => `?neu-aus=${encodeURIComponent(query)}`
const table = documentOf({
  name: 'Mathematik',
  system: 'noten',
  rule: {
    kind: 'table',
    percentage: 'exact',
    bands: [
      { grade: '1', from: 90 },
      { grade: '2', from: 80 },
      { grade: '3', from: 65 },
      { grade: '4', from: 50 },
      { grade: '5', from: 25 },
      { grade: '6' },
    ],
  },
})

describe('readAdjustedStart', () => {
  it("reads the calculator's query: the scale as typed, its version and the adjustment", () => {
    expect(readAdjustedStart(calculator('?schluessel=Mathematik&stand=7&bestehen=45&beste=92'))).toEqual({
      slug: 'mathematik',
      version: 7,
      adjustment: { pass: '45', top: '92' },
    })
    expect(readAdjustedStart(calculator('?bestehen=45,5'))).toEqual({
      slug: null,
      version: 0,
      adjustment: { pass: '45,5' },
    })
  })

  it('holds nothing without the parameter or without an adjustment', () => {
    expect(readAdjustedStart('')).toBeNull()
    expect(readAdjustedStart('?invite=x')).toBeNull()
    expect(readAdjustedStart(calculator('?schluessel=mathematik&punkte=1'))).toBeNull()
  })
})

describe('adjustedName', () => {
  it('names the bands the adjustment moved', () => {
    const result = adjust(table, { pass: '45', top: '92' })
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    const words = adjustmentWords(table, { pass: '45', top: '92' }, result.changes)
    expect(adjustedName('Mathematik', words)).toBe('Mathematik (angepasst: 4 ab 45 %, 1 ab 92 %)')
  })

  it('names the Swiss rounding, and keeps a name without changes', () => {
    expect(adjustmentWords(table, { step: '0.25' }, [])).toEqual(['Rundung 0,25'])
    expect(adjustedName('Mathematik', [])).toBe('Mathematik')
  })
})
