import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkConfigDocument, MESSAGES, validateConfigDocument } from './config-validation'

const dir = join(import.meta.dirname, '../../../../testdata/grading')
const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'))

interface InvalidCase {
  name: string
  document: unknown
  fields: Record<string, string>
}
interface AliasCase {
  name: string
  document: unknown
  canonical: unknown
}

const invalid = (read('invalid-configs.json') as { cases: InvalidCase[] }).cases
const aliases = (read('alias-configs.json') as { cases: AliasCase[] }).cases

describe('validateConfigDocument (testdata/grading, shared with internal/grading)', () => {
  it('uses the messages of messages.json word for word', () => {
    expect(MESSAGES).toEqual(read('messages.json'))
  })

  it('reads every case of the shared files', () => {
    expect(invalid.length).toBeGreaterThanOrEqual(82)
    expect(aliases.length).toBeGreaterThanOrEqual(14)
  })

  it.each(invalid.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(validateConfigDocument(c.document)).toEqual(c.fields)
  })

  it.each(aliases.map((c) => [c.name, c] as const))('accepts %s and gives the canonical document', (_, c) => {
    expect(validateConfigDocument(c.document)).toEqual({})
    const result = checkConfigDocument(c.document)
    expect(result.ok && result.config).toEqual(c.canonical)
  })

  it('accepts every shared configuration', () => {
    for (const name of ['standard', 'fractional', 'extreme']) {
      expect(validateConfigDocument(read(`configs/${name}.json`)), name).toEqual({})
    }
  })
})
