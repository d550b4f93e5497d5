import { ADMIN, boundaryField, expect, signIn, test } from './fixtures'

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

test('the Standard fills the editor and its preview; nothing is saved until "Speichern"; the old IHK preset is replaced in one click', async ({
  page,
  request,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  const preview = page.getByRole('region', { name: 'Vorschau' })
  const name = page.getByRole('textbox', { name: 'Name' })

  // the document the admin's old "IHK" preset made: the IHK's numbers as "über" bounds with + and −
  await name.fill('IHK')
  for (const [g, value] of [92, 81, 67, 50, 30].entries())
    await boundaryField(page, g + 1).fill(String(value))
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()
  const notice = page.getByRole('status').filter({ hasText: 'alte Vorlage „IHK“' })
  await expect(notice).toContainText('92 %: 2+ statt 1')
  await expect(notice).toContainText('50 %: 5+ statt 4')

  await page.getByRole('button', { name: 'Standard (85/70/55/40/20)' }).click()
  await expect(boundaryField(page, 1)).toHaveValue('85')
  await expect(name).toHaveValue('Standard')
  await expect(page.getByText('Ungespeicherte Änderungen.')).toBeVisible()
  // grade 1 is 85–100 with a 33,33 % minus band: 89,9995
  await expect(
    preview.getByRole('cell', { name: '89,9995', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`presets-${String(width)}.png`), fullPage: true })
  }
  const stored = (await (await request.get('/api/v1/config')).json()) as { version: number }
  expect(stored.version).toBe(2)

  await page.getByRole('button', { name: 'Aktuelle Konfiguration' }).click()
  await expect(boundaryField(page, 1)).toHaveValue('92')
  await expect(page.getByText('Keine ungespeicherten Änderungen.')).toBeVisible()

  // one click stores the server's `ihk` preset as version 3; the editor becomes the table's
  await notice.getByRole('button', { name: 'Durch den IHK-Schlüssel ersetzen' }).click()
  await expect(page.getByText(/Gespeichert: Version 3\./)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'ab Prozent der Zeile 2', exact: true })).toHaveValue('81')
  const after = (await (await request.get('/api/v1/config')).json()) as {
    version: number
    config: { preset?: string; rule?: { percentage: string } }
  }
  expect(after).toMatchObject({ version: 3, config: { preset: 'ihk', rule: { percentage: 'exact' } } })
})
