import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { shootBothSchemes } from './screenshots'

// The class after the test (docs/spec.md §2): a list with points per task keeps its own total and key, the
// class sees per task what it solved, the Aushang prints every grade's count with the Punkteschlüssel, a
// feedback sheet per pupil prints with the teacher's comment, and names, points and comments stay in this
// browser (for the session unless remembered), never in a request.

const PUPILS = [
  ['Zoë Quellenberg', '9; 14; 13,5'],
  ['Jonte Wiesenhuber', '5; 8; 6'],
  ['Mira Abendroth', '10; 12,5; 15'],
  ['Levin Sturmfeder', '3; 4,5; 2'],
  ['Ilka Morgenstern', '7; 11; 9,5'],
  ['Tarek Lindqvist', '8; 10; 12'],
] as const
const HEADER = 'Name; Aufgabe 1 (10); Aufgabe 2 (15); Aufgabe 3 (15)'
const TEXT = [HEADER, ...PUPILS.map(([n, p]) => `${n}; ${p}`), 'Ole Brandt; 4; x; 3', 'Pia Falk; krank'].join(
  '\n',
)
const COMMENT = 'Aufgabe 3 sauber begründet – weiter so!'

const list = (page: Page) => page.getByLabel(/eine Zeile je Schülerin oder Schüler/)
const results = (page: Page) => page.getByRole('table', { name: 'Ergebnis je Zeile' })

async function pasteClass(page: Page) {
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  await page.getByLabel('Titel').fill('8a Deutsch, 1. Klassenarbeit')
  await list(page).fill(TEXT)
  await expect(results(page).getByRole('row')).toHaveCount(PUPILS.length + 3)
}

/** Stubs the browser's print: the test looks at the print media itself. */
const noPrintDialog = (page: Page) =>
  page.addInitScript(() => {
    window.print = () => undefined
  })

