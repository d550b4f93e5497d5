import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, FakeApi, json, noContent, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { send } from './api-client'
import { AUTH_CHANNEL, AuthContext, useAuth } from './auth'
import { useAuthSource } from './auth-source'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install()
})

function Probe() {
  const auth = useAuth()
  return (
    <div>
      <p>{auth.loading ? 'lädt' : (auth.user?.email ?? 'abgemeldet')}</p>
      <button type="button" onClick={() => void auth.login('admin@schule.de', 'passwort-lang')}>
        login
      </button>
      <button type="button" onClick={() => void auth.logout()}>
        logout
      </button>
    </div>
  )
}

function App() {
  const auth = useAuthSource()
  return (
    <AuthContext value={auth}>
      <Probe />
    </AuthContext>
  )
}

/** Lets every pending promise and timer of a session read run. */
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 50))
  })

/** A promise the test resolves by hand. */
function deferred<T>() {
  let resolve: (v: T) => void = () => undefined
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('useAuthSource', () => {
  it('is loading until GET /auth/session answers, then knows the user', async () => {
    const answer = deferred<Response>()
    api.once('GET /auth/session', () => answer.promise)
    render(<App />)
    expect(screen.getByText('lädt')).toBeInTheDocument()
    await act(async () => {
      answer.resolve(json(200, { user: testUser() }))
      await answer.promise
    })
    expect(await screen.findByText('admin@schule.de')).toBeInTheDocument()
  })

  it('reads the session again when another tab says it changed', async () => {
    api.on('GET /auth/session', json(200, { user: testUser() }))
    render(<App />)
    expect(await screen.findByText('admin@schule.de')).toBeInTheDocument()

    api.on('GET /auth/session', json(200, { user: null }))
    act(() => {
      FakeBroadcastChannel.deliver(AUTH_CHANNEL, { type: 'changed' })
    })
    expect(await screen.findByText('abgemeldet')).toBeInTheDocument()
    expect(api.callsTo('GET /auth/session')).toHaveLength(2)
  })

  it('ignores other messages on the channel', async () => {
    api.on('GET /auth/session', json(200, { user: null }))
    render(<App />)
    expect(await screen.findByText('abgemeldet')).toBeInTheDocument()
    act(() => {
      FakeBroadcastChannel.deliver(AUTH_CHANNEL, { type: 'other' })
      FakeBroadcastChannel.deliver(AUTH_CHANNEL, 'changed')
    })
    expect(api.callsTo('GET /auth/session')).toHaveLength(1)
  })

  it('reads the session again when the window gets the focus back', async () => {
    api.on('GET /auth/session', json(200, { user: testUser() }))
    render(<App />)
    expect(await screen.findByText('admin@schule.de')).toBeInTheDocument()
    api.on('GET /auth/session', json(200, { user: null }))
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    expect(await screen.findByText('abgemeldet')).toBeInTheDocument()
  })

  it('reads the session again when any call is refused because the session ended, once per refusal', async () => {
    api.on('GET /auth/session', json(200, { user: testUser() }))
    const { unmount } = render(<App />)
    expect(await screen.findByText('admin@schule.de')).toBeInTheDocument()
    // (the listener was registered when the session's code loaded, before the first read)
    api.once('GET /users', apiError(401, 'unauthenticated', 'Bitte melden Sie sich an.'))
    api.on('GET /auth/session', json(200, { user: null }))
    await send('GET', '/users').catch(() => undefined)
    expect(await screen.findByText('abgemeldet')).toBeInTheDocument()
    const reads = api.callsTo('GET /auth/session').length
    // A wrong password says nothing about the session; the refusal after it is counted once.
    api.once('GET /users', apiError(401, 'invalid_credentials', 'Falsch.'))
    await send('GET', '/users').catch(() => undefined)
    api.once('GET /users', apiError(403, 'forbidden', 'Nein.'))
    await send('GET', '/users').catch(() => undefined)
    await waitFor(() => {
      expect(api.callsTo('GET /auth/session')).toHaveLength(reads + 1)
    })
    await settle()
    expect(api.callsTo('GET /auth/session')).toHaveLength(reads + 1)

    unmount() // the listener goes with the sign-in state
    api.once('GET /users', apiError(403, 'forbidden', 'Nein.'))
    await send('GET', '/users').catch(() => undefined)
    await settle()
    expect(api.callsTo('GET /auth/session')).toHaveLength(reads + 1)
  })

  it('announces sign-in and sign-out to the other tabs', async () => {
    api.on('GET /auth/session', json(200, { user: null }))
    api.on('POST /auth/login', json(200, { user: testUser() }))
    api.on('POST /auth/logout', noContent())
    const user = userEvent.setup()
    render(<App />)
    expect(await screen.findByText('abgemeldet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'login' }))
    expect(await screen.findByText('admin@schule.de')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'logout' }))
    expect(await screen.findByText('abgemeldet')).toBeInTheDocument()
    expect(FakeBroadcastChannel.posted).toEqual([
      { name: AUTH_CHANNEL, data: { type: 'changed' } },
      { name: AUTH_CHANNEL, data: { type: 'changed' } },
    ])
  })

  it('does not let a slow session answer undo a sign-in that finished after it started', async () => {
    api.once('GET /auth/session', json(200, { user: null }))
    api.on('POST /auth/login', json(200, { user: testUser() }))
    const user = userEvent.setup()
    render(<App />)
    expect(await screen.findByText('abgemeldet')).toBeInTheDocument()

    const slow = deferred<Response>()
    api.once('GET /auth/session', () => slow.promise)
    act(() => {
      window.dispatchEvent(new Event('focus')) // starts the slow read
    })
    await user.click(screen.getByRole('button', { name: 'login' }))
    expect(await screen.findByText('admin@schule.de')).toBeInTheDocument()
    await act(async () => {
      slow.resolve(json(200, { user: null }))
      await slow.promise
    })
    expect(screen.getByText('admin@schule.de')).toBeInTheDocument()
  })
})
