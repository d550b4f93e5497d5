import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { shootBothSchemes } from './screenshots'

// The key for this test (docs/spec.md §10): a teacher moves the default scale's pass bound from 40 % to
// 45 % by keyboard; the grade, the table and the list of moved bounds follow, the address carries the
// adjustment, and the address reloaded opens the same key, in the server's page and in the app.

const grade = (page: Page) => page.getByLabel('Note', { exact: true })
const keyRegion = (page: Page) => page.getByRole('region', { name: 'Notenschlüssel' })
const moved = (page: Page) =>
  keyRegion(page)
    .locator('p')
    .filter({ hasText: /^Für diese Arbeit angepasst:/ })

for (const width of [390, 1280]) {
  test(`a teacher adjusts the key for this test at ${width} px and reloads it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/?gesamt=100&erreicht=43')
    await expect(grade(page)).toHaveText('4-')

    // the app has taken the server's page over when the Notenspiegel's opener shows (a browser-only part)
    await expect(page.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()
    const open = page.getByRole('button', { name: 'Schlüssel anpassen' })
    await open.focus()
    await page.keyboard.press('Enter')
    await expect(open).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    const pass = page.getByRole('textbox', { name: 'Bestehensgrenze (%)' })
    await expect(pass).toBeFocused()
    await expect(pass).toHaveValue('40')
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('45')

    await expect(grade(page)).toHaveText('5+')
    await expect(moved(page)).toContainText('4- über 45 % statt 40 %')
    await expect(keyRegion(page).getByRole('cell', { name: '45 (statt 40)' }).first()).toBeVisible()
    await expect(page).toHaveURL(/\?stand=\d+&bestehen=45&gesamt=100&erreicht=43$/)
    await shootBothSchemes(page, `adjust-${width}`)

    await page.keyboard.type('x')
    await expect(pass).toHaveAccessibleDescription('Keine Zahl.')
    await expect(grade(page)).toHaveText('5+')

    // the server's page of this address shows the adjusted key, and the app takes it over as it is
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('Service Worker registration blocked'))
        problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
    await page.reload()
    await expect(page.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()
    await expect(grade(page)).toHaveText('5+')
    await expect(moved(page)).toContainText('4- über 45 % statt 40 %')
    await expect(keyRegion(page).getByRole('cell', { name: '45 (statt 40)' }).first()).toBeVisible()

    expect(problems).toEqual([])

    await page.getByRole('button', { name: 'Zurück zum Schlüssel der Schule' }).click()
    await expect(grade(page)).toHaveText('4-')
    await expect(moved(page)).toHaveCount(0)
    await expect(page).toHaveURL(/\/\?gesamt=100&erreicht=43$/)
  })
}

test('the printed page names the key it shows, without the controls', async ({ page }) => {
  await page.goto('/?gesamt=40&erreicht=30&bestehen=45&stand=1')
  await expect(moved(page)).toContainText('Für diese Arbeit angepasst:')
  await page.emulateMedia({ media: 'print' })
  await expect(moved(page)).toBeVisible()
  await expect(moved(page)).toContainText('Stand 1)')
  await expect(page.getByRole('button', { name: 'Schlüssel anpassen' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Zurück zum Schlüssel der Schule' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await expect(page.getByRole('button', { name: 'Schlüssel anpassen' })).toBeVisible()
})

test('the Notenspiegel’s CSV and its print for the class name the school’s scale, its version and the adjustment', async ({
  page,
}) => {
  await page.goto('/?gesamt=40&bestehen=45&stand=1')
  await expect(moved(page)).toBeVisible()
  const adjustment = ((await moved(page).textContent()) ?? '')
    .replace(/^Für diese Arbeit angepasst: /, '')
    .replace(/ \(Schlüssel der Schule.*$/, '')
  expect(adjustment).toContain('4- über 45 % statt 40 %')
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  await page.getByLabel(/eine Zeile je Schülerin oder Schüler/).fill('Anna; 17\nBen; 30')
  await expect(page.getByText(/^Bewertet mit dem Notenschlüssel/)).toHaveText(
    `Bewertet mit dem Notenschlüssel „Standard“, Version 1; für diese Arbeit angepasst: ${adjustment}.`,
  )
  // 17 of 40 is 42,5 %: the school's key gives 4-, the adjusted one (4- over 45 %) does not
  await expect(page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row').nth(1)).toHaveText(
    /Anna\s*17\s*42,5%\s*5\+/,
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
  ])
  const lines = readFileSync(await download.path())
    .toString('utf8')
    .slice(1)
    .split('\r\n')
  expect(lines.slice(1, 5)).toEqual([
    'Gesamtpunktzahl;40',
    'Notenschlüssel;Standard',
    'Version;1',
    `Für diese Arbeit angepasst;${adjustment}`,
  ])
  // the page printed for the class (never on screen) says it too
  await expect(page.locator('[data-print-only]').filter({ hasText: /^Notenspiegel/ })).toContainText(
    `Notenschlüssel „Standard“, Version 1; für diese Arbeit angepasst: ${adjustment} ·`,
  )
})
