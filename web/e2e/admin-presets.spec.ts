import { ADMIN, boundaryField, expect, signIn, test } from './fixtures'

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

test('a preset fills the editor and its preview; nothing is saved until "Speichern"', async ({
  page,
  request,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  const preview = page.getByRole('region', { name: 'Vorschau' })
  await expect(
    preview.getByRole('cell', { name: '89,9995', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()

  await page.getByRole('button', { name: 'IHK (92/81/67/50/30)' }).click()
  await expect(boundaryField(page, 1)).toHaveValue('92')
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('IHK')
  await expect(page.getByText('Ungespeicherte Änderungen.')).toBeVisible()
  // grade 1 is 92–100 with a 33,33 % minus band: 94,6664
  await expect(
    preview.getByRole('cell', { name: '94,6664', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`presets-${String(width)}.png`), fullPage: true })
  }
  const before = (await (await request.get('/api/v1/config')).json()) as {
    version: number
    config: { name: string }
  }
  expect(before).toMatchObject({ version: 1, config: { name: 'Standard' } })

  await page.getByRole('button', { name: 'Aktuelle Konfiguration' }).click()
  await expect(boundaryField(page, 1)).toHaveValue('85')
  await expect(page.getByText('Keine ungespeicherten Änderungen.')).toBeVisible()

  await page.getByRole('button', { name: 'IHK (92/81/67/50/30)' }).click()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()
  const after = (await (await request.get('/api/v1/config')).json()) as {
    version: number
    config: { name: string }
  }
  expect(after).toMatchObject({ version: 2, config: { name: 'IHK', grades: { '1': { min: 92 } } } })
})
