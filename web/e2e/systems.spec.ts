import type { Page } from '@playwright/test'
import { expect, presetDocument, test } from './fixtures'
import { shootBothSchemes } from './screenshots'
import { TestServer } from './server'

// Every grading system in the calculator (docs/grading-systems.md): a scale holds a preset's rule
// document, and the page grades on its bands, shows its table as teachers write it (a list in columns
// for many bands) and its Punkteschlüssel. The rules come from testdata/grading/presets.json, the
// expected grades from the published keys (worked out in the comments).

const grade = (page: Page) => page.getByLabel('Note', { exact: true })
const percentage = (page: Page) => page.getByLabel('Erreichte Prozentzahl')
const table = (page: Page) => page.getByRole('region', { name: 'Notenschlüssel' })

for (const width of [390, 1280]) {
  test(`Notenpunkte, the IHK's decimal key and Swiss quarters at ${width} px`, async ({ page, server }) => {
    await server.importConfig(presetDocument('kmk-oberstufe', 'Oberstufe (KMK)'), 'oberstufe')
    await server.importConfig(presetDocument('ihk-dezimal', 'IHK Dezimal'), 'ihk-dezimal')
    await server.importConfig(presetDocument('schweiz-viertel', 'Viertelnoten'), 'viertel')
    await page.setViewportSize({ width, height: 900 })

    // 17 of 20 is 85 %: "13 ab 85" of the KMK table, which is a 1- in grades with + and −.
    await page.goto('/?schluessel=oberstufe&gesamt=20&erreicht=17')
    await expect(grade(page)).toHaveText('13 Punkte (1-)')
    await expect(percentage(page)).toHaveText('85,0%')
    const rows = table(page).getByRole('table').filter({ visible: true })
    await expect(rows).toHaveCount(1)
    await expect(rows.getByRole('cell', { name: 'ab 85', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(table(page)).toContainText('genau 90 % ergibt 14, knapp darunter 13')
    await expect(table(page)).toContainText(/Vorlage: .*KMK.* · Quelle: .*Kultusministerkonferenz/)
    // 16,9 of 20 is 84,5 %: below 85 exactly ("strikt"), so 12 points.
    await page.getByLabel('Erreichte Punktzahl').fill('16,9')
    await expect(grade(page)).toHaveText('12 Punkte (2+)')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `notenpunkte-${String(width)}`)

    // 91,5 of 100 pass and round commercially to 92 points, "92 und 93 → 1,4" of Anlage 1; the key's bounds
    // are on the exact percentage (1,4 from 91,5), so the page shows the percentage as it is.
    await page.goto('/?schluessel=ihk-dezimal&gesamt=100&erreicht=91,5')
    await expect(grade(page)).toHaveText('1,4 (sehr gut)') // with its "Note in Worten" (Anlage 1)
    await expect(percentage(page)).toHaveText('91,5%')
    const list = table(page).getByRole('list')
    await expect(list.getByRole('listitem')).toHaveCount(51)
    await expect(list.getByRole('listitem').filter({ hasText: /^1,4/ })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(table(page)).toContainText('genau 97,5 % ergibt 1,1, knapp darunter 1,2')
    // 49,5 of 100 fail without rounding, so they stay a 4,5 (rounded to 50 they would pass with 4,4).
    await page.getByLabel('Erreichte Punktzahl').fill('49,5')
    await expect(grade(page)).toHaveText('4,5 (mangelhaft)')
    // The Punkteschlüssel for 20 points in whole points: 1,1 needs 97,5 %, 19 of 20 is 95 % (1,3), so no
    // whole point gives 1,1.
    await page.goto('/?schluessel=ihk-dezimal&gesamt=20')
    const key = page.getByRole('region', { name: 'Punkteschlüssel für 20 Punkte' })
    await key.locator('label').filter({ hasText: 'Ganze' }).click()
    await expect(key.getByRole('listitem').filter({ hasText: /^1,1/ })).toHaveText(/–, sehr gut$/)
    await expect(key).toContainText('„–“: Diese Note erreicht in diesen Schritten kein Punktwert.')
    await expect(key.getByRole('listitem').filter({ hasText: /^1,0/ })).toHaveText(/^1,0\s*20, sehr gut$/) // 20 to 20
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `ihk-dezimal-${String(width)}`)

    // 15 of 20: 1 + 5 · 0,75 = 4,75, a quarter already; written the Swiss way, with its word.
    await page.goto('/?schluessel=viertel&gesamt=20&erreicht=15')
    await expect(grade(page)).toHaveText('4.75 (genügend)')
    await expect(percentage(page)).toHaveText(/^75\.0\s%$/)
    await expect(table(page).getByRole('listitem')).toHaveCount(21) // 6, 5.75 … 1
    await expect(
      table(page)
        .getByRole('listitem')
        .filter({ hasText: /^4\.75/ }),
    ).toHaveText(/^4\.75\s*ab 72\.5, genügend$/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `viertel-${String(width)}`)
  })
}

test('a rule document saved while the page is open shows at once', async ({ page, server }) => {
  await server.importConfig(presetDocument('oesterreich', 'Österreich'), 'at')
  await page.goto('/?schluessel=at&gesamt=20&erreicht=16')
  // 16 of 20 is 80 %: "2 ab 80" of the example key, in the LBVO's words.
  await expect(grade(page)).toHaveText('2 (Gut)')
  // A key of the school's own: no longer the preset, so the document names none.
  const stricter = presetDocument('oesterreich', 'Österreich streng') as {
    preset?: string
    rule: { bands: { grade: string; from?: number }[] }
  }
  delete stricter.preset
  stricter.rule.bands = stricter.rule.bands.map((b) => (b.grade === '2' ? { ...b, from: 85 } : b))
  await server.importConfig(stricter, 'at')
  await expect(grade(page)).toHaveText('3 (Befriedigend)')
  await expect(table(page)).toContainText('Österreich streng')
})

test('a new installation starts on Standard (ab): "1 ab 90", and 89,96 % never reads 90,0 %', async ({
  page,
}) => {
  const server = new TestServer({ env: { NOTENRECHNER_FIRST_PRESET: '' } }) // unset: the product's own default
  await server.start()
  try {
    // 89,96 of 100 is below "1 ab 90": a 1-, shown with the decimals it takes to stay below 90.
    await page.goto(`${server.url}/?gesamt=100&erreicht=89,96`)
    await expect(grade(page)).toHaveText('1-')
    await expect(percentage(page)).toHaveText('89,96%')
    await expect(table(page)).toContainText('Standard')
    await expect(
      table(page)
        .getByRole('table')
        .filter({ visible: true })
        .getByRole('cell', { name: 'ab 90', exact: true }),
    ).toBeVisible()
    await page.getByLabel('Erreichte Punktzahl').fill('90')
    await expect(grade(page)).toHaveText('1')
  } finally {
    await server.dispose()
  }
})

test("print: the IHK's decimal key and its Punkteschlüssel, 51 bands each, on one A4 page", async ({
  page,
  server,
}) => {
  await server.importConfig(presetDocument('ihk-dezimal', 'IHK Dezimal'), 'ihk-dezimal')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/?schluessel=ihk-dezimal&gesamt=40&erreicht=31,5')
  await expect(grade(page)).toHaveText('2,5 (befriedigend)') // 31,5 of 40 is 78,75 %, rounded 79: "79 → 2,5"
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeHidden()
  await expect(table(page).getByRole('listitem')).toHaveCount(51)
  const key = page.getByRole('region', { name: 'Punkteschlüssel für 40 Punkte' })
  await expect(key.getByRole('listitem')).toHaveCount(51)
  await page.screenshot({ path: test.info().outputPath('print-ihk-dezimal.png'), fullPage: true })
  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('print-ihk-dezimal.pdf') })
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []
  expect(pages).toHaveLength(1)
})
