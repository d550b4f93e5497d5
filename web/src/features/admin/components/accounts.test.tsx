import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, FakeApi, json, testUser } from '@/test/fake-api'
import { FakeBroadcastChannel } from '@/test/fake-broadcast-channel'
import { renderFeature } from '@/test/render'
import { Accounts } from './accounts'

let api: FakeApi

const me = testUser()
const colleague = testUser({
  id: 2,
  email: 'kollege@schule.de',
  role: 'user',
  lastSignInAt: null,
  pending: false,
})
const invited = testUser({
  id: 3,
  email: 'neu@schule.de',
  role: 'user',
  lastSignInAt: null,
  pending: true,
  signInMethods: [],
})

beforeEach(() => {
  FakeBroadcastChannel.install()
  api = new FakeApi().install().on('GET /auth/session', json(200, { user: me }))
})

describe('Accounts', () => {
  it('lists the accounts with role and last sign-in', async () => {
    api.on('GET /users', json(200, { users: [me, invited, colleague] }))
    renderFeature(<Accounts />)
    const list = await screen.findByRole('list', { name: 'Konten' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent(/admin@schule\.de \(Sie\).*22\.11\.2026, 09:30/)
    expect(items[1]).toHaveTextContent(/neu@schule\.de.*Einladung offen/)
    expect(items[2]).toHaveTextContent(/kollege@schule\.de.*noch nie/)
    expect(screen.getByRole('combobox', { name: 'Rolle von admin@schule.de' })).toHaveValue('admin')
    expect(screen.getByRole('combobox', { name: 'Rolle von kollege@schule.de' })).toHaveValue('user')
  })

  it('shows how each account signs in, with the identity provider by its name', async () => {
    const both = testUser({ signInMethods: ['password', 'oidc'] })
    const providerOnly = testUser({
      id: 4,
      email: 'lehrerin@schule.de',
      role: 'user',
      signInMethods: ['oidc'],
    })
    api.on('GET /users', json(200, { users: [both, providerOnly, invited] }))
    api.on('GET /auth/methods', json(200, { password: true, oidc: { name: 'IServ', reachable: true } }))
    renderFeature(<Accounts />)
    const list = await screen.findByRole('list', { name: 'Konten' })
    const items = within(list).getAllByRole('listitem')
    const [first, second] = items
    await waitFor(() => {
      expect(first).toHaveTextContent('Anmeldung mit Passwort und IServ')
    })
    expect(second).toHaveTextContent('Anmeldung mit IServ')
    expect(second).not.toHaveTextContent('Passwort')
    expect(items[2]).not.toHaveTextContent('Anmeldung mit')
  })

  it('adds an account and shows its link once, to copy', async () => {
    api.once('GET /users', json(200, { users: [me] }))
    api.on('GET /users', json(200, { users: [me, invited] }))
    api.on(
      'POST /users',
      json(201, {
        user: invited,
        inviteLink: 'http://127.0.0.1:8080/admin?invite=T0K3N',
        inviteExpiresAt: '2026-11-23T22:00:00Z',
      }),
    )
    const user = userEvent.setup()
    renderFeature(<Accounts />)
    await user.type(await screen.findByRole('textbox', { name: 'E-Mail' }), 'neu@schule.de')
    expect(screen.getByRole('combobox', { name: 'Rolle' })).toHaveValue('user')
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }))

    const link = await screen.findByRole('textbox', { name: 'Einladungslink' })
    expect(link).toHaveValue('http://127.0.0.1:8080/admin?invite=T0K3N')
    expect(link).toHaveAttribute('readonly')
    expect(link).toHaveAccessibleDescription(/Nur jetzt sichtbar, 24 Stunden gültig/)
    expect(api.callsTo('POST /users')[0]?.body).toEqual({ email: 'neu@schule.de', role: 'user' })
    expect(await screen.findByText(/Einladung offen/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveValue('')

    await user.click(screen.getByRole('button', { name: 'Kopieren' }))
    expect(await navigator.clipboard.readText()).toBe('http://127.0.0.1:8080/admin?invite=T0K3N')

    await user.click(screen.getByRole('button', { name: 'Fertig' }))
    expect(screen.queryByRole('textbox', { name: 'Einladungslink' })).not.toBeInTheDocument()
    expect(screen.queryByText(/T0K3N/)).not.toBeInTheDocument()
    // the button went with the link: the focus goes on to the next account's email
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveFocus()
  })

  it("shows the server's warning when the link points to localhost", async () => {
    api.on('GET /users', json(200, { users: [me] }))
    const warning =
      'Dieser Link zeigt auf localhost und funktioniert nur auf dem Server selbst: Bitte die öffentliche Adresse mit --base-url einstellen.'
    api.on(
      'POST /users',
      json(201, {
        user: invited,
        inviteLink: 'http://localhost:8080/admin?invite=T0K3N',
        inviteExpiresAt: '2026-11-23T22:00:00Z',
        linkWarning: warning,
      }),
    )
    const user = userEvent.setup()
    renderFeature(<Accounts />)
    await user.type(await screen.findByRole('textbox', { name: 'E-Mail' }), 'neu@schule.de')
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }))
    const option = await screen.findByText('--base-url')
    // the option stays on one line: a narrow page broke it after its two hyphens
    expect(option.tagName).toBe('CODE')
    expect(option).toHaveClass('whitespace-nowrap')
    expect(option.parentElement).toHaveTextContent(warning)
  })

  it('shows a taken email at the field', async () => {
    api.on('GET /users', json(200, { users: [me] }))
    api.on('POST /users', apiError(409, 'email_taken', 'Diese E-Mail-Adresse hat schon ein Konto.'))
    const user = userEvent.setup()
    renderFeature(<Accounts />)
    await user.type(await screen.findByRole('textbox', { name: 'E-Mail' }), 'admin@schule.de')
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }))
    expect(await screen.findByText('Diese E-Mail-Adresse hat schon ein Konto.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveAccessibleDescription(
      'Diese E-Mail-Adresse hat schon ein Konto.',
    )
  })

  it('checks the email before sending', async () => {
    api.on('GET /users', json(200, { users: [me] }))
    const user = userEvent.setup()
    renderFeature(<Accounts />)
    await user.type(await screen.findByRole('textbox', { name: 'E-Mail' }), 'kein at')
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }))
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveAccessibleDescription(
      'Bitte eine gültige E-Mail-Adresse angeben.',
    )
    expect(api.callsTo('POST /users')).toHaveLength(0)
  })

  it("shows the server's message when the last admin would be demoted, and keeps the role", async () => {
    const message = 'Das letzte Admin-Konto kann nicht herabgestuft werden.'
    api.on('GET /users', json(200, { users: [me, colleague] }))
    api.on('PATCH /users/1', apiError(409, 'last_admin', message))
    const user = userEvent.setup()
    renderFeature(<Accounts />)
    const role = await screen.findByRole('combobox', { name: 'Rolle von admin@schule.de' })
    await user.selectOptions(role, 'user')
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(api.callsTo('PATCH /users/1')[0]?.body).toEqual({ role: 'user' })
    expect(screen.getByRole('combobox', { name: 'Rolle von admin@schule.de' })).toHaveValue('admin')
  })

  it("removes an account after asking, and shows the server's refusal for the last admin", async () => {
    api.on('GET /users', json(200, { users: [me, colleague] }))
    api.on(
      'DELETE /users/1',
      apiError(409, 'last_admin', 'Das letzte Admin-Konto kann nicht entfernt werden.'),
    )
    api.on('DELETE /users/2', new Response(null, { status: 204 }))
    const user = userEvent.setup()
    renderFeature(<Accounts />)

    await user.click(await screen.findByRole('button', { name: 'admin@schule.de entfernen' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'admin@schule.de entfernen?' })).getByRole('button', {
        name: 'Entfernen',
      }),
    )
    expect(await screen.findByText('Das letzte Admin-Konto kann nicht entfernt werden.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'kollege@schule.de entfernen' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Entfernen' }))
    expect(await screen.findByText('Konto kollege@schule.de entfernt.')).toBeInTheDocument()
    expect(api.callsTo('DELETE /users/2')).toHaveLength(1)
  })

  it('issues a pending account a new link without asking, and says the earlier one no longer works', async () => {
    api.on('GET /users', json(200, { users: [me, invited, colleague] }))
    // the answer waits until the test lets it go, to see the button while the link is made
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    api.on('POST /users/3/invitation', async () => {
      await answered
      return json(200, {
        user: invited,
        inviteLink: 'https://noten.schule.de/admin?invite=N3U',
        inviteExpiresAt: '2026-11-23T22:00:00Z',
      })
    })
    const user = userEvent.setup()
    renderFeature(<Accounts />)
    const again = await screen.findByRole('button', {
      name: 'Neuen Einladungslink erzeugen für neu@schule.de',
    })
    expect(screen.getAllByRole('button', { name: /Neuen Einladungslink erzeugen/ })).toHaveLength(1)
    await user.click(again)
    // unavailable while the link is made, but not disabled: a browser drops a disabled button's focus
    expect(again).toHaveAttribute('aria-disabled', 'true')
    expect(again).toBeEnabled()
    answer()

    const link = await screen.findByRole('textbox', { name: 'Einladungslink' })
    // the link the click made takes the focus, selected, to be copied
    await waitFor(() => {
      expect(link).toHaveFocus()
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.callsTo('POST /users/3/invitation')).toHaveLength(1)
    expect(link).toHaveValue('https://noten.schule.de/admin?invite=N3U')
    expect(link).toHaveAccessibleDescription(
      /24 Stunden gültig.*Der frühere Einladungslink funktioniert nicht mehr\./,
    )
    expect(screen.getByText('Link zum Festlegen des Passworts für neu@schule.de')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Kopieren' }))
    expect(await navigator.clipboard.readText()).toBe('https://noten.schule.de/admin?invite=N3U')
    await user.click(screen.getByRole('button', { name: 'Fertig' }))
    expect(screen.queryByText(/N3U/)).not.toBeInTheDocument()
    // „Fertig“ went with the link: the focus goes back to the button that made it, not the page's body
    expect(
      screen.getByRole('button', { name: 'Neuen Einladungslink erzeugen für neu@schule.de' }),
    ).toHaveFocus()
  })

  it("shows the server's refusal for an account that has set its password meanwhile", async () => {
    const message = 'Dieses Konto hat schon ein Passwort; eine Einladung ist nicht mehr nötig.'
    api.on('GET /users', json(200, { users: [me, invited] }))
    api.on('POST /users/3/invitation', apiError(409, 'invite_not_needed', message))
    const user = userEvent.setup()
    renderFeature(<Accounts />)
    await user.click(
      await screen.findByRole('button', { name: 'Neuen Einladungslink erzeugen für neu@schule.de' }),
    )
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Einladungslink' })).not.toBeInTheDocument()
    await waitFor(() => {
      expect(api.callsTo('GET /users').length).toBeGreaterThan(1)
    })
  })
})
