import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { standardLiveConfig } from '@/test/live-config'
import { ApiError, createUser, getSession, login, saveConfig } from './api-client'

let api: FakeApi

beforeEach(() => {
  api = new FakeApi().install()
})

describe('api-client', () => {
  it('sends JSON with the same-origin credentials and reads the typed answer', async () => {
    api.on('POST /auth/login', json(200, { user: testUser() }))
    const user = await login('admin@schule.de', 'geheim-und-lang')
    expect(user.email).toBe('admin@schule.de')
    const init = vi.mocked(fetch).mock.calls[0]?.[1]
    expect(init?.credentials).toBe('same-origin')
    expect(api.calls[0]?.headers.get('Content-Type')).toBe('application/json')
    expect(api.calls[0]?.body).toEqual({ email: 'admin@schule.de', password: 'geheim-und-lang' })
  })

  it('gives null for a signed-out session', async () => {
    api.on('GET /auth/session', json(200, { user: null }))
    expect(await getSession()).toBeNull()
  })

  it('saves with If-Match of the loaded version and reports a conflict with the current version', async () => {
    const current = { ...standardLiveConfig(8), savedBy: 'kollege@schule.de' }
    api.on('PUT /config', apiError(412, 'config_conflict', 'Jemand anderes hat inzwischen gespeichert.', { current }))
    const document: Parameters<typeof saveConfig>[0] = {
      name: 'Standard',
      grades: { '1': { min: 85, max: 100 }, '2': { min: 70, max: 85 }, '3': { min: 55, max: 70 }, '4': { min: 40, max: 55 }, '5': { min: 20, max: 40 }, '6': { min: 0, max: 20 } },
      schema: { general: { minus: 33.33, normal: 33.33 }, '1': { minus: 33.33 }, '6': { normal: 50 } },
    }
    const err = await saveConfig(document, 7).catch((e: unknown) => e)
    expect(api.calls[0]?.headers.get('If-Match')).toBe('"7"')
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 412, code: 'config_conflict', current })
  })

  it('carries the field messages of a 422', async () => {
    api.on('POST /users', apiError(422, 'validation_failed', 'Ungültig.', { fields: { email: 'Bitte eine gültige E-Mail-Adresse angeben.' } }))
    await expect(createUser('x', 'user')).rejects.toMatchObject({
      status: 422,
      fields: { email: 'Bitte eine gültige E-Mail-Adresse angeben.' },
    })
  })

  it('turns an answer without the JSON error shape, and a lost connection, into German messages', async () => {
    api.once('GET /auth/session', new Response('<html>Bad Gateway</html>', { status: 502 }))
    await expect(getSession()).rejects.toMatchObject({ status: 502, code: 'unknown', message: expect.stringMatching(/Server/) as string })
    api.once('GET /auth/session', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(getSession()).rejects.toMatchObject({ status: 0, code: 'network', message: expect.stringMatching(/Keine Verbindung/) as string })
  })

  it('refuses an answer that does not match the contract', async () => {
    api.on('GET /auth/session', json(200, { user: { id: 'eins' } }))
    await expect(getSession()).rejects.toMatchObject({ code: 'bad_response' })
  })
})
