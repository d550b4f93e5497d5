import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { FakeApi, json, noContent, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { AUTH_CHANNEL, AuthContext, useAuth, useAuthSource } from './auth'

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
