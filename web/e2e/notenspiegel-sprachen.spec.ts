import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, presetDocument, test } from './fixtures'

// A language teacher's Notenspiegel (docs/spec.md §2, §13) on a scale in Notenpunkte (the KMK's Oberstufe
// preset): rows `Name; Inhalt; Fehler; Wörter`, the content graded with the scale's key, the Fehlerquotient
// per pupil and Hessen's Oberstufe rule taking 1 or 2 Notenpunkte off, never below 0. The grades shown and
// the CSV are worked out by hand in the comments; nothing of the class leaves the browser.

const PUPILS = [
  // 30 of 40 = 75 % → 11; 10,5 × 100 : 350 = 3,00, reaches 3: −1 → 10 (2-)
  ['Thilda Morgenroth', '30; 10,5; 350'],
  // 38 of 40 = 95 % → 15; 2 × 100 : 200 = 1,00: no deduction → 15
  ['Bruno Achterberg', '38; 2; 200'],
  // 8 of 40 = 20 % → 1; 30 × 100 : 400 = 7,50, reaches 6: −2 → 0, not −1
  ['Carla Ostendorf', '8; 30; 400'],
] as const
const TEXT = [
  'Name; Inhalt (40); Fehler; Wörter',
  ...PUPILS.map(([n, p]) => `${n}; ${p}`),
  'Dana Wirth; 20; 3;',
].join('\n')

const results = (page: Page) => page.getByRole('table', { name: 'Ergebnis je Zeile' })

for (const width of [390, 1280]) {
  test(`Inhalt, Fehler, Wörter at ${width} px: the deduction in Notenpunkte, the final grades and the CSV`, async ({
    page,
    server,
  }) => {
    const requests: string[] = []
    page.on('request', (r) => {
      requests.push([r.url(), r.postData() ?? ''].join('\n'))
    })
    await server.importConfig(presetDocument('kmk-oberstufe', 'Oberstufe (KMK)'), 'oberstufe')
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/?schluessel=oberstufe')
    await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
    await page.getByLabel(/eine Zeile je Schülerin oder Schüler/).fill(TEXT)
    await expect(results(page).getByRole('row')).toHaveCount(PUPILS.length + 2)
    // "Inhalt (40)" is the total
    await expect(page.getByRole('heading', { name: 'Notenspiegel für 40 Punkte' })).toBeVisible()

    const rule = page.getByLabel('Umrechnung der Fehler')
    await expect(rule).toHaveValue('')
    // without a conversion the content grade is the grade
    await expect(results(page).getByRole('row').nth(1)).toHaveText(
      /Thilda Morgenroth\s*30\s*11\s*10,5\s*350\s*3,00\s*–\s*11/,
    )
    await rule.selectOption({ label: 'Hessen, gymnasiale Oberstufe' })
    await expect(results(page).getByRole('row').nth(1)).toHaveText(
      /Thilda Morgenroth\s*30\s*11\s*10,5\s*350\s*3,00\s*1 Notenpunkt\s*10\s*2-/,
    )
    await expect(results(page).getByRole('row').nth(2)).toHaveText(
      /Bruno Achterberg\s*38\s*15\s*2\s*200\s*1,00\s*0\s*15/,
    )
    await expect(results(page).getByRole('row').nth(3)).toHaveText(
      /Carla Ostendorf\s*8\s*1\s*30\s*400\s*7,50\s*2 Notenpunkte\s*0\s*6/,
    )
    // the missing words are marked in place with the Fehlerquotient's message
    await expect(results(page).getByRole('row').nth(4)).toContainText(
      'Wörter: Bitte die Zahl der Wörter eingeben.',
    )
    // (3 + 1 + 7,5) / 3 = 3,83 (cut)
    await expect(page.getByText('Ø Fehlerquotient').locator('xpath=following-sibling::dd')).toHaveText('3,83')
    await expect(
      page.getByText('Bewertet', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('3')

    // the page does not scroll sideways: the table scrolls in its own box
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    const list = page.locator('[data-print="class-list"]')
    await list.screenshot({ path: test.info().outputPath(`sprachen-${String(width)}.png`) })
    const dir = process.env.SCREENSHOT_DIR ?? ''
    if (dir !== '') await list.screenshot({ path: `${dir}/sprachen-${String(width)}.png` })

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
    ])
    const csv = readFileSync(await download.path(), 'utf8')
      .slice(1)
      .split('\r\n')
    expect(csv).toContain(
      'Umrechnung der Fehler;Hessen, gymnasiale Oberstufe (Oberstufen- und Abiturverordnung (OAVO), Anlage 9)',
    )
    expect(csv).toContain(
      'Nr.;Name;Inhalt;Prozent;Note Inhalt;Fehler;Wörter;Fehlerquotient;Abzug (Notenpunkte);Note;Note (1–6);Hinweis',
    )
    expect(csv).toContain('1;Thilda Morgenroth;30;75,0%;11;10,5;350;3,00;1;10;2−;')
    expect(csv).toContain('3;Carla Ostendorf;8;20,0%;1;30;400;7,50;2;0;6;')
    expect(csv).toContain('Durchschnittlicher Fehlerquotient;3,83')

    // kept with the list: after a reload the choice and the grades stand
    await page.reload()
    await expect(page.getByLabel('Umrechnung der Fehler')).toHaveValue('hessen-oberstufe')
    await expect(results(page).getByRole('row').nth(1)).toContainText('1 Notenpunkt')
    for (const r of requests)
      for (const [name] of PUPILS) expect(r, `a request carries ${name}`).not.toContain(name)
  })
}
