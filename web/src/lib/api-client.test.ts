import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeApi, json, testUser } from '@/test/fake-api'
import { getSession, login } from './session'

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

  it('turns an answer without the JSON error shape, and a lost connection, into German messages', async () => {
    api.once('GET /auth/session', new Response('<html>Bad Gateway</html>', { status: 502 }))
    await expect(getSession()).rejects.toMatchObject({
      status: 502,
      code: 'unknown',
      message: expect.stringMatching(/Server/) as string,
    })
    api.once('GET /auth/session', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(getSession()).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: expect.stringMatching(/Keine Verbindung/) as string,
    })
  })

  it('refuses an answer that does not match the contract', async () => {
    api.on('GET /auth/session', json(200, { user: { id: 'eins' } }))
    await expect(getSession()).rejects.toMatchObject({ code: 'bad_response' })
  })
})
