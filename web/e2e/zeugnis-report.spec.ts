import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

// The Zeugnisnote at report time (docs/spec.md §9): a gradebook sheet pasted as it is, the printout for
// the Zeugniskonferenz, and a pupil's "Welche Note brauche ich noch?" on a phone.

const widths = [390, 1280]

async function openTool(page: Page): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Zeugnisnote berechnen' }).click()
  const tool = page.getByRole('region', { name: 'Zeugnisnote' })
  await expect(tool.getByRole('tab', { name: 'Ein Schüler' })).toBeVisible()
  return tool
}

const SHEET = [
  'Name\tKA1\tKA2\tmdl1\tmdl2',
  'Kurz, Eva\t2\t\t\t',
  'Lang, Tom\t5\t6\t5-\t5',
  'Nord, Ida\t3+\t7\t2\t3',
  'Ost, Ben\t2 3\t2\t1\t2',
].join('\n')

for (const width of widths) {
  test(`a gradebook sheet at ${width} px: columns to categories, an empty category flagged, bad cells marked`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const tool = await openTool(page)
    await tool.getByRole('tab', { name: 'Mehrere Schüler' }).click()
    await tool.getByLabel('Schülerinnen und Schüler, eine Zeile je Person').fill(SHEET)
    await expect(tool.getByRole('combobox', { name: 'Spalte „KA2“' })).toHaveValue('schriftlich')
    await expect(tool.getByRole('combobox', { name: 'Spalte „mdl2“' })).toHaveValue('mündlich')
    const table = tool.getByRole('table', { name: /Vorschlag je Schülerin und Schüler/ })
    const row = (name: string) => table.getByRole('row').filter({ hasText: name })
    await expect(row('Kurz, Eva')).toContainText('Kategorie „mündlich“ hat keine Noten')
    await expect(row('Lang, Tom')).toContainText('Versetzung gefährdet')
    await expect(row('Nord, Ida').locator('mark')).toHaveText('7')
    await expect(row('Nord, Ida')).toContainText('Spalte „KA2“: „7“ ist keine Note von 1 bis 6.')
    await expect(row('Ost, Ben').locator('mark')).toHaveText('2 3')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await tool.screenshot({ path: test.info().outputPath(`zeugnis-sheet-${width}.png`) })
  })
}

test('the printout for the Zeugniskonferenz: its head, every grade, rows never split, a class of 30 on A4', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const tool = await openTool(page)
  await tool.getByRole('tab', { name: 'Mehrere Schüler' }).click()
  const pupils = Array.from({ length: 30 }, (_, i) =>
    i % 7 === 2
      ? `Schüler ${String(i + 1)}, Vorname\t5\t6\t5-\t5`
      : `Schülerin ${String(i + 1)}, Vorname\t${String(1 + (i % 5))}\t3-\t2+\t${i === 3 ? '' : String(1 + (i % 6))}`,
  )
  await tool
    .getByLabel('Schülerinnen und Schüler, eine Zeile je Person')
    .fill(['Name\tKA1\tKA2\tmdl1\tmdl2', ...pupils].join('\n'))
  const table = tool.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(30 + 1)
  for (const [label, value] of [
    ['Klasse', '7b'],
    ['Fach', 'Mathematik'],
    ['Lehrkraft', 'Frau Beispiel'],
    ['Datum', '28.11.2026'],
  ])
    await tool.getByRole('textbox', { name: label, exact: true }).fill(value)
  await page.evaluate(() => {
    window.print = () => undefined
  })
  await tool.getByRole('button', { name: 'Tabelle drucken' }).click()
  await page.emulateMedia({ media: 'print' })
  await expect(tool.getByText('Zeugniskonferenz: Vorschläge für die Zeugnisnoten')).toBeVisible()
  await expect(
    tool.getByText('Klasse: 7b · Fach: Mathematik · Lehrkraft: Frau Beispiel · Datum: 28.11.2026'),
  ).toBeVisible()
  await expect(tool.getByText('Kategorien und Gewichte: schriftlich 2 : mündlich 1')).toBeVisible()
  await expect(tool.getByRole('textbox', { name: 'Klasse', exact: true })).toBeHidden()
  await expect(table.getByText('Versetzung gefährdet').first()).toBeVisible()
  expect(
    await table
      .getByRole('row')
      .nth(1)
      .evaluate((r) => getComputedStyle(r).breakInside),
  ).toBe('avoid')
  // about the width of an A4 page's printable area, to look at
  await page.setViewportSize({ width: 740, height: 1000 })
  await page.screenshot({ path: test.info().outputPath('zeugnis-report-print.png'), fullPage: true })
  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('zeugnis-report-print.pdf') })
  // 30 pupils with two categories fit one page: each row is one line in print
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)).toHaveLength(1)
})

for (const width of widths) {
  test(`„Welche Note brauche ich noch?“ at ${width} px: the grade, safe, out of reach, with the working`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const tool = await openTool(page)
    await tool.getByRole('tab', { name: 'Welche Note brauche ich noch?' }).click()
    await tool.getByRole('group', { name: 'schriftlich' }).getByLabel('Noten').fill('2 3')
    await tool.getByRole('group', { name: 'mündlich' }).getByLabel('Noten').fill('2')
    await tool.getByRole('combobox', { name: 'Ziel im Zeugnis' }).selectOption('2')
    await tool.getByRole('combobox', { name: 'Nächste Note in' }).selectOption('schriftlich')
    const answer = tool.getByRole('status', { name: 'Nötige Note' })
    await expect(answer).toContainText('Nötig ist mindestens3')
    await expect(tool.getByText('Mit 3-: Durchschnitt 2,51, Vorschlag 3.')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`zeugnis-needed-${width}.png`), fullPage: true })
    await tool.getByRole('combobox', { name: 'Ziel im Zeugnis' }).selectOption('1')
    await expect(answer).toContainText('Nicht mehr erreichbar')
    await tool.getByRole('combobox', { name: 'Ziel im Zeugnis' }).selectOption('4')
    await expect(answer).toContainText('Schon sicher')
  })
}
