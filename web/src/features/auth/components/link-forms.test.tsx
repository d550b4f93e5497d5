import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, FakeApi, json, noContent, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { renderFeature } from '@/test/render'
import { AcceptInviteForm } from './accept-invite-form'
import { SetupAdminForm } from './setup-admin-form'

let api: FakeApi

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi()
    .install()
    .on('GET /auth/session', json(200, { user: null }))
    .on('GET /auth/methods', json(200, { password: true, oidc: null }))
})

describe('SetupAdminForm', () => {
  it('creates the first admin, signs in and leaves the link', async () => {
    api.on('GET /auth/setup/T0K', noContent())
    api.on('POST /auth/setup/T0K', json(200, { user: testUser() }))
    const user = userEvent.setup()
    const { router } = renderFeature(<SetupAdminForm token="T0K" />, { path: '/admin?setup=T0K' })
    expect(await screen.findByRole('heading', { name: 'Erstes Admin-Konto anlegen' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('E-Mail'), 'chefin@schule.de')
    await user.type(screen.getByLabelText('Passwort'), 'ein langes passwort')
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'ein langes passwort')
    await user.click(screen.getByRole('button', { name: 'Admin-Konto anlegen' }))
    expect(await screen.findByText('Admin-Konto angelegt. Sie sind angemeldet.')).toBeInTheDocument()
    expect(api.callsTo('POST /auth/setup/T0K')[0]?.body).toEqual({
      email: 'chefin@schule.de',
      password: 'ein langes passwort',
    })
    expect(router.location().search).toBe('')
    expect(router.location().pathname).toBe('/admin')
    expect(router.added()).toBe(0) // the link is replaced: Back does not return to it
    expect(FakeBroadcastChannel.posted.map((p) => p.data)).toEqual([{ type: 'changed' }])
  })

  it('checks the email and the passwords before sending', async () => {
    api.on('GET /auth/setup/T0K', noContent())
    const user = userEvent.setup()
    renderFeature(<SetupAdminForm token="T0K" />, { path: '/admin?setup=T0K' })
    await user.type(await screen.findByLabelText('E-Mail'), 'keine-adresse')
    await user.type(screen.getByLabelText('Passwort'), 'kurz')
    await user.click(screen.getByRole('button', { name: 'Admin-Konto anlegen' }))
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription(
      'Bitte eine gültige E-Mail-Adresse angeben.',
    )
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription(/Mindestens 10 Zeichen\.$/)
    expect(screen.getByLabelText('Passwort wiederholen')).toHaveAccessibleDescription(
      'Die Passwörter stimmen nicht überein.',
    )
    expect(api.callsTo('POST /auth/setup/T0K')).toHaveLength(0)
  })

  it('shows a plain notice for an invalid link', async () => {
    const message = 'Der Einrichtungslink ist ungültig, abgelaufen oder schon benutzt.'
    api.on('GET /auth/setup/alt', apiError(404, 'setup_invalid', message))
    renderFeature(<SetupAdminForm token="alt" />, { path: '/admin?setup=alt' })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByLabelText('E-Mail')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/admin')
  })
})

describe('AcceptInviteForm', () => {
  it('sets the password for the invited email and signs in', async () => {
    api.on('GET /auth/invite/abc', json(200, { email: 'neu@schule.de' }))
    api.on(
      'POST /auth/invite/abc',
      json(200, { user: testUser({ id: 4, email: 'neu@schule.de', role: 'user' }) }),
    )
    const user = userEvent.setup()
    const { router } = renderFeature(<AcceptInviteForm token="abc" />, { path: '/admin?invite=abc' })
    expect(await screen.findByRole('heading', { name: 'Passwort festlegen' })).toBeInTheDocument()
    expect(screen.getByLabelText('E-Mail')).toHaveValue('neu@schule.de')
    await user.type(screen.getByLabelText('Passwort'), 'mein eigenes passwort')
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'mein eigenes passwort')
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen' }))
    expect(await screen.findByText('Passwort festgelegt. Sie sind angemeldet.')).toBeInTheDocument()
    expect(api.callsTo('POST /auth/invite/abc')[0]?.body).toEqual({ password: 'mein eigenes passwort' })
    expect(router.location().search).toBe('')
  })

  it('shows a plain notice for a used link', async () => {
    const message = 'Der Link ist ungültig, abgelaufen oder schon benutzt.'
    api.on('GET /auth/invite/alt', apiError(404, 'invite_invalid', message))
    renderFeature(<AcceptInviteForm token="alt" />, { path: '/admin?invite=alt' })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('with password sign-in off, sends the invited person to the provider instead of a password form', async () => {
    api.on('GET /auth/methods', json(200, { password: false, oidc: { name: 'IServ', reachable: true } }))
    api.on('GET /auth/invite/abc', json(200, { email: 'neu@schule.de' }))
    renderFeature(<AcceptInviteForm token="abc" />, { path: '/admin?invite=abc' })
    expect(await screen.findByRole('heading', { name: 'Einladung annehmen' })).toBeInTheDocument()
    expect(screen.getByText('Melden Sie sich mit IServ an.')).toBeInTheDocument()
    expect(screen.getByText('neu@schule.de')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Anmelden mit IServ' })).toHaveAttribute(
      'href',
      '/api/v1/auth/oidc/start',
    )
    expect(screen.queryByLabelText('Passwort')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Passwort festlegen' })).not.toBeInTheDocument()
    expect(api.callsTo('POST /auth/invite/abc')).toHaveLength(0)
  })

  it('with password sign-in off, still says when the link is used', async () => {
    const message = 'Der Link ist ungültig, abgelaufen oder schon benutzt.'
    api.on('GET /auth/methods', json(200, { password: false, oidc: { name: 'IServ', reachable: true } }))
    api.on('GET /auth/invite/alt', apiError(404, 'invite_invalid', message))
    renderFeature(<AcceptInviteForm token="alt" />, { path: '/admin?invite=alt' })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByRole('link', { name: 'Anmelden mit IServ' })).not.toBeInTheDocument()
  })

  it('keeps the password form when the sign-in methods cannot be read', async () => {
    api.on('GET /auth/methods', apiError(500, 'internal', 'Interner Fehler.'))
    api.on('GET /auth/invite/abc', json(200, { email: 'neu@schule.de' }))
    renderFeature(<AcceptInviteForm token="abc" />, { path: '/admin?invite=abc' })
    expect(await screen.findByRole('heading', { name: 'Passwort festlegen' })).toBeInTheDocument()
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument()
  })
})
