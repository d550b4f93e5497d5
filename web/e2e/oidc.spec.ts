import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { ADMIN, expect, pathOf, test as base } from './fixtures'
import { OidcProvider, PROVIDER_USERS } from './oidc-provider'
import { freePort, TestServer } from './server'

// Sign-in at the school's identity provider (issue 19), end to end: the real
// binary, a real OpenID provider on loopback (oidc-provider.ts) and Chromium.

const test = base.extend<{ serveArgs: string[] }>({
  serveArgs: [[], { option: true }],
  server: async ({ serveArgs }, use) => {
    const port = await freePort()
    const provider = await OidcProvider.start(`http://127.0.0.1:${String(port)}/api/v1/auth/oidc/callback`)
    const server = new TestServer({
      args: [
        '--oidc-issuer',
        provider.issuer,
        '--oidc-client-id',
        'notenrechner',
        '--oidc-name',
        'IServ',
        '--oidc-allowed-domains',
        'schule.de',
        ...serveArgs,
      ],
      env: { NOTENRECHNER_OIDC_CLIENT_SECRET: provider.secret },
    })
    server.port = port
    await server.start()
    await use(server)
    await server.dispose()
    await provider.stop()
  },
})

/** The button on the sign-in card, the provider's login page, and back. */
async function signInAtProvider(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Anmelden mit IServ' }).click()
  await expect(page.getByRole('heading', { name: 'OpenID-Testanbieter' })).toBeVisible()
  await page.getByLabel('Benutzername').fill(user.username)
  await page.getByLabel('Passwort').fill(user.password)
  await page.getByRole('button', { name: 'Beim Testanbieter anmelden' }).click()
  await expect(page).toHaveURL(/\/admin/)
}

test.describe('the account with the same email (default role mapping)', () => {
  test.beforeEach(async ({ server }) => {
    await server.createAdmin(ADMIN.email, ADMIN.password) // admin@schule.de, as the provider's admin
  })

  test('an admin signs in at the provider and edits the configuration', async ({ page }) => {
    await signInAtProvider(page, PROVIDER_USERS.admin)
    await expect(page.getByText(`Angemeldet als ${ADMIN.email} (Admin)`)).toBeVisible()
    await page.getByRole('textbox', { name: 'Name' }).fill('Über IServ gespeichert')
    await page.getByRole('button', { name: 'Speichern' }).click()
    await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()

    await page.getByRole('tab', { name: 'Konten' }).click()
    const row = page
      .getByRole('list', { name: 'Konten' })
      .getByRole('listitem')
      .filter({ hasText: ADMIN.email })
    await expect(row).toContainText('Anmeldung mit Passwort und IServ')
  })

  test('an email outside the allowed domains comes back as a German message on the sign-in card', async ({
    page,
  }) => {
    await signInAtProvider(page, PROVIDER_USERS.otherSchool)
    await expect(page.getByRole('alert')).toHaveText(
      'Die Anmeldung mit IServ wurde abgelehnt: Diese E-Mail-Adresse gehört nicht zu den zugelassenen Domains.',
    )
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Konfiguration' })).toHaveCount(0)
  })

  test('the sign-in card with the button, at 390 and 1280 px', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/admin')
      const button = page.getByRole('link', { name: 'Anmelden mit IServ' })
      await expect(button).toBeVisible()
      const box = await button.boundingBox()
      expect(box?.width).toBeLessThanOrEqual(width)
      const file = `signin-oidc-${String(width)}.png`
      await page.screenshot({ path: test.info().outputPath(file) })
      const dir = process.env.SCREENSHOT_DIR ?? ''
      if (dir !== '') {
        mkdirSync(dir, { recursive: true })
        await page.screenshot({ path: `${dir}/${file}` })
      }
    }
  })
})

test.describe('groups decide the role', () => {
  test.use({
    serveArgs: [
      '--oidc-admin-group',
      'notenrechner-admins',
      '--oidc-user-group',
      'lehrkraefte',
      '--oidc-scopes',
      'openid email profile groups',
    ],
  })

  test('a teacher signs in at the provider and may not edit', async ({ page, request }) => {
    await signInAtProvider(page, PROVIDER_USERS.teacher)
    await expect(page.getByRole('heading', { name: 'Keine Bearbeitungsrechte' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Konfiguration' })).toHaveCount(0)
    // and the server refuses the edit itself, with the session the provider's sign-in started
    const cookies = await page.context().cookies()
    const answer = await request.put('/api/v1/config', {
      headers: { 'If-Match': '"1"', Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      data: {},
    })
    expect(answer.status()).toBe(403)
  })

  test('an admin of the provider gets an admin account at the first sign-in', async ({ page }) => {
    await signInAtProvider(page, PROVIDER_USERS.admin)
    await expect(page.getByRole('tab', { name: 'Konfiguration', selected: true })).toBeVisible()
  })
})

test.describe('password sign-in off', () => {
  test.use({ serveArgs: ['--password-login=false'] })

  test('the card offers only the provider', async ({ page, server }) => {
    await server.createAdmin(ADMIN.email, ADMIN.password)
    await page.goto('/admin')
    await expect(page.getByRole('link', { name: 'Anmelden mit IServ' })).toBeVisible()
    await expect(page.getByLabel('E-Mail')).toHaveCount(0)
    await signInAtProvider(page, PROVIDER_USERS.admin)
    await expect(page.getByRole('tab', { name: 'Konfiguration', selected: true })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Konten' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Passwort ändern' })).toHaveCount(0)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: test.info().outputPath(`admin-without-passwords-${width}.png`) })
    }
  })

  test('an invited person is sent to the provider, not to a password form', async ({
    page,
    server,
    browser,
  }) => {
    await server.createAdmin(ADMIN.email, ADMIN.password)
    await signInAtProvider(page, PROVIDER_USERS.admin)
    const added = await page.request.post('/api/v1/users', {
      data: { email: PROVIDER_USERS.teacher.email, role: 'user' },
    })
    expect(added.status()).toBe(201)
    const { inviteLink } = (await added.json()) as { inviteLink: string }

    const invited = await browser.newPage({ baseURL: server.url })
    await invited.goto(pathOf(inviteLink))
    await expect(invited.getByRole('heading', { name: 'Einladung annehmen' })).toBeVisible()
    await expect(invited.getByText('Melden Sie sich mit IServ an.')).toBeVisible()
    await expect(invited.getByLabel('Passwort')).toHaveCount(0)
    await invited.screenshot({ path: test.info().outputPath('invite-by-provider.png') })
    await invited.getByRole('link', { name: 'Anmelden mit IServ' }).click()
    await invited.getByLabel('Benutzername').fill(PROVIDER_USERS.teacher.username)
    await invited.getByLabel('Passwort').fill(PROVIDER_USERS.teacher.password)
    await invited.getByRole('button', { name: 'Beim Testanbieter anmelden' }).click()
    await expect(invited.getByText(`Angemeldet als ${PROVIDER_USERS.teacher.email} (Benutzer)`)).toBeVisible()
    await invited.close()
  })
})

test('too many sign-ins started from one address come back to the sign-in card', async ({
  page,
  request,
}) => {
  for (let i = 0; i < 1000; i++) {
    const start = await request.get('/api/v1/auth/oidc/start', { maxRedirects: 0 })
    expect(start.status()).toBe(302)
  }
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Anmelden mit IServ' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('alert')).toHaveText(
    'Aus diesem Netzwerk wurden zu viele Anmeldungen begonnen. Bitte in einigen Minuten erneut versuchen.',
  )
  await page.screenshot({ path: test.info().outputPath('too-many-starts.png') })
})
