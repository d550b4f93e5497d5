import { describe, expect, it } from 'vitest'
import { ssoErrorMessage } from './sso-messages'

// The codes of internal/server/errors.go (ssoFailure) and docs/operations.md.
const SERVER_CODES = [
  'unavailable',
  'denied',
  'provider',
  'state',
  'token',
  'email_unverified',
  'email_refused',
  'domain',
  'no_account',
  'email_conflict',
  'no_group',
  'linked_elsewhere',
  'other_school',
  'internal',
]

describe('ssoErrorMessage', () => {
  it('has a message of its own for every code the server sends', () => {
    const generic = ssoErrorMessage('something-new', 'IServ')
    const messages = SERVER_CODES.map((code) => ssoErrorMessage(code, 'IServ'))
    for (const m of messages) expect(m).not.toBe(generic)
    expect(new Set(messages).size).toBe(SERVER_CODES.length)
  })

  it('names the provider', () => {
    expect(ssoErrorMessage('unavailable', 'IServ')).toBe(
      'IServ ist gerade nicht erreichbar. Bitte später erneut versuchen.',
    )
    expect(ssoErrorMessage('no_account', 'Microsoft 365')).toMatch(
      /^Die Anmeldung mit Microsoft 365 wurde abgelehnt: Für diese E-Mail-Adresse/,
    )
    expect(ssoErrorMessage('other', 'IServ')).toBe(
      'Die Anmeldung mit IServ ist fehlgeschlagen. Bitte erneut versuchen.',
    )
  })
  it('answers a code the server no longer sends with the general sentence', () => {
    // Starts are not limited any more: an old address must not tell of too many sign-ins begun.
    expect(ssoErrorMessage('too_many_attempts', 'IServ')).toBe(
      'Die Anmeldung mit IServ ist fehlgeschlagen. Bitte erneut versuchen.',
    )
  })
  it.each(['__proto__', 'constructor', 'toString'])(
    'answers a crafted code %s with the general sentence',
    (code) => {
      expect(ssoErrorMessage(code, 'IServ')).toBe(
        'Die Anmeldung mit IServ ist fehlgeschlagen. Bitte erneut versuchen.',
      )
    },
  )
})
