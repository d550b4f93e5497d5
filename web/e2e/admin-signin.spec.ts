import { ADMIN, expect, signIn, test } from './fixtures'

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

test('an admin created on the shell signs in and sees the editor', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page.getByRole('tab', { name: 'Bearbeiten', selected: true })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Standard')
})

test('a wrong password and an unknown email give the same generic message', async ({ page }) => {
  await page.goto('/admin')
  for (const [email, password] of [
    [ADMIN.email, 'falsches Passwort!'],
    ['niemand@schule.de', ADMIN.password],
  ]) {
    await page.getByLabel('E-Mail').fill(email)
    await page.getByLabel('Passwort', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page.getByRole('alert')).toHaveText('E-Mail oder Passwort ist falsch.')
  }
  await expect(page.getByRole('tab', { name: 'Bearbeiten' })).toHaveCount(0)
})

test('signing out in one tab shows in the other tab without reload', async ({ page, context }) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  const other = await context.newPage()
  await other.goto('/admin')
  await expect(other.getByRole('tab', { name: 'Bearbeiten' })).toBeVisible()
  await other.evaluate(() => ((window as unknown as { marker: string }).marker = 'not reloaded'))

  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page.getByText('Abgemeldet.')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  await expect(other.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
  await expect(other.getByRole('button', { name: 'Abmelden' })).toHaveCount(0)
  expect(await other.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('not reloaded')

  // and signing in again there shows in the first tab
  await other.getByLabel('E-Mail').fill(ADMIN.email)
  await other.getByLabel('Passwort', { exact: true }).fill(ADMIN.password)
  await other.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
})

test('a save refused because the session ended shows the sign-in form, the edits not saved', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('textbox', { name: 'Name' }).fill('Neu')
  // The session ends on the server's side of this browser (as after its time runs out): no cookie.
  await context.clearCookies()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Nicht gespeichert: Bitte melden Sie sich an.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Bearbeiten' })).toHaveCount(0)
  expect(((await (await page.request.get('/api/v1/config')).json()) as { version: number }).version).toBe(1)
})
