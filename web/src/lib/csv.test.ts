import { describe, expect, it } from 'vitest'
import { csvText } from './csv'

describe('csvText', () => {
  it('writes semicolons and CRLF after a byte order mark, quoting only where needed', () => {
    expect(csvText([['a', 'b;c'], ['Er sagt "gut"', 'zwei\nZeilen'], []])).toBe(
      '\uFEFFa;"b;c"\r\n"Er sagt ""gut""";"zwei\nZeilen"\r\n\r\n',
    )
  })

  it('defuses a cell that would start a formula', () => {
    expect(csvText([['=HYPERLINK("x")', '-1', 'Anna']])).toBe(`\uFEFF"'=HYPERLINK(""x"")";'-1;Anna\r\n`)
  })
})
