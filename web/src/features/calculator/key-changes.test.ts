import { describe, expect, it } from 'vitest'
import type { ScaleDocument } from '@/lib/config'
import { standardLiveConfig } from '@/test/live-config'
import { keyChanges } from './key-changes'

const standard = standardLiveConfig().config
const ab = (name: string, bands: { grade: string; from?: number }[]): ScaleDocument => ({
  name,
  rule: { kind: 'table', system: 'noten', percentage: 'exact', bands },
})

describe('keyChanges', () => {
  it('names each grade whose range moved, with the range before', () => {
    // the 6's share of 0–20 % from a half to 60 %: the 6 ends at 12 instead of 10, the 6+ starts there
    const moved = structuredClone(standard)
    moved.rule.schema['6'] = { normal: 60 }
    expect(keyChanges(standard, moved)).toEqual([
      '6+: über 12 bis 20 % (vorher über 10 bis 20 %)',
      '6: bis 12 % (vorher bis 10 %)',
    ])
  })

  it('says nothing for the same key, and the name when only that changed', () => {
    expect(keyChanges(standard, structuredClone(standard))).toEqual([])
    expect(keyChanges(standard, { ...structuredClone(standard), name: 'Mathe' })).toEqual([
      `Name: „Mathe“ (vorher „${standard.name}“)`,
    ])
  })

  it('writes "ab" tables as teachers read them, and grades that came or went', () => {
    const before = ab('T', [
      { grade: '1', from: 90 },
      { grade: '2', from: 75 },
      { grade: '3', from: 50 },
      { grade: '6' },
    ])
    const after = ab('T', [
      { grade: '1', from: 92 },
      { grade: '2', from: 75 },
      { grade: '4', from: 50 },
      { grade: '6' },
    ])
    expect(keyChanges(before, after)).toEqual([
      '1: ab 92 % (vorher ab 90 %)',
      '4: neu, ab 50 %',
      '3: gibt es nicht mehr',
    ])
  })

  it('says only that the system changed when it did', () => {
    const lines = keyChanges(standard, ab(standard.name, [{ grade: '1', from: 50 }, { grade: '6' }]))
    expect(lines).toEqual(['Anderes Notensystem: jetzt 2 Noten von 1 bis 6'])
  })
})
