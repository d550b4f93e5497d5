import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { AUTH_CHANNEL } from '@/lib/auth'
import { startAt } from '@/test/address'
import { FakeApi, json, noContent, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { FakeEventSource } from '@/test/fake-event-source'
import { standardLiveConfig } from '@/test/live-config'
import { AppProvider } from './provider'
import { AppRoutes } from './router'

let api: FakeApi

beforeEach(() => {
  FakeEventSource.install()
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/methods', json(200, { password: true, oidc: null }))
})

const passwordsOff = json(200, { password: false, oidc: { name: 'IServ', reachable: true } })

function signedInAs(user: ReturnType<typeof testUser> | null) {
  api.on('GET /auth/session', json(200, { user }))
}

function renderApp(path: string) {
  const router = startAt(path)
  render(
    <AppProvider>
      <AppRoutes />
    </AppProvider>,
  )
  return router
}

/** The stream (its code comes right after the first render, lib/live-deferred.ts) brings version 3. */
async function deliverConfig() {
  await waitFor(() => {
    expect(FakeEventSource.instances).toHaveLength(1)
  })
  act(() => {
    FakeEventSource.latest.open()
    FakeEventSource.latest.send({ ...standardLiveConfig(3), savedBy: 'cli' })
  })
}

describe('App', () => {
  it('shows the header with title and the link to the admin page, and no sign-out while signed out', async () => {
    signedInAs(null)
    renderApp('/')
    const banner = within(screen.getByRole('banner'))
    expect(banner.getByRole('heading', { level: 1, name: 'Notenrechner' })).toBeInTheDocument()
    expect(banner.getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('href', '/admin')
    expect(banner.queryByRole('link', { name: 'Rechner' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(api.callsTo('GET /auth/session')).toHaveLength(1)
    })
    expect(banner.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument()
  })

  it('shows the sign-in form on /admin while signed out', async () => {
    signedInAs(null)
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument()
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument()
  })

  it('after a sign-in by keyboard the focus goes on from „Angemeldet als“, not from the page’s top', async () => {
    signedInAs(null)
    api.on('POST /auth/login', json(200, { user: testUser() }))
    renderApp('/admin')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('E-Mail'), 'admin@schule.de')
    await user.type(screen.getByLabelText('Passwort'), 'richtig-und-lang{Enter}')
    const signedIn = await screen.findByText(/^Angemeldet als/)
    await waitFor(() => {
      expect(signedIn).toHaveFocus()
    })
  })

  it('takes no focus when the page opens signed in', async () => {
    signedInAs(testUser())
    renderApp('/admin')
    expect(await screen.findByText(/^Angemeldet als/)).not.toHaveFocus()
  })

  it('shares one stream between the routes; an admin gets the editor of the live configuration', async () => {
    signedInAs(testUser())
    const user = userEvent.setup()
    const router = renderApp('/')
    expect(screen.getByRole('status', { name: 'Konfiguration wird geladen' })).toBeInTheDocument()
    await deliverConfig()
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Verwaltung' }))
    expect(router.location().pathname).toBe('/admin')
    expect(await screen.findByRole('tab', { name: 'Bearbeiten', selected: true })).toBeInTheDocument()
    expect(
      screen.getByText(/Bearbeitet wird Version 3 .* gespeichert am 22\.11\.2026, 10:00 von Kommandozeile\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Standard')
    expect(FakeEventSource.instances).toHaveLength(1)

    await user.click(screen.getByRole('link', { name: 'Rechner' }))
    expect(router.location().pathname).toBe('/')
    expect(screen.getByRole('textbox', { name: 'Gesamtpunktzahl' })).toBeInTheDocument()
    expect(FakeEventSource.instances).toHaveLength(1)
  })

  it('shows a spinner while the editor waits for the configuration', async () => {
    signedInAs(testUser())
    renderApp('/admin')
    expect(await screen.findByRole('link', { name: 'Rechner' })).toHaveAttribute('href', '/')
    expect(await screen.findByRole('status', { name: 'Konfiguration wird geladen' })).toBeInTheDocument()
    await deliverConfig()
    expect(screen.getByText(/Bearbeitet wird Version 3/)).toBeInTheDocument()
  })

  it('tells an account without the admin role that it may not edit, and offers "Passwort ändern"', async () => {
    signedInAs(testUser({ id: 7, email: 'lehrer@schule.de', role: 'user' }))
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Keine Bearbeitungsrechte' })).toBeInTheDocument()
    expect(screen.getByText(/darf den Notenschlüssel und die Konten nicht bearbeiten/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Passwort ändern' })).toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument()
  })

  it('leaves "Passwort ändern" out where password sign-in is off, for an admin and for a user', async () => {
    api.on('GET /auth/methods', passwordsOff)
    signedInAs(testUser({ id: 7, email: 'lehrer@schule.de', role: 'user' }))
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Keine Bearbeitungsrechte' })).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Passwort ändern' })).not.toBeInTheDocument()
    })
    expect(api.callsTo('GET /auth/methods')).toHaveLength(1)
  })

  it('offers no "Passwort ändern" tab to an admin where password sign-in is off', async () => {
    api.on('GET /auth/methods', passwordsOff)
    signedInAs(testUser())
    renderApp('/admin')
    expect(await screen.findByRole('tab', { name: 'Konten' })).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByRole('tab', { name: 'Passwort ändern' })).not.toBeInTheDocument()
    })
    expect(api.callsTo('GET /auth/methods').length).toBeGreaterThan(0)
  })

  it('signs out from the header: toast, back to the calculator, other tabs told', async () => {
    signedInAs(testUser())
    api.on('POST /auth/logout', noContent())
    const user = userEvent.setup()
    const router = renderApp('/admin')
    const signOut = await screen.findByRole('button', { name: 'Abmelden' })
    api.on('GET /auth/session', json(200, { user: null }))

    await user.click(signOut)
    expect(await screen.findByText('Abgemeldet.')).toBeInTheDocument()
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1)
    expect(router.location().pathname).toBe('/')
    expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument()
    expect(FakeBroadcastChannel.posted).toEqual([{ name: AUTH_CHANNEL, data: { type: 'changed' } }])
  })

  it('shows a sign-out in another tab without reload', async () => {
    signedInAs(testUser())
    renderApp('/admin')
    expect(await screen.findByRole('button', { name: 'Abmelden' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Bearbeiten' })).toBeInTheDocument()

    api.on('GET /auth/session', json(200, { user: null }))
    act(() => {
      FakeBroadcastChannel.deliver(AUTH_CHANNEL, { type: 'changed' })
    })
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument()
    expect(api.callsTo('GET /auth/session')).toHaveLength(2)
  })

  it('answers unknown paths with a notice and a way back', async () => {
    signedInAs(null)
    renderApp('/nirgendwo')
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zum Rechner' })).toHaveAttribute('href', '/')
  })
})
