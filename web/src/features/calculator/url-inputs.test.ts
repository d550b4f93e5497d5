import { describe, expect, it } from 'vitest'
import { readInputs, writeInputs } from './url-inputs'

describe('readInputs', () => {
  it('reads gesamt and erreicht, decoded, and "" for missing ones', () => {
    expect(readInputs('?gesamt=40&erreicht=31,5')).toEqual({ total: '40', achieved: '31,5' })
    expect(readInputs('?erreicht=31%2C5')).toEqual({ total: '', achieved: '31,5' })
    expect(readInputs('')).toEqual({ total: '', achieved: '' })
    expect(readInputs('?gesamt=%20abc')).toEqual({ total: ' abc', achieved: '' })
  })
})

describe('writeInputs', () => {
  it('writes readable commas and leaves empty inputs out', () => {
    expect(writeInputs('', { total: '40', achieved: '31,5' })).toBe('?gesamt=40&erreicht=31,5')
    expect(writeInputs('?gesamt=40&erreicht=3', { total: '', achieved: '3' })).toBe('?erreicht=3')
    expect(writeInputs('?gesamt=40', { total: '', achieved: '' })).toBe('')
    expect(writeInputs('?erreicht=3', { total: '40', achieved: '3' })).toBe('?gesamt=40&erreicht=3')
  })

  it('keeps other parameters and escapes what needs it', () => {
    expect(writeInputs('?x=1', { total: '4 0', achieved: '1&2' })).toBe('?x=1&gesamt=4+0&erreicht=1%262')
  })

  it.each(['40', '31,5', '-3', ' 12 ', '1&2=3', 'ä#?', '+30'])('round-trips %j', (value) => {
    expect(readInputs(writeInputs('', { total: value, achieved: value }))).toEqual({
      total: value,
      achieved: value,
    })
  })
})
