import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GenericSchema } from 'valibot'
import { describe, expect, it } from 'vitest'
import { emailSchema, MSG_EMAIL, MSG_REQUIRED, newPasswordSchema } from './account-rules'
import { firstIssue } from './form-schema'

// The vectors internal/auth (vectors_test.go) passes too: the forms refuse what the server refuses,
// with the same German message at the field.

const dir = join(import.meta.dirname, '../../../testdata/auth')
const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'))

interface EmailCase {
  name: string
  email: string
  message: string
}
interface PasswordCase {
  name: string
  password: string
  message: string
  commonList?: boolean
}

const emails = (read('emails.json') as { cases: EmailCase[] }).cases
const passwords = (read('passwords.json') as { cases: PasswordCase[] }).cases

function message(schema: GenericSchema, value: string): string {
  return firstIssue(schema, value) ?? ''
}

describe('emailSchema (testdata/auth/emails.json, shared with internal/auth)', () => {
  it('reads the shared cases', () => {
    expect(emails.length).toBeGreaterThanOrEqual(50)
  })

  it.each(emails.map((c) => [c.name, c] as const))('%s', (_, c) => {
    // An empty field is "Pflichtfeld." in the form before any rule of the email; the server, which
    // never sees a form, names the email rule.
    const want = c.message === MSG_EMAIL && c.email.trim() === '' ? MSG_REQUIRED : c.message
    expect(message(emailSchema, c.email)).toBe(want)
  })
})

describe('newPasswordSchema (testdata/auth/passwords.json)', () => {
  // The list of common passwords is only on the server.
  it.each(passwords.filter((c) => c.commonList !== true).map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(message(newPasswordSchema, c.password)).toBe(c.message)
  })
})
