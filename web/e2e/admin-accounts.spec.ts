import { ADMIN, expect, pathOf, signIn, test } from './fixtures'

test('an admin adds a user, who sets a password through the link, signs in and may not edit', async ({
  page,
  browser,
  server,
}) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('tab', { name: 'Konten' }).click()
  // what each role may do, before the admin picks one
  await expect(
    page.getByText('Benutzer-Konten melden sich an und ändern ihr eigenes Passwort, bearbeiten aber nichts.'),
  ).toBeVisible()
  await page.getByRole('textbox', { name: 'E-Mail' }).fill('lehrer@schule.de')
  await page.getByRole('combobox', { name: 'Rolle', exact: true }).selectOption({ label: 'Benutzer' })
  await page.getByRole('button', { name: 'Konto anlegen' }).click()

  const linkField = page.getByRole('textbox', { name: 'Einladungslink' })
  await expect(linkField).toBeVisible()
  await expect(page.getByText(/Nur jetzt sichtbar, 24 Stunden gültig/)).toBeVisible()
  const link = await linkField.inputValue()
  expect(link).toMatch(/\/admin\?invite=/)
  const account = page
    .getByRole('list', { name: 'Konten' })
    .getByRole('listitem')
    .filter({ hasText: 'lehrer@schule.de' })
  await expect(account).toContainText('Einladung offen')

  // the last admin can be neither demoted nor removed
  await page.getByRole('combobox', { name: `Rolle von ${ADMIN.email}` }).selectOption({ label: 'Benutzer' })
  await expect(page.getByText('Das letzte Admin-Konto kann nicht herabgestuft werden.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: `Rolle von ${ADMIN.email}` })).toHaveValue('admin')

  const person = await (await browser.newContext({ baseURL: server.url })).newPage()
  await person.goto(pathOf(link))
  await expect(person.getByRole('heading', { name: 'Passwort festlegen' })).toBeVisible()
  await expect(person.getByLabel('E-Mail')).toHaveValue('lehrer@schule.de')
  await person.getByLabel('Passwort', { exact: true }).fill('mein eigenes Passwort')
  await person.getByLabel('Passwort wiederholen').fill('mein eigenes Passwort')
  await person.getByRole('button', { name: 'Passwort festlegen' }).click()
  await expect(person.getByText('Passwort festgelegt. Sie sind angemeldet.')).toBeVisible()
  await expect(person.getByRole('heading', { name: 'Keine Bearbeitungsrechte' })).toBeVisible()

  // signing out and in again: still no editor, and the API refuses too
  await person.getByRole('button', { name: 'Abmelden' }).click()
  await expect(person).toHaveURL(/\/$/)
  await signIn(person, 'lehrer@schule.de', 'mein eigenes Passwort')
  await expect(person.getByRole('heading', { name: 'Keine Bearbeitungsrechte' })).toBeVisible()
  await expect(person.getByText(/darf den Notenschlüssel und die Konten nicht bearbeiten/)).toBeVisible()
  await expect(person.getByRole('textbox', { name: 'Name' })).toHaveCount(0)
  const refused = await person.request.get('/api/v1/users')
  expect(refused.status()).toBe(403)

  // the link works once
  await person.goto(pathOf(link))
  await expect(person.getByRole('alert')).toHaveText('Der Link ist ungültig, abgelaufen oder schon benutzt.')

  await page.reload()
  await page.getByRole('tab', { name: 'Konten' }).click()
  await expect(account).not.toContainText('Einladung offen')
})

test('an admin issues a lost invitation again: the first link is invalid, the second sets the password', async ({
  page,
  browser,
  server,
}) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('tab', { name: 'Konten' }).click()
  await page.getByRole('textbox', { name: 'E-Mail' }).fill('vergesslich@schule.de')
  await page.getByRole('button', { name: 'Konto anlegen' }).click()
  const linkField = page.getByRole('textbox', { name: 'Einladungslink' })
  const first = await linkField.inputValue()
  await page.getByRole('button', { name: 'Fertig' }).click()
  await expect(linkField).toHaveCount(0)

  // nothing to confirm: it only replaces a link nobody has used
  const again = page.getByRole('button', { name: 'Neuen Einladungslink erzeugen für vergesslich@schule.de' })
  await again.click()
  await expect(page.getByText(/Der frühere Einladungslink funktioniert nicht mehr\./)).toBeVisible()
  // the focus never falls to the page's body: the new link takes it, and „Fertig“ gives it back to the button
  await expect(linkField).toBeFocused()
  const second = await linkField.inputValue()
  expect(second).toMatch(/\/admin\?invite=/)
  expect(second).not.toBe(first)
  await page.getByRole('button', { name: 'Fertig' }).click()
  await expect(linkField).toHaveCount(0)
  await expect(again).toBeFocused()

  const person = await (await browser.newContext({ baseURL: server.url })).newPage()
  await person.goto(pathOf(first))
  await expect(person.getByRole('alert')).toHaveText('Der Link ist ungültig, abgelaufen oder schon benutzt.')
  await person.goto(pathOf(second))
  await expect(person.getByLabel('E-Mail')).toHaveValue('vergesslich@schule.de')
  await person.getByLabel('Passwort', { exact: true }).fill('mein eigenes Passwort')
  await person.getByLabel('Passwort wiederholen').fill('mein eigenes Passwort')
  await person.getByRole('button', { name: 'Passwort festlegen' }).click()
  await expect(person.getByText('Passwort festgelegt. Sie sind angemeldet.')).toBeVisible()

  // with a password the account no longer offers a new link
  await page.reload()
  await page.getByRole('tab', { name: 'Konten' }).click()
  await expect(page.getByRole('list', { name: 'Konten' })).toContainText('vergesslich@schule.de')
  await expect(page.getByRole('button', { name: /Neuen Einladungslink erzeugen/ })).toHaveCount(0)
})
