import { ADMIN, boundaryField, expect, signIn, test } from './fixtures'
import { shootBothSchemes } from './screenshots'

// A version in the history opens to its table with what differs from the
// current version, and the restore dialog shows the same before anything is saved.

const widths = [390, 1280] as const

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

for (const width of widths) {
  test(`${width} px: an opened version and the restore dialog show what differs from the current version`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, ADMIN.email, ADMIN.password)
    // version 2: the boundary between 1 and 2 at 90 and a narrower minus band
    await boundaryField(page, 1).fill('90')
    await page.getByRole('textbox', { name: 'Minus-Bereich', exact: true }).fill('25')
    await page.getByRole('textbox', { name: 'Name' }).fill('Streng')
    await page.getByRole('button', { name: 'Speichern' }).click()
    await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()

    await page.getByRole('tab', { name: 'Verlauf' }).click()
    const versions = page.getByRole('list', { name: 'Gespeicherte Versionen' })
    await expect(versions.getByRole('listitem')).toHaveCount(2)
    const open = page.getByRole('button', { name: 'Version 1 ansehen' })
    await open.click()
    await expect(open).toHaveAttribute('aria-expanded', 'true')

    const panel = page.getByRole('region', { name: 'Version 1' })
    const changes = panel.getByRole('list', { name: 'Unterschiede zur aktuellen Version 2' })
    await expect(changes.getByRole('listitem')).toHaveText([
      'Name: aktuell „Streng“ →, Version 1: „Standard“',
      'Grenze zwischen Note 1 und 2: aktuell 90 % →, Version 1: 85 %',
      'Minus-Bereich der Noten 2–5: aktuell 25 % →, Version 1: 33,33 %',
    ])
    const table = panel.getByRole('table', { name: 'Prozentbereiche in Version 1' })
    await expect(table.getByRole('row')).toHaveCount(17)
    const row = (grade: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: grade, exact: true }) })
    // grade 1 moved: the version's range and, beside it, the current one; grade 6 did not
    await expect(row('1-').getByRole('cell')).toHaveCount(2)
    await expect(row('1-').getByRole('cell').nth(1)).not.toHaveText('gleich')
    await expect(row('1-').getByRole('cell').nth(0)).not.toHaveText(
      await row('1-').getByRole('cell').nth(1).innerText(),
    )
    await expect(row('6').getByRole('cell').nth(1)).toHaveText('gleich')
    await expect(row('1').getByRole('cell').nth(1)).not.toHaveText('gleich')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `history-open-${width}`)

    // the current version says it is the current one
    await page.getByRole('button', { name: 'Version 2 ansehen' }).click()
    await expect(page.getByRole('region', { name: 'Version 2' })).toContainText(
      'Das ist die aktuelle Version',
    )

    // the restore dialog: the same comparison, nothing saved until confirmed
    await page.getByRole('button', { name: 'Version 1 wiederherstellen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Version 1 wiederherstellen?' })
    await expect(
      dialog.getByRole('list', { name: 'Unterschiede zur aktuellen Version 2' }).getByRole('listitem'),
    ).toHaveText([
      'Name: aktuell „Streng“ →, Version 1: „Standard“',
      'Grenze zwischen Note 1 und 2: aktuell 90 % →, Version 1: 85 %',
      'Minus-Bereich der Noten 2–5: aktuell 25 % →, Version 1: 33,33 %',
    ])
    const changed = dialog.getByRole('table', { name: 'Geänderte Prozentbereiche' })
    await expect(changed.getByRole('rowheader')).toHaveText([
      '1',
      '1-',
      '2+',
      '2',
      '2-',
      '3+',
      '3',
      '3-',
      '4+',
      '4',
      '4-',
      '5+',
      '5',
      '5-',
    ])
    await expect(dialog).toContainText('Die übrigen 2 Bereiche bleiben gleich.')
    await shootBothSchemes(page, `history-restore-${width}`, { fullPage: false }) // a modal: what the screen shows
    expect(((await (await page.request.get('/api/v1/config')).json()) as { version: number }).version).toBe(2)

    await dialog.getByRole('button', { name: 'Wiederherstellen' }).click()
    await expect(page.getByText('Version 1 als Version 3 wiederhergestellt.')).toBeVisible()
    // the focus goes to the version the restore made, not to another version's button
    await expect(
      page.getByRole('list', { name: 'Gespeicherte Versionen' }).getByText('Version 3', { exact: true }),
    ).toBeFocused()
    await page.screenshot({ path: test.info().outputPath(`history-restored-${String(width)}.png`) })
    // version 3 is version 1 again: opened, it is the current one, and version 1 now shows no difference
    await expect(panel.getByText('Name, Grenzen und Bandbreiten sind dieselben.')).toBeVisible()
    await expect(panel.getByText('gleich', { exact: true })).toHaveCount(16)
  })
}
