import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, presetDocument, standardConfig, test } from './fixtures'

// The Zeugnisnote on the calculator page (docs/spec.md §9, "The page"): typed in the browser, computed
// in the browser, kept in the browser only.

const widths = [390, 1280]

async function openTool(page: Page, address = '/'): Promise<Locator> {
  await page.goto(address)
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

for (const width of widths) {
  test(`one pupil at ${width} px in Notenpunkte and in Austria: 8 Punkte, and LBVO § 20 beside the average`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await server.importConfig(presetDocument('kmk-oberstufe', 'Oberstufe (KMK)'), 'oberstufe')
    await server.importConfig(presetDocument('oesterreich', 'Österreich'), 'at')
    let tool = await openTool(page, '/?schluessel=oberstufe')
    await category(tool, 'schriftlich').getByLabel('Noten').fill('8 9')
    await category(tool, 'mündlich').getByLabel('Noten').fill('8')
    let result = tool.getByRole('status', { name: 'Vorschlag' })
    await expect(result).toContainText('Vorschlag8 Punkte')
    await expect(result).not.toContainText('LBVO')
    await result.screenshot({ path: test.info().outputPath(`zeugnis-punkte-${width}.png`) })

    // the inputs kept in this browser would open the tool at once
    await page.evaluate(() => {
      localStorage.clear()
    })
    tool = await openTool(page, '/?schluessel=at')
    await category(tool, 'schriftlich').getByLabel('Noten').fill('2 3')
    await category(tool, 'mündlich').getByLabel('Noten').fill('1')
    result = tool.getByRole('status', { name: 'Vorschlag' })
    await expect(result).toContainText(
      'Nach LBVO § 20 zählt für die Zeugnisnote der zuletzt erreichte Leistungsstand mehr',
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await result.screenshot({ path: test.info().outputPath(`zeugnis-at-${width}.png`) })
    await page.emulateMedia({ colorScheme: 'dark' })
    await result.screenshot({ path: test.info().outputPath(`zeugnis-at-${width}-dark.png`) })
  })
}

test('a borderline average is marked, and the rule decides on the cut value', async ({ page }) => {
  const tool = await openTool(page)
  await tool.getByRole('combobox', { name: 'Aufteilung übernehmen' }).selectOption({ label: '50 : 50' })
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

// Names and grades of a class as a teacher pastes them: Name; schriftlich; mündlich.
const PUPILS = [
  ['Zoë Quellenberg', '2+ 3 3', '2 1-'],
  ['Malte Rübezahl', '2', '3'],
  ['Ida Wendelstein', '4 7', '3'],
  ['Jonas Ohneland', '', ''],
] as const
const CLASS_TEXT = PUPILS.map((p) => p.join('; ')).join('\n')

async function pasteClass(tool: Locator): Promise<Locator> {
  await tool.getByRole('tab', { name: 'Mehrere Schüler' }).click()
  await tool.getByLabel('Schülerinnen und Schüler, eine Zeile je Person').fill(CLASS_TEXT)
  return tool.getByRole('table')
}

for (const width of widths) {
  test(`several pupils at ${width} px: a proposal per pupil, the problems per row, the CSV`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const tool = await openTool(page)
    const table = await pasteClass(tool)
    const rows = table.getByRole('row')
    await expect(rows).toHaveCount(PUPILS.length + 1)
    // name, each category's grades and average, the average, the proposal
    await expect(rows.nth(1)).toHaveText(/^Zoë Quellenberg\s*2\+ 3 3\s*Ø 2,56\s*2 1-\s*Ø 1,65\s*2,26\s*2$/)
    await expect(rows.nth(2)).toHaveText(/^Malte Rübezahl\s*2\s*Ø 2,00\s*3\s*Ø 3,00\s*2,33\s*2$/)
    await expect(rows.nth(3)).toContainText('Zeile 3: schriftlich: „7“ ist keine Note von 1 bis 6.')
    await expect(rows.nth(4)).toContainText('Zeile 4:')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^zeugnisnoten-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync(await download.path())
      .toString('utf8')
      .replace(/^\uFEFF/, '')
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('Zeile;Name;schriftlich;mündlich;Durchschnitt;Vorschlag;Grenzfall;Hinweis')
    // 1- with the minus sign U+2212: a spreadsheet reads no −1 in it (lib/csv.ts gradeCell)
    expect(lines[1]).toBe('1;Zoë Quellenberg;2+ 3 3;2 1\u2212;2,26;2;nein;')
    expect(lines[3]).toContain('„7“ ist keine Note von 1 bis 6.')

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await tool.screenshot({ path: test.info().outputPath(`zeugnis-class-${width}.png`) })
  })
}

test('"Tabelle drucken" prints only the table and the rule line, on one A4 page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const tool = await openTool(page)
  const table = await pasteClass(tool)
  const more = Array.from(
    { length: 26 },
    (_, i) => `Schülerin ${String(i + 5)}; 2 3 ${String(1 + (i % 5))}; 2-`,
  )
  await tool
    .getByLabel('Schülerinnen und Schüler, eine Zeile je Person')
    .fill([CLASS_TEXT, ...more].join('\n'))
  await expect(table.getByRole('row')).toHaveCount(30 + 1)
  await page.emulateMedia({ media: 'print' })
  await expect(tool).toBeHidden() // printing the page prints the calculator, not the Zeugnisnote
  await page.emulateMedia({ media: 'screen' })
  await page.evaluate(() => {
    window.print = () => undefined // the button's own print dialog is not what is tested
  })
  await tool.getByRole('button', { name: 'Tabelle drucken' }).click()
  expect(await page.evaluate(() => document.documentElement.dataset.print)).toBe('') // marked for one part (lib/print-part.ts)
  await page.emulateMedia({ media: 'print' })
  await expect(tool.getByRole('table')).toBeVisible()
  await expect(tool.getByText('Zeugniskonferenz: Vorschläge für die Zeugnisnoten')).toBeVisible()
  await expect(tool.getByText(/^Tendenz: \+ und − zählen 0,3/).filter({ visible: true })).toHaveCount(1)
  for (const hidden of [
    page.getByRole('heading', { name: 'Note berechnen' }),
    page.getByRole('banner'),
    tool.getByLabel('Schülerinnen und Schüler, eine Zeile je Person'),
    tool.getByRole('button', { name: 'Als CSV herunterladen' }),
    tool.getByRole('tab', { name: 'Ein Schüler' }),
  ])
    await expect(hidden).toBeHidden()
  await page.screenshot({ path: test.info().outputPath('zeugnis-print.png'), fullPage: true })
  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('zeugnis-print.pdf') })
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)).toHaveLength(1)
})

