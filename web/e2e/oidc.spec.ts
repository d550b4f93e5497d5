import { mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Page, Request } from '@playwright/test'
import { ADMIN, expect, pathOf, test as base } from './fixtures'
import { OidcProvider, PROVIDER_USERS } from './oidc-provider'
import { freePort, TestServer } from './server'

// Sign-in at the school's identity provider (docs/spec.md §5), end to end: the real
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

/** Serves one HTML page of the given body on localhost, a site other than the product's 127.0.0.1. */
async function crossSitePage(body: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><title>Eine fremde Seite</title>${body.join('')}`
  const srv = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((done) => srv.listen(0, '127.0.0.1', done))
  const address = srv.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    url: `http://localhost:${String(port)}/`,
    close: () =>
      new Promise<void>((done) => {
        srv.closeAllConnections()
        srv.close(() => {
          done()
        })
      }),
  }
}

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
    await expect(page.getByRole('tab', { name: 'Bearbeiten' })).toHaveCount(0)
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
    await expect(page.getByRole('tab', { name: 'Bearbeiten' })).toHaveCount(0)
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
    await expect(page.getByRole('tab', { name: 'Bearbeiten', selected: true })).toBeVisible()
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
    await expect(page.getByRole('tab', { name: 'Bearbeiten', selected: true })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Konten' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Passwort ändern' })).toHaveCount(0)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: test.info().outputPath(`admin-without-passwords-${width}.png`) })
    }
  })

  test('a page of another site that starts 1,000 sign-ins locks nobody out', async ({ page, server }) => {
    test.setTimeout(60_000)
    await server.createAdmin(ADMIN.email, ADMIN.password)
    // The product is at 127.0.0.1, the page at localhost: another site. Each image asks for the start
    // (distinct addresses, or the browser would load one image for all), as one page opened in the school
    // network would, behind the one address all the teachers share.
    const attacker = await crossSitePage(
      Array.from(
        { length: 1000 },
        (_, i) => `<img src="${server.url}/api/v1/auth/oidc/start?n=${String(i)}">`,
      ),
    )
    // Counted in the browser: the answers themselves are opaque to it (Opaque Response Blocking makes them
    // failures), so a start counts once it was sent and is done, either way.
    const isStart = (url: string): boolean => new URL(url).pathname === '/api/v1/auth/oidc/start'
    let sent = 0
    let done = 0
    page.on('request', (req) => {
      if (isStart(req.url())) sent++
    })
    const settle = (req: Request): void => {
      if (isStart(req.url())) done++
    }
    page.on('requestfinished', settle)
    page.on('requestfailed', settle)
    try {
      await page.goto(attacker.url) // resolves at the load event: every image was asked for
    } finally {
      await attacker.close()
    }
    await expect.poll(() => done).toBe(1000)
    expect(sent).toBe(1000)
    // None of them left a state cookie that could replace the one of a sign-in under way.
    expect((await page.context().cookies(server.url)).map((c) => c.name)).not.toContain('notenrechner_oidc')

    await signInAtProvider(page, PROVIDER_USERS.admin)
    await expect(page.getByText(`Angemeldet als ${ADMIN.email} (Admin)`)).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Bearbeiten', selected: true })).toBeVisible()
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
