import { ADMIN, boundaryField, expect, signIn, test } from './fixtures'

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

test('an admin edits a grade boundary; an open calculator shows the new table without reload', async ({
  page,
  browser,
  server,
}) => {
  const visitor = await (await browser.newContext({ baseURL: server.url })).newPage()
  await visitor.goto('/')
  await expect(
    visitor.getByRole('cell', { name: '89,9995', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
  await visitor.evaluate(() => ((window as unknown as { marker: string }).marker = 'not reloaded'))

  await signIn(page, ADMIN.email, ADMIN.password)
  // a bad value is refused at the field before anything is sent
  await boundaryField(page, 1).fill('100')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(boundaryField(page, 1)).toHaveAccessibleDescription('Muss kleiner als 100 sein.')
  await boundaryField(page, 1).fill('90')
  await expect(boundaryField(page, 1)).not.toHaveAttribute('aria-invalid')
  // the preview follows the typing
  await expect(
    page.getByRole('cell', { name: '93,333', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
  // Enter in a field publishes nothing: saving to every open page takes "Speichern"
  await boundaryField(page, 1).press('Enter')
  await page.waitForTimeout(500)
  await expect(page.getByText(/^Gespeichert: Version/)).toHaveCount(0)
  const current = await page.evaluate(
    async () => ((await (await fetch('/api/v1/config')).json()) as { version: number }).version,
  )
  expect(current).toBe(1)
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()

  await expect(
    visitor.getByRole('cell', { name: '93,333', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
  expect(await visitor.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('not reloaded')
})

test('two admins edit at once: the second save is refused, nothing is lost', async ({
  page,
  browser,
  server,
}) => {
  await server.createAdmin('zweite@schule.de', 'noch ein sicheres Passwort')
  const second = await (await browser.newContext({ baseURL: server.url })).newPage()
  await signIn(page, ADMIN.email, ADMIN.password)
  await signIn(second, 'zweite@schule.de', 'noch ein sicheres Passwort')
  await expect(second.getByText(/Bearbeitet wird Version 1/)).toBeVisible()

  await second.getByRole('textbox', { name: 'Name' }).fill('Zweite')
  await page.getByRole('textbox', { name: 'Name' }).fill('Erste')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()

  // the second admin is told at once, and the edit stays
  await expect(second.getByText('Eine neuere Version (2) wurde gespeichert.')).toBeVisible()
  await expect(second.getByRole('textbox', { name: 'Name' })).toHaveValue('Zweite')

  await second.getByRole('button', { name: 'Speichern' }).click()
  const conflict = second
    .getByRole('alert')
    .filter({ hasText: 'Jemand anderes hat inzwischen Version 2 gespeichert.' })
  await expect(conflict).toBeVisible()
  await expect(conflict).toContainText(`„Erste“, gespeichert am`)
  await expect(conflict).toContainText(ADMIN.email)
  await expect(
    second.getByText('Nicht gespeichert: Jemand anderes hat inzwischen gespeichert.'),
  ).toBeVisible()
  await expect(second.getByRole('textbox', { name: 'Name' })).toHaveValue('Zweite')

  // the first admin's version is what is stored and shown
  const stored = (await (await page.request.get('/api/v1/config')).json()) as {
    version: number
    config: { name: string }
  }
  expect(stored).toMatchObject({ version: 2, config: { name: 'Erste' } })

  await conflict.getByRole('button', { name: 'Neuere Version laden' }).click()
  await expect(second.getByRole('textbox', { name: 'Name' })).toHaveValue('Erste')
  await expect(second.getByText(/Bearbeitet wird Version 2/)).toBeVisible()
})

test('an old version is restored from the history as a new version', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('textbox', { name: 'Name' }).fill('Oberstufe')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()

  await page.getByRole('tab', { name: 'Verlauf' }).click()
  const versions = page.getByRole('list', { name: 'Gespeicherte Versionen' })
  await expect(versions.getByRole('listitem')).toHaveCount(2)
  await expect(versions.getByRole('listitem').first()).toContainText('Oberstufe')
  await expect(versions.getByRole('listitem').nth(1)).toContainText('System')

  await page.getByRole('button', { name: 'Version 1 wiederherstellen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Version 1 wiederherstellen?' })
  await dialog.getByRole('button', { name: 'Wiederherstellen' }).click()
  await expect(page.getByText('Version 1 als Version 3 wiederhergestellt.')).toBeVisible()
  await expect(versions.getByRole('listitem')).toHaveCount(3)
  await expect(versions.getByRole('listitem').first()).toContainText(/Version 3.*Standard/)

  await page.getByRole('tab', { name: 'Bearbeiten' }).click()
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Standard') // unchanged editor follows
  await expect(page.getByText(/Bearbeitet wird Version 3/)).toBeVisible()
})
