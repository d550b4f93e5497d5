import { watchViolations } from './csp-watch'
import { ADMIN, expect, signIn, test } from './fixtures'

// The app runs under the server's real Content-Security-Policy without a
// single violation: every script, style, font, image and request it needs
// is allowed, on the calculator and on every tab of the admin page.

test('the calculator and the admin page run under the strict CSP without violations', async ({
  page,
  server,
}) => {
  const violations = await watchViolations(page)
  const res = await page.goto('/')
  const csp = res?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toMatch(/script-src[^;]*unsafe/)

  await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('30')
  await page.getByLabel('Erreichte Punktzahl').fill('23')
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('2')
  expect(await violations()).toEqual([])

  await server.createAdmin(ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password) // loads /admin, shows a toast (inline styles)
  for (const tab of ['Verlauf', 'Konten', 'Passwort ändern', 'Bearbeiten']) {
    await page.getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
  }
  expect(await violations()).toEqual([])

  // The watch itself works, and the policy blocks what it should: an inline script.
  await page.evaluate(() => {
    const s = document.createElement('script')
    s.textContent = 'window.injected = true'
    document.body.append(s)
  })
  await expect
    .poll(async () => (await violations()).filter((v) => v.includes('script-src')).length)
    .toBeGreaterThan(0)
  expect(await page.evaluate(() => 'injected' in window)).toBe(false)
})
