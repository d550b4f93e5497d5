import { ADMIN, expect, pathOf, test } from './fixtures'

test('the first admin is created through the setup link from the log, which works once', async ({
  page,
  server,
}) => {
  const link = pathOf(server.setupLink())
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Erstes Admin-Konto anlegen' })).toBeVisible()

  await page.getByLabel('E-Mail').fill(ADMIN.email)
  await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password)
  await page.getByLabel('Passwort wiederholen').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Admin-Konto anlegen' }).click()

  await expect(page.getByText('Admin-Konto angelegt. Sie sind angemeldet.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin$/) // the token left the address bar
  await expect(page.getByRole('tab', { name: 'Bearbeiten' })).toBeVisible()
  await expect(page.getByText(`Angemeldet als ${ADMIN.email} (Admin)`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()

  await page.goto(link)
  await expect(page.getByRole('alert')).toHaveText(
    'Der Einrichtungslink ist ungültig, abgelaufen oder schon benutzt.',
  )
  await expect(page.getByLabel('E-Mail')).toHaveCount(0)
})
