import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { renderFeature } from '@/test/render'
import { SignInForm } from './sign-in-form'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: null }))
    .on('GET /auth/methods', json(200, { password: true, oidc: null }))
})

async function signIn(email: string, password: string) {
  const user = userEvent.setup()
  renderFeature(<SignInForm />)
  await user.type(screen.getByLabelText('E-Mail'), email)
  await user.type(screen.getByLabelText('Passwort'), password)
  await user.click(screen.getByRole('button', { name: 'Anmelden' }))
}

describe('SignInForm', () => {
  it('signs in, says so and tells the other tabs', async () => {
    api.on('POST /auth/login', json(200, { user: testUser() }))
    await signIn(' admin@schule.de ', 'richtig-und-lang')
    expect(await screen.findByText('Angemeldet.')).toBeInTheDocument()
    expect(api.callsTo('POST /auth/login')[0]?.body).toEqual({
      email: 'admin@schule.de',
      password: 'richtig-und-lang',
    })
    expect(FakeBroadcastChannel.posted.map((p) => p.data)).toEqual([{ type: 'changed' }])
  })

  it('shows the one generic message at the form for a wrong pair', async () => {
    api.on('POST /auth/login', apiError(401, 'invalid_credentials', 'E-Mail oder Passwort ist falsch.'))
    await signIn('admin@schule.de', 'falsch-aber-lang')
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.')
    expect(screen.getByLabelText('Passwort')).toHaveValue('')
    expect(screen.getByLabelText('Passwort')).toHaveFocus()
    expect(screen.getByLabelText('E-Mail')).toHaveValue('admin@schule.de')
    expect(screen.queryByText('Angemeldet.')).not.toBeInTheDocument()
    expect(FakeBroadcastChannel.posted).toEqual([])
  })

  it("shows the server's message after too many attempts", async () => {
    const message = 'Zu viele Anmeldeversuche. Bitte in 15 Minuten erneut versuchen.'
    api.on(
      'POST /auth/login',
      json(429, { error: { code: 'too_many_attempts', message } }, { 'Retry-After': '900' }),
    )
    await signIn('admin@schule.de', 'irgendein-passwort')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('asks for both fields before sending anything', async () => {
    const user = userEvent.setup()
    renderFeature(<SignInForm />)
    await user.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription('Pflichtfeld.')
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription('Pflichtfeld.')
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo('POST /auth/login')).toHaveLength(0)
  })
})

describe("SignInForm with the school's identity provider", () => {
  const iserv = (reachable: boolean, password = true) =>
    json(200, { password, oidc: { name: 'IServ', reachable } })

  it('offers "Anmelden mit IServ" as a way to the provider, above the password form', async () => {
    api.on('GET /auth/methods', iserv(true))
    renderFeature(<SignInForm />)
    const link = await screen.findByRole('link', { name: 'Anmelden mit IServ' })
    expect(link).toHaveAttribute('href', '/api/v1/auth/oidc/start')
    expect(link).not.toHaveAccessibleDescription()
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument()
    expect(screen.getByText('oder mit Passwort')).toBeInTheDocument()
  })

  it('says when the provider is not reachable, and keeps the password form', async () => {
    api.on('GET /auth/methods', iserv(false))
    renderFeature(<SignInForm />)
    const link = await screen.findByRole('link', { name: 'Anmelden mit IServ' })
    expect(link).toHaveAccessibleDescription(
      'IServ ist gerade nicht erreichbar; der Server versucht es weiter.',
    )
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled()
  })

  it('hides the password form when the server turned it off', async () => {
    api.on('GET /auth/methods', iserv(true, false))
    renderFeature(<SignInForm />)
    await screen.findByRole('link', { name: 'Anmelden mit IServ' })
    expect(screen.queryByLabelText('E-Mail')).not.toBeInTheDocument()
    expect(screen.queryByText('oder mit Passwort')).not.toBeInTheDocument()
  })

  it('keeps the password form when the methods cannot be read', async () => {
    api.on('GET /auth/methods', apiError(500, 'internal', 'Interner Fehler.'))
    renderFeature(<SignInForm />)
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument()
    await waitFor(() => {
      expect(api.callsTo('GET /auth/methods')).toHaveLength(1)
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument()
  })

  it('shows a refused sign-in in German and takes the code out of the address', async () => {
    api.on('GET /auth/methods', iserv(true))
    renderFeature(<SignInForm />, { path: '/admin?sso_error=domain' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Anmeldung mit IServ wurde abgelehnt: Diese E-Mail-Adresse gehört nicht zu den zugelassenen Domains.',
    )
    expect(window.location.search).toBe('')
  })
})