for (const width of [390, 1280]) {
  test(`points per task at ${width} px: the sum graded against the maxima, the item analysis, wrong cells marked`, async ({
    page,
  }) => {
    const requests: string[] = []
    page.on('request', (r) => {
      requests.push([r.method(), r.url(), JSON.stringify(r.headers()), r.postData() ?? ''].join('\n'))
    })
    await noPrintDialog(page)
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/?gesamt=60')
    await pasteClass(page)
    // the tasks' maxima make the total: 40, whatever the calculator says
    await expect(page.getByRole('heading', { name: 'Notenspiegel für 40 Punkte' })).toBeVisible()
    await expect(page.getByLabel('Gesamtpunktzahl dieser Arbeit')).toHaveValue('40')
    await expect(page.getByLabel('Gesamtpunktzahl dieser Arbeit')).toHaveAttribute('readonly', '')
    await expect(results(page).getByRole('row').nth(1)).toHaveText(
      /Zoë Quellenberg\s*9\s*14\s*13,5\s*36,5\s*91,3%\s*1/,
    )
    // a wrong cell is marked in place, its row kept, the rest graded
    await expect(results(page).getByRole('row').nth(7)).toContainText('Aufgabe 2: „x“ ist keine Zahl.')
    await expect(results(page).getByRole('row').nth(7).getByText('(ungültig)')).toHaveCount(1)
    await expect(results(page).getByRole('row').nth(8)).toContainText('abwesend')
    const tasks = page.getByRole('table', { name: /Punkte je Aufgabe/ })
    // Aufgabe 1: (9 + 5 + 10 + 3 + 7 + 8) / 6 = 7,0 of 10
    await expect(tasks.getByRole('row', { name: /Aufgabe 1/ })).toHaveText(/7,0 von 10\s*70,0%/)
    await expect(tasks.getByRole('row', { name: /Aufgabe 3/ })).toHaveText(/9,7 von 15\s*64,4%/)

    await page.getByText('Kommentare für die Rückmeldebögen').click()
    await page.getByLabel('Mira Abendroth').fill(COMMENT)
    await shootBothSchemes(page, `tasks-${String(width)}`)
    for (const [name, part] of [
      ['inputs', page.getByLabel('Titel').locator('xpath=ancestor::div[contains(@class,"space-y-4")][1]')],
      ['results', results(page)],
      ['tasks', tasks],
    ] as const)
      await part.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`) })

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
    ])
    const csv = readFileSync(await download.path(), 'utf8')
      .slice(1)
      .split('\r\n')
    expect(csv).toContain('Nr.;Name;Aufgabe 1 (10);Aufgabe 2 (15);Aufgabe 3 (15);Punkte;Prozent;Note;Hinweis')
    expect(csv).toContain('3;Mira Abendroth;10;12,5;15;37,5;93,8%;1;')
    expect(csv).toContain('Aufgabe 1;10;7,0;70,0%')

    // every print and keeping it on the device: still nothing leaves the browser
    await page.getByRole('button', { name: 'Für die Klasse drucken (ohne Namen)' }).click()
    await page.getByRole('button', { name: 'Rückmeldebögen drucken' }).click()
    await page.getByLabel('Auf diesem Gerät merken').check()
    await page.reload()
    await expect(list(page)).toHaveValue(TEXT)

    // nothing of the class, its points or the comment is in any request
    const secrets = [...PUPILS.flatMap(([n]) => [n, encodeURIComponent(n)]), 'Ole Brandt', COMMENT, '13,5']
    for (const r of requests) for (const s of secrets) expect(r, `a request carries ${s}`).not.toContain(s)
  })
}

test('the Aushang prints every grade with its count and points, the average and the share; no names', async ({
  page,
}) => {
  await noPrintDialog(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/?gesamt=40')
  await pasteClass(page)
  await page.getByRole('button', { name: 'Für die Klasse drucken (ohne Namen)' }).click()
  await page.emulateMedia({ media: 'print' })
  const printed = await page.locator('body').innerText()
  for (const [name] of PUPILS) expect(printed).not.toContain(name)
  expect(printed).toContain('Notenspiegel: 8a Deutsch, 1. Klassenarbeit')
  expect(printed).toMatch(/40 Punkte · Notenschlüssel „Standard“, Version \d+ · 6 bewertet/)
  const table = page.getByRole('table', { name: 'Anzahl je Note, für die Klasse' }).filter({ visible: true })
  // every band of the key, with a count (zeros too) and a points range: nothing merged
  const cells = async (row: number) =>
    (await table.getByRole('row').nth(row).getByRole('cell').allInnerTexts()).map((t) => t.trim())
  expect(await cells(0)).toHaveLength(16)
  expect((await cells(2)).map(Number).reduce((a, b) => a + b, 0)).toBe(6)
  expect((await cells(1))[0]).toMatch(/^\d+(,\d+)?–40$/)
  expect(printed).toMatch(/Durchschnitt \d,\d\d · Anteil 5 und 6 \d+,\d ?%/)
  await page.setViewportSize({ width: 794, height: 1123 }) // A4 at 96 dpi, as the print lays it out
  await page.screenshot({ path: test.info().outputPath('aushang.png'), fullPage: true })
  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('aushang.pdf') })
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).toHaveLength(1)
})

for (const perPage of [2, 1] as const) {
  test(`Rückmeldebögen, ${String(perPage)} per A4 page: one per graded pupil, with the comment, never split`, async ({
    page,
  }) => {
    await noPrintDialog(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/?gesamt=40')
    await pasteClass(page)
    await page.getByText('Kommentare für die Rückmeldebögen').click()
    await page.getByLabel('Mira Abendroth').fill(COMMENT)
    if (perPage === 1) await page.getByLabel('Einer je A4-Seite').check()
    await page.getByRole('button', { name: 'Rückmeldebögen drucken' }).click()
    await page.emulateMedia({ media: 'print' })
    const sheets = page.locator('article').filter({ visible: true })
    await expect(sheets).toHaveCount(PUPILS.length)
    const mira = sheets.filter({ hasText: 'Mira Abendroth' })
    await expect(mira).toContainText(COMMENT)
    await expect(mira).toContainText('37,5 von 40 Punkten · 93,8% · Note 1')
    await expect(mira).toContainText('10 / 10')
    // 9,5 points, a 5-: the 5 starts at 11 points, as the sheet's own Punkteschlüssel row says
    const levin = sheets.filter({ hasText: 'Levin Sturmfeder' })
    await expect(levin).toContainText('9,5 von 40 Punkten · 23,8% · Note 5-')
    await expect(levin).toContainText('Für die nächstbessere Note 5 (ab 11 Punkten) fehlten 1,5 Punkte.')
    const key = levin.getByRole('table', { name: 'Anzahl je Note, für die Klasse' })
    await expect(key.getByRole('row').nth(1).getByRole('cell').nth(12)).toHaveText('11–13')
    await expect(sheets.filter({ hasText: 'Zoë Quellenberg' })).toContainText('Die beste Note dieser Arbeit.')
    // the other pupils' names are on their own sheets only
    await expect(mira).not.toContainText('Zoë')
    await page.setViewportSize({ width: 794, height: 1123 }) // A4 at 96 dpi, as the print lays it out
    await page.screenshot({ path: test.info().outputPath(`sheets-${String(perPage)}.png`), fullPage: true })
    const pdf = await page.pdf({
      format: 'A4',
      path: test.info().outputPath(`sheets-${String(perPage)}.pdf`),
    })
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []
    expect(pages).toHaveLength(Math.ceil(PUPILS.length / perPage))
  })
}

test('a list keeps the total it was graded with when the calculator gets another', async ({ page }) => {
  await page.goto('/?gesamt=60')
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  await list(page).fill('Anna; 28\nBen; 50')
  const anna = results(page).getByRole('row').nth(1)
  await expect(anna).toHaveText(/Anna\s*28\s*46,7%\s*4$/)
  // the next test, 40 points: typed into the calculator, the list stays the 60-point test
  await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('40')
  await expect(page.getByText(/Diese Liste gehört zu ihrer eigenen Arbeit/)).toBeVisible()
  await expect(anna).toHaveText(/Anna\s*28\s*46,7%\s*4$/)
  await expect(page.getByRole('heading', { name: 'Notenspiegel für 60 Punkte' })).toBeVisible()
  // it does not print with the key of the other test
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('[data-print="class-list"]')).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  // on purpose: the list's own total
  await page.getByLabel('Gesamtpunktzahl dieser Arbeit').fill('56')
  await expect(anna).toHaveText(/Anna\s*28\s*50,0%/)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Notenspiegel für 56 Punkte' })).toBeVisible()
})

test('names and points stay for the session unless remembered; one click deletes them', async ({
  page,
  context,
}) => {
  await page.goto('/?gesamt=40')
  await pasteClass(page)
  await expect(page.getByText(/bleiben nur in diesem Browser-Tab, bis er geschlossen wird/)).toBeVisible()
  const stored = (p: Page) =>
    p.evaluate(() => ({
      session: sessionStorage.getItem('notenrechner.notenspiegel'),
      local: localStorage.getItem('notenrechner.notenspiegel'),
    }))
  expect((await stored(page)).local).toBeNull()
  expect((await stored(page)).session).toContain('Mira Abendroth')
  // another tab of this browser does not see the session's list
  const other = await context.newPage()
  await other.goto('/?gesamt=40')
  await expect(other.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()
  await other.close()

  await page.getByLabel('Auf diesem Gerät merken').check()
  await page.getByLabel('Wie lange').selectOption('30')
  await expect(page.getByText(/bleiben auf diesem Gerät bis \d\d\.\d\d\.\d{4}/)).toBeVisible()
  const kept = await stored(page)
  expect(kept.session).toBeNull()
  const until = (JSON.parse(kept.local ?? '{}') as { until: string }).until
  const days = (Date.parse(until) - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(29.9)
  expect(days).toBeLessThanOrEqual(30)
  const later = await context.newPage()
  await later.goto('/?gesamt=40')
  await expect(later.getByRole('heading', { name: 'Notenspiegel für 40 Punkte' })).toBeVisible()
  await expect(later.getByLabel(/eine Zeile je Schülerin oder Schüler/)).toHaveValue(TEXT)
  await later.getByRole('button', { name: 'Daten auf diesem Gerät löschen' }).click()
  await expect(later.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()
  expect(await stored(later)).toEqual({ session: null, local: null })
})

test('the school’s approval rule: the Notenspiegel says whether it applies and prints the note for the Schulleitung', async ({
  page,
  server,
}) => {
  await noPrintDialog(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/?gesamt=40')
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  // 4 of 9 below ausreichend (5 and 6 on the standard key: under 50 % ... 10 and 12 of 40 are 5s)
  const names = ['Anna', 'Ben', 'Cem', 'Dora', 'Emil', 'Fritz', 'Gül', 'Hana', 'Ivo']
  const points = ['10', '12', '8', '11', '30', '35', '25', '28', '33']
  await list(page).fill(names.map((n, i) => `${n}; ${points[i] ?? ''}`).join('\n'))
  const rule = page.getByRole('region', { name: 'Regel der Schule' })
  // without a Land: the share and no rule
  await expect(rule).toContainText('Kein Bundesland eingestellt. Anteil 5 und 6: 4 von 9 Arbeiten (44,4 %)')

  await server.setLand('HE')
  await page.reload()
  await expect(rule).toContainText('Hessen (VOGSV § 34): 4 von 9 Arbeiten (44,4 %) sind')
  await expect(rule.getByRole('link', { name: 'VOGSV § 34' })).toBeVisible()
  await rule.screenshot({ path: test.info().outputPath('approval-1280.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await rule.screenshot({ path: test.info().outputPath('approval-390.png') })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1280, height: 900 })
  await rule.getByRole('button', { name: 'Vorlage für die Schulleitung drucken' }).click()
  await page.emulateMedia({ media: 'print' })
  const printed = await page.locator('body').innerText()
  for (const n of names) expect(printed).not.toMatch(new RegExp(`\\b${n}\\b`))
  expect(printed).toContain('VOGSV § 34')
  // it names the test: its total and key
  expect(printed).toMatch(/40 Punkte · Notenschlüssel „Standard“, Version \d+/)
  await page.setViewportSize({ width: 794, height: 1123 }) // A4 at 96 dpi, as the print lays it out
  await page.screenshot({ path: test.info().outputPath('approval-note.png'), fullPage: true })
  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('approval-note.pdf') })
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).toHaveLength(1)
})
