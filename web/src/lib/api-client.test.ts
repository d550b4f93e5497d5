import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { onAuthError, send } from './api-client'
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

  it('tells the auth-error listeners of a call refused for lack of a session or role, and of nothing else', async () => {
    const listener = vi.fn()
    const stop = new AbortController()
    onAuthError(listener, stop.signal)
    const refusedWith = async (status: number, code: string) => {
      api.once('GET /users', apiError(status, code, 'Nein.'))
      await expect(send('GET', '/users')).rejects.toMatchObject({ status, code })
    }
    await refusedWith(401, 'unauthenticated')
    await refusedWith(403, 'forbidden')
    expect(listener).toHaveBeenCalledTimes(2)
    // a wrong password at sign-in, the other 403s and any other failure say nothing about the session
    await refusedWith(401, 'invalid_credentials')
    await refusedWith(403, 'password_login_disabled')
    await refusedWith(403, 'cross_origin')
    await refusedWith(404, 'not_found')
    expect(listener).toHaveBeenCalledTimes(2)
    stop.abort()
    await refusedWith(401, 'unauthenticated')
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