test('privacy: no request carries a pupil’s name or grade, and none leaves the server', async ({
  page,
  server,
}) => {
  const requests: { url: string; text: string }[] = []
  page.on('request', (r) => {
    requests.push({
      url: r.url(),
      text: [r.method(), r.url(), JSON.stringify(r.headers()), r.postData() ?? ''].join('\n'),
    })
  })
  const tool = await openTool(page)
  await typeWorkedExample(tool)
  await expect(tool.getByRole('status', { name: 'Vorschlag' })).toContainText('2,26')
  await pasteClass(tool)
  await expect(tool.getByRole('table').getByRole('row')).toHaveCount(PUPILS.length + 1)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Zeugnisnote' }).getByRole('table')).toBeVisible()
  expect(page.url()).toBe(`${server.url}/`)

  const secrets = [
    ...PUPILS.flatMap(([name, ...grades]) => [name, ...name.split(' '), ...grades.filter((g) => g !== '')]),
    '2+ 3×2',
    '3×2',
    '2 1-',
  ]
    .filter((s) => s.length >= 3) // a lone "2" is in every request's headers; its pupil's name is checked
    .flatMap((s) => [s, encodeURIComponent(s), encodeURIComponent(s).replace(/%20/g, '+')])
  expect(requests.length).toBeGreaterThan(0)
  for (const r of requests) {
    expect(new URL(r.url).origin, `a request to ${r.url}`).toBe(server.url)
    for (const s of secrets) expect(r.text, `a request carries ${s}`).not.toContain(s)
  }
})

test.describe('offline', () => {
  // Service workers are blocked for the other specs (playwright.config.ts); this test needs one.
  test.use({ serviceWorkers: 'allow' })

  test('with the server stopped the tool loads from the service worker and computes', async ({
    page,
    server,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Zeugnisnote berechnen' })).toBeVisible()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload() // the page is now the service worker's
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await server.stop()
    await page.reload()
    const tool = await page
      .getByRole('button', { name: 'Zeugnisnote berechnen' })
      .click()
      .then(() => page.getByRole('region', { name: 'Zeugnisnote' }))
    await typeWorkedExample(tool)
    await expect(tool.getByRole('status', { name: 'Vorschlag' })).toContainText('2,26')
  })
})

test('the school’s settings of the scale: its categories, its rounding, and the page says they are the school’s', async ({
  page,
  server,
}) => {
  const settings = {
    tendency: '1/3',
    rounding: 'worse',
    categories: [
      { name: 'Klausur', weight: '1' },
      { name: 'Mitarbeit', weight: '1' },
    ],
  }
  expect(await server.importConfig({ ...standardConfig(), zeugnis: settings })).toContain('Version 2')
  const tool = await openTool(page)
  await expect(tool).toContainText('Tendenz: + und − zählen ⅓')
  await expect(tool).toContainText('Genau auf der Mitte (z. B. 2,50): die schlechtere Note')
  await expect(tool).toContainText('So hat es die Schule für diesen Notenschlüssel festgelegt.')
  await category(tool, 'Klausur').getByLabel('Noten').fill('2-')
  await category(tool, 'Mitarbeit').getByLabel('Noten').fill('3+')
  const result = tool.getByRole('status', { name: 'Vorschlag' })
  await expect(result).toContainText('Durchschnitt2,50') // 7/3 and 8/3: exactly the middle
  await expect(result).toContainText('Vorschlag3') // the worse one, as the school set
  await expect(result).toContainText('Grenzfall')
})
