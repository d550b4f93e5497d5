import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

// The Zeugnisnote on the calculator page (docs/spec.md §9, "The page"): typed in the browser, computed
// in the browser, kept in the browser only.

const widths = [390, 1280]

async function openTool(page: Page): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Zeugnisnote berechnen' }).click()
  const tool = page.getByRole('region', { name: 'Zeugnisnote' })
  await expect(tool.getByRole('tab', { name: 'Ein Schüler' })).toBeVisible()
  return tool
}

const category = (tool: Locator, name: string) => tool.getByRole('group', { name })

/** The worked example of docs/spec.md §9: schriftlich 2+ and 3 counted twice, mündlich 2 and 1-, Projekt empty. */
async function typeWorkedExample(tool: Locator): Promise<void> {
  await category(tool, 'schriftlich').getByLabel('Noten').fill('2+ 3×2')
  await category(tool, 'mündlich').getByLabel('Noten').fill('2 1-')
  await tool.getByRole('button', { name: 'Kategorie hinzufügen' }).click()
  await category(tool, 'Kategorie 3').getByLabel('Kategorie', { exact: true }).fill('Projekt')
}

for (const width of widths) {
  test(`one pupil at ${width} px: the worked example gives 2,26 and a 2 with its working`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const tool = await openTool(page)
    await expect(tool).toContainText('Tendenz: + und − zählen 0,3')
    await expect(tool).toContainText('das sind die Voreinstellungen')
    await typeWorkedExample(tool)

    const result = tool.getByRole('status', { name: 'Vorschlag' })
    await expect(result).toContainText('Durchschnitt2,26')
    await expect(result).toContainText('Vorschlag2')
    await expect(result).not.toContainText('Grenzfall')
    await expect(result).toContainText('pädagogische Entscheidung')
    const working = tool.getByRole('list').filter({ hasText: 'Projekt' })
    await expect(working.getByRole('listitem').first()).toBeVisible()
    expect(await working.getByRole('listitem').count()).toBeGreaterThan(3)

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`zeugnis-${width}.png`), fullPage: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: test.info().outputPath(`zeugnis-${width}-dark.png`), fullPage: true })
  })
}

test('a borderline average is marked, and the rule decides on the cut value', async ({ page }) => {
  const tool = await openTool(page)
  await tool.getByLabel('Aufteilung übernehmen').selectOption({ label: '50 : 50' })
  await category(tool, 'schriftlich').getByLabel('Noten').fill('2')
  await category(tool, 'mündlich').getByLabel('Noten').fill('3')
  const result = tool.getByRole('status', { name: 'Vorschlag' })
  await expect(result).toContainText('Durchschnitt2,50')
  await expect(result).toContainText('Vorschlag2')
  await expect(result).toContainText('Grenzfall')
  await category(tool, 'mündlich').getByLabel('Noten').fill('3,16')
  await expect(result).toContainText('Durchschnitt2,58')
  await expect(result).toContainText('Vorschlag3')
  await expect(result).toContainText('Grenzfall') // within a tenth of the middle 2,5
  await category(tool, 'mündlich').getByLabel('Noten').fill('3,2')
  await expect(result).toContainText('Durchschnitt2,60')
  await expect(result).toContainText('Grenzfall') // both ends included
  await category(tool, 'mündlich').getByLabel('Noten').fill('3,22')
  await expect(result).toContainText('Durchschnitt2,61')
  await expect(result).not.toContainText('Grenzfall')
})

test('a wrong grade is named once the field was left, then as typed, and linked to its field', async ({
  page,
}) => {
  const tool = await openTool(page)
  const field = category(tool, 'schriftlich').getByLabel('Noten')
  await field.fill('2 7')
  // the field does not complain while it is typed the first time; the result says why there is none
  await expect(tool.getByRole('status', { name: 'Vorschlag' })).toHaveText(
    'schriftlich: „7“ ist keine Note von 1 bis 6.',
  )
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  await expect(field).not.toHaveAccessibleDescription(/keine Note/)
  await field.blur()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(/„7“ ist keine Note von 1 bis 6\./)
  await field.fill('2 7 0')
  await expect(field).toHaveAccessibleDescription(/„0“ ist keine Note von 1 bis 6\./)
  await field.fill('2 3')
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
})

test('the inputs survive a reload and "Eingaben löschen" removes them', async ({ page }) => {
  const tool = await openTool(page)
  await typeWorkedExample(tool)
  await expect(tool.getByRole('status', { name: 'Vorschlag' })).toContainText('2,26')
  await page.reload()
  const again = page.getByRole('region', { name: 'Zeugnisnote' })
  await expect(category(again, 'schriftlich').getByLabel('Noten')).toHaveValue('2+ 3×2')
  await expect(again.getByRole('status', { name: 'Vorschlag' })).toContainText('2,26')

  await again.getByRole('button', { name: 'Eingaben löschen' }).click()
  await page
    .getByRole('dialog', { name: 'Eingaben löschen?' })
    .getByRole('button', { name: 'Löschen' })
    .click()
  await expect(page.getByRole('button', { name: 'Zeugnisnote berechnen' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('notenrechner.zeugnisnote'))).toBeNull()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Zeugnisnote berechnen' })).toBeVisible()
})
