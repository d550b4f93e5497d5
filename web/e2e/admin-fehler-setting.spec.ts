import type { Locator, Page } from '@playwright/test'
import { ADMIN, expect, signIn, test } from './fixtures'

// A scale's conversion of the Fehlerquotient (docs/spec.md §13): set by the admin in the editor's section
// „Sprachrichtigkeit (Fehlerquotient)“, saved as a new version, and chosen live by the calculator's tool on
// every page that follows the scale.

const KMK = [95, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 33, 27, 20]
const oberstufe = {
  name: 'Deutsch Oberstufe',
  system: 'notenpunkte',
  rule: {
    kind: 'table',
    percentage: 'exact',
    bands: [...KMK.map((from, i) => ({ grade: String(15 - i), from })), { grade: '0' }],
  },
}

// The default scale is a table of Notenpunkte, imported as its version 2 (version 1 is the first start's).
test.beforeEach(async ({ server }) => {
  await server.importConfig(oberstufe)
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

async function openTool(page: Page): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Fehlerquotient berechnen' }).click()
  const tool = page.getByRole('region', { name: 'Sprachrichtigkeit' })
  await expect(tool.getByRole('textbox', { name: 'Wörter' })).toBeVisible()
  return tool
}

test("the admin sets Hessen's rule, then the school's own; the calculator's tool chooses each live", async ({
  page,
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.url })
  const teacher = await context.newPage()
  const tool = await openTool(teacher)
  const select = tool.getByRole('combobox', { name: 'Umrechnung' })
  await expect(select).toHaveValue('')
  await tool.getByRole('textbox', { name: 'Wörter' }).fill('350')
  await tool.getByRole('textbox', { name: /^Fehler/ }).fill('10,5')
  await expect(tool.getByRole('status')).not.toContainText('Abzug')

  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, ADMIN.email, ADMIN.password)
  const section = page.getByRole('region', { name: 'Sprachrichtigkeit (Fehlerquotient)' })
  await expect(section.getByRole('radio', { name: 'keine Umrechnung' })).toBeChecked()
  // by keyboard: the radio group moves with the arrow keys
  await section.getByRole('radio', { name: 'keine Umrechnung' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(section.getByRole('radio', { name: 'Hessen, gymnasiale Oberstufe' })).toBeChecked()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 3.')).toBeVisible()

  // live: the open tool now has Hessen's rule chosen, and its deduction
  await expect(select).toHaveValue('hessen-oberstufe')
  await expect(tool.getByRole('status')).toContainText('Abzug1 Notenpunkt')

  await section.getByRole('radio', { name: 'eigene Regel' }).check()
  await section.getByRole('textbox', { name: 'Name der Regel' }).fill('Deutsch Sek I')
  await section.getByRole('combobox', { name: 'Abzug in' }).selectOption('drittel')
  await section.getByRole('textbox', { name: 'Stufe 1: ab Fehlerquotient' }).fill('2,5')
  await section.getByRole('textbox', { name: 'Stufe 1: Abzug' }).fill('1')
  await section.getByRole('button', { name: 'Stufe hinzufügen' }).click()
  await section.getByRole('textbox', { name: 'Stufe 2: ab Fehlerquotient' }).fill('2')
  await section.getByRole('textbox', { name: 'Stufe 2: Abzug' }).fill('2')
  await section.getByRole('textbox', { name: 'Höchster Abzug' }).fill('2')
  await section.getByRole('textbox', { name: 'Mindestzahl der Wörter' }).fill('150')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(
    section.getByRole('textbox', { name: 'Stufe 2: ab Fehlerquotient' }),
  ).toHaveAccessibleDescription('Muss größer als die Schwelle der Stufe davor sein.')
  await section.getByRole('textbox', { name: 'Stufe 2: ab Fehlerquotient' }).fill('5')
  await expect(page.getByText('Gespeichert: Version 3.')).toBeHidden()
  await expect(page.getByText('Angemeldet.', { exact: true })).toBeHidden()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await section.screenshot({ path: test.info().outputPath(`fehler-setting-${String(width)}.png`) })
  }
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 4.')).toBeVisible()

  await expect(select).toHaveValue('schule')
  await expect(select.locator('option:checked')).toHaveText('Regel der Schule: Deutsch Sek I')
  await expect(tool.getByRole('status')).toContainText('Abzug⅓ Note')
  await expect(tool.getByRole('status')).toContainText(
    'Der Fehlerquotient erreicht 2,5, aber nicht 5: ⅓ Note Abzug (Regel der Schule).',
  )
  await teacher.setViewportSize({ width: 390, height: 900 })
  await tool.screenshot({ path: test.info().outputPath('fehler-tool-school-rule-390.png') })
  await context.close()
})

test("Hessen's years 9/10 template: the Land's frame filled in, the school's thresholds entered, live on the page", async ({
  page,
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.url })
  const tool = await openTool(await context.newPage())

  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, ADMIN.email, ADMIN.password)
  const section = page.getByRole('region', { name: 'Sprachrichtigkeit (Fehlerquotient)' })
  await section.getByRole('radio', { name: 'eigene Regel' }).check()
  await section.getByRole('button', { name: 'Vorlage Hessen 9/10 einsetzen' }).click()
  // the admin goes on typing where the template leaves off: the first threshold
  await expect(section.getByRole('textbox', { name: 'Stufe 1: ab Fehlerquotient' })).toBeFocused()
  await page.keyboard.type('3')
  await expect(section.getByRole('textbox', { name: 'Mindestzahl der Wörter' })).toHaveValue('100')
  await expect(section.getByRole('combobox', { name: 'Abzug in' })).toHaveValue('drittel')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(
    section.getByRole('textbox', { name: 'Stufe 2: ab Fehlerquotient' }),
  ).toHaveAccessibleDescription('Pflichtfeld.')
  await section.getByRole('textbox', { name: 'Stufe 2: ab Fehlerquotient' }).fill('6')
  await expect(page.getByText('Angemeldet.', { exact: true })).toBeHidden()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await section.screenshot({ path: test.info().outputPath(`fehler-template-${String(width)}.png`) })
  }
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 3.')).toBeVisible()

  const select = tool.getByRole('combobox', { name: 'Umrechnung' })
  await expect(select.locator('option:checked')).toHaveText(
    'Regel der Schule: Fehlerindex Klasse 9/10 (VOGSV)',
  )
  await tool.getByRole('textbox', { name: 'Wörter' }).fill('200')
  await tool.getByRole('textbox', { name: /^Fehler/ }).fill('12')
  await expect(tool.getByRole('status')).toContainText('Abzug⅔ Note')
  // under the Land's 100 words the index does not apply
  await tool.getByRole('textbox', { name: 'Wörter' }).fill('90')
  await expect(tool.getByRole('status')).not.toContainText('Abzug⅔')
  await expect(tool.getByRole('status')).toContainText('100')
  await context.close()
})
