import { ADMIN, expect, signIn, test } from './fixtures'

// A table "ab" typed from scratch, end to end: the admin picks a system, shapes the rows (own grades,
// own number of bands) by keyboard, sees the validator's messages at the rows, creates the scale, and a
// teacher's page grades with those labels.

test('an admin types a table of her own, row by row, and the calculator grades with it', async ({
  page,
  browser,
  server,
  request,
}) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('tab', { name: 'Notenschlüssel' }).click()
  await page.getByRole('button', { name: 'Neuer Notenschlüssel' }).click()
  await page.getByRole('radio', { name: 'Eigene Tabelle „ab“' }).check()
  await page.getByRole('combobox', { name: 'Notensystem' }).selectOption('noten-dezimal')
  const grade = (row: number) =>
    page.getByRole('combobox', { name: `Note der Zeile ${String(row)}`, exact: true })
  const bound = (row: number) =>
    page.getByRole('textbox', { name: `ab Prozent der Zeile ${String(row)}`, exact: true })
  await expect(grade(6)).toHaveValue('6,0')

  // one more band, added by keyboard above the last row: 1,0 2,0 3,0 4,0 5,0 5,5 6,0
  await page.getByRole('button', { name: 'Zeile hinzufügen' }).focus()
  await page.keyboard.press('Enter')
  await expect(grade(6)).toBeFocused()
  await page.keyboard.type('4,55') // hundredths: no grade of this system
  for (const [row, from] of [
    [1, '90'],
    [2, '80'],
    [3, '80'],
    [4, '50'],
    [5, '40'],
    [6, '20'],
  ] as const)
    await bound(row).fill(from)
  await page.getByRole('button', { name: 'Tabelle übernehmen' }).click()
  await expect(grade(6)).toHaveAccessibleDescription('Keine Note dieses Notensystems.')
  await expect(bound(3)).toHaveAccessibleDescription(
    'Muss kleiner als die Grenze der Note 2,0 sein, sonst bleibt für diese Note nichts.',
  )
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `/tmp/admin-own-table-${String(width)}.png`, fullPage: true })
  }
  await grade(6).fill('5,5')
  await bound(3).fill('65')
  await page.getByRole('button', { name: 'Tabelle übernehmen' }).click()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dezimal eigen')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Notenschlüssel „Dezimal eigen“ angelegt.')).toBeVisible()
  const created = (await (await request.get('/api/v1/scales/dezimal-eigen')).json()) as {
    config: { system: string; rule: { bands: { grade: string; from?: number }[] } }
  }
  expect(created.config.system).toBe('noten-dezimal')
  expect(created.config.rule.bands).toEqual([
    { grade: '1,0', from: 90 },
    { grade: '2,0', from: 80 },
    { grade: '3,0', from: 65 },
    { grade: '4,0', from: 50 },
    { grade: '5,0', from: 40 },
    { grade: '5,5', from: 20 },
    { grade: '6,0' },
  ])

  const teacher = await (await browser.newContext()).newPage()
  await teacher.goto('/?schluessel=dezimal-eigen')
  await teacher.getByLabel('Gesamtpunktzahl', { exact: true }).fill('100')
  await teacher.getByLabel('Erreichte Punktzahl').fill('30')
  await expect(teacher.getByLabel('Note', { exact: true })).toHaveText(/^5,5\b/)
})
