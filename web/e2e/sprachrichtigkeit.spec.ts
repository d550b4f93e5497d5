import type { Locator, Page, Request } from '@playwright/test'
import { expect, test } from './fixtures'
import { shootBothSchemes } from './screenshots'

// The Sprachrichtigkeit on the calculator page (docs/spec.md §13): words and errors typed and computed in
// the browser; nothing of them leaves it.

const widths = [390, 1280]

async function openTool(page: Page): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Fehlerquotient berechnen' }).click()
  const tool = page.getByRole('region', { name: 'Sprachrichtigkeit' })
  await expect(tool.getByRole('textbox', { name: 'Wörter' })).toBeVisible()
  return tool
}

for (const width of widths) {
  test(`at ${width} px: 350 words and 10,5 errors give 3,00 and, in the Oberstufe, 1 Notenpunkt`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const tool = await openTool(page)
    const sent: Request[] = []
    page.on('request', (r) => sent.push(r))

    // By keyboard only: the fields, then the rule's select.
    await tool.getByRole('textbox', { name: 'Wörter' }).focus()
    await page.keyboard.type('350')
    await page.keyboard.press('Tab')
    await page.keyboard.type('10,5')
    await page.keyboard.press('Tab')
    await expect(tool.getByRole('combobox', { name: 'Umrechnung' })).toBeFocused()
    await tool.getByRole('combobox', { name: 'Umrechnung' }).selectOption('hessen-oberstufe')

    const result = tool.getByRole('status')
    await expect(result).toContainText('Fehlerquotient3,00')
    await expect(result).toContainText('Abzug1 Notenpunkt')
    await expect(result).toContainText('10,5 Fehler × 100 : 350 Wörter = 3,00.')
    await expect(result).toContainText(
      'Quelle: Oberstufen- und Abiturverordnung (OAVO), Anlage 9: ab einem Fehlerquotienten von 3: 1 Notenpunkt, ab 6: 2 Notenpunkte Abzug, höchstens 2 Notenpunkte.',
    )
    expect(sent.filter((r) => r.url().includes('350') || (r.postData() ?? '').includes('10,5'))).toEqual([])

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await tool.scrollIntoViewIfNeeded()
    await shootBothSchemes(page, `sprachrichtigkeit-${width}`)
  })
}

test('a wrong count of errors is named under its field once the field is left', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 })
  const tool = await openTool(page)
  const errors = tool.getByRole('textbox', { name: /^Fehler/ })
  await errors.fill('10,25')
  await errors.blur()
  await expect(errors).toHaveAttribute('aria-invalid', 'true')
  await expect(tool).toContainText('Die Fehler sind eine Zahl von 0 bis 100000 in halben Schritten')
  await shootBothSchemes(page, 'sprachrichtigkeit-error-390')
})
