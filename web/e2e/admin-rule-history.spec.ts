import { ADMIN, expect, signIn, test } from './fixtures'

// The history of a scale that follows a rule: a version opens beside the current one (both tables by
// grade, the rows that differ marked in words, the basis in words), the restore dialog shows only the
// changed rows, and restoring makes the old table the current one.

const oesterreich = {
  name: 'Österreich',
  system: 'oesterreich',
  rule: {
    kind: 'table',
    percentage: 'exact',
    bands: [
      { grade: '1', from: 90 },
      { grade: '2', from: 80 },
      { grade: '3', from: 65 },
      { grade: '4', from: 50 },
      { grade: '5' },
    ],
  },
}

test('a version of a table beside the current one, and restored', async ({ page, server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  // version 2: the Austrian table, over the Standard of a new installation (version 1)
  const put = await page.request.put('/api/v1/config', { headers: { 'If-Match': '"1"' }, data: oesterreich })
  expect(put.status()).toBe(200)
  // version 3, in the editor: 2 from 78 %, rounded percentage, no grade 3
  await expect(page.getByText(/Bearbeitet wird Version 2 /)).toBeVisible()
  await page.getByRole('textbox', { name: 'ab Prozent der Zeile 2', exact: true }).fill('78')
  await page.getByRole('combobox', { name: 'Verglichen wird der Prozentwert' }).selectOption('round')
  await page.getByRole('button', { name: 'Zeile 3 entfernen' }).click()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 3.')).toBeVisible()

  await page.getByRole('tab', { name: 'Verlauf' }).click()
  await page.getByRole('button', { name: 'Version 2 ansehen' }).click()
  const panel = page.getByRole('region', { name: 'Version 2' })
  await expect(
    panel.getByRole('list', { name: 'Unterschiede zur aktuellen Version 3' }).getByRole('listitem'),
  ).toHaveText(['Verglichen wird der Prozentwert: aktuell auf ganze Prozent gerundet →, Version 2: genau'])
  const grid = panel.getByRole('table', { name: 'Version 2 neben der aktuellen Version' })
  const rows = grid.getByRole('row')
  await expect(rows).toHaveCount(2 + 5)
  await expect(rows.nth(2)).toHaveText('gleich1ab 90 %1ab 90 %')
  await expect(rows.nth(3)).toHaveText('≠geändert2ab 80 %2ab 78 %')
  await expect(rows.nth(4)).toHaveText('≠geändert3ab 65 %fehlt')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `/tmp/admin-rule-history-${String(width)}.png`, fullPage: true })
  }

  await page.getByRole('button', { name: 'Version 2 wiederherstellen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Version 2 wiederherstellen?' })
  await expect(dialog.getByRole('table', { name: 'Geänderte Zeilen' }).getByRole('row')).toHaveCount(2 + 2)
  await expect(dialog.getByText('Die übrigen 3 Zeilen bleiben gleich.')).toBeVisible()
  await page.screenshot({ path: '/tmp/admin-rule-history-dialog.png' })
  await dialog.getByRole('button', { name: 'Wiederherstellen' }).click()
  await expect(page.getByText('Version 2 als Version 4 wiederhergestellt.')).toBeVisible()
  const now = (await (await page.request.get('/api/v1/config')).json()) as {
    version: number
    config: unknown
  }
  expect(now).toMatchObject({ version: 4, config: oesterreich })
})
