import { describe, expect, it } from 'vitest'
import { fitsConfig, formatConfigNumber, toConfigNumber } from './config-numbers'
import { formatDecimal, roundedDecimal } from './decimals'
import { formatExact, parseNumber } from './numbers'
import { rational } from './rational'

// The reading of typed numbers is bound to internal/grading by testdata/grading/cases.json
// (features/calculator/grading.test.ts); here what the writers add: the separator they are given.

describe('the decimal separator', () => {
  const x = rational(178_999n, 2_000n) // 89,4995

  it('is a comma by default', () => {
    expect(formatExact(x)).toBe('89,4995')
    expect(roundedDecimal(x, 2).text).toBe('89,50')
    expect(formatDecimal(x, 2)).toBe('89,5')
    expect(formatConfigNumber(89.4995)).toBe('89,4995')
  })

  it('is the one a caller passes', () => {
    expect(formatExact(x, '.')).toBe('89.4995')
    expect(roundedDecimal(x, 2, '.').text).toBe('89.50')
    expect(formatDecimal(x, 2, '.')).toBe('89.5')
    expect(formatConfigNumber(89.4995, '.')).toBe('89.4995')
  })

  it('drops trailing zeros and a separator left alone', () => {
    expect(formatDecimal(rational(36n), 2)).toBe('36')
    expect(formatDecimal(rational(0n), 2)).toBe('0')
    expect(formatDecimal(rational(1n, 4n), 2)).toBe('0,25')
  })
})

describe('configuration numbers', () => {
  it.each([
    ['85', true, 85],
    ['33,3333', true, 33.3333],
    ['-0', true, 0],
    ['0,00005', false, null],
    ['1,000000000000000000001', false, null],
    ['2,50000', true, 2.5],
  ])('%s fits: %s', (typed, fits, value) => {
    const x = parseNumber(typed)
    if (x === null) throw new Error(`${typed} is a number`)
    expect(fitsConfig(x)).toBe(fits)
    if (value !== null) expect(Object.is(toConfigNumber(x), value)).toBe(true)
  })
})
