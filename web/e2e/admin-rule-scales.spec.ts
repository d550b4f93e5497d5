import { ADMIN, expect, signIn, test } from './fixtures'

// A scale of another system, end to end: an admin creates it from the server's KMK preset, moves one
// bound in the table-rule editor and saves; a calculator page showing that scale follows live.

test('an admin creates a scale from the KMK preset, edits a bound, and the calculator follows', async ({
  page,
  browser,
  server,
  request,
}) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('tab', { name: 'Notenschlüssel' }).click()
  await page.getByRole('button', { name: 'Neuer Notenschlüssel' }).click()

  const picker = page.getByRole('combobox', { name: 'Vorlage' })
  await picker.selectOption('kmk-oberstufe')
  await expect(page.getByText('gymnasiale Oberstufe', { exact: true })).toBeVisible()
  // the Kurzname follows the name the scale gets (the preset's document's)
  await expect(page.getByRole('textbox', { name: 'Kurzname' })).not.toHaveValue('')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `/tmp/admin-preset-picker-${String(width)}.png`, fullPage: true })
  }
  await page.getByRole('textbox', { name: 'Kurzname' }).fill('oberstufe')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText(/^Notenschlüssel „.*“ angelegt\.$/)).toBeVisible()
  const created = (await (await request.get('/api/v1/scales/oberstufe')).json()) as {
    version: number
    config: { preset?: string; system: string }
  }
  expect(created).toMatchObject({ version: 1, config: { preset: 'kmk-oberstufe', system: 'notenpunkte' } })

  // a teacher's page on that scale: 86 of 100 is 13 points (13 from 85 %)
  const teacher = await (await browser.newContext()).newPage()
  await teacher.goto('/?schluessel=oberstufe')
  await teacher.getByLabel('Gesamtpunktzahl', { exact: true }).fill('100')
  await teacher.getByLabel('Erreichte Punktzahl').fill('86')
  const grade = teacher.getByLabel('Note', { exact: true })
  await expect(grade).toHaveText(/^13\b/)

  // the table-rule editor of the new scale
  await expect(page.getByText(/Bearbeitet wird Version 1 /)).toBeVisible()
  const bound13 = page.getByRole('textbox', { name: 'ab Prozent der Zeile 3', exact: true })
  await expect(bound13).toHaveValue('85')
  await bound13.fill('87')
  // a bound not below the one above is refused in the browser, with the server's message
  const bound12 = page.getByRole('textbox', { name: 'ab Prozent der Zeile 4', exact: true })
  await bound12.fill('88')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(bound12).toHaveAccessibleDescription(
    'Muss kleiner als die Grenze der Note 13 sein, sonst bleibt für diese Note nichts.',
  )
  await bound12.fill('80')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `/tmp/admin-table-editor-${String(width)}.png`, fullPage: true })
  }
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()

  // the teacher's page follows without a reload: 86 % is now 12 points
  await expect(grade).toHaveText(/^12\b/)
  const saved = (await (await request.get('/api/v1/scales/oberstufe')).json()) as {
    version: number
    config: { preset?: string; rule: { bands: { grade: string; from?: number }[] } }
  }
  expect(saved.version).toBe(2)
  expect(saved.config.preset).toBeUndefined() // the rule is no longer the preset's
  expect(saved.config.rule.bands.find((b) => b.grade === '13')?.from).toBe(87)
})
