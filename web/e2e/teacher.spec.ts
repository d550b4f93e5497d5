import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

// The teachers' tools (docs/spec.md §2): Punkteschlüssel, Notenspiegel, inputs in the address, Enter, print. Screenshots go to
// test-results/ (looked at by hand; two are kept as docs/screenshot-teacher*.png).

const widths = [1280, 390] as const

/** 24 pupils with made-up names and points that appear nowhere else on the page or in the API. */
const PUPILS = [
  ['Zoë Quellenberg', '38,25'],
  ['Jonte Wiesenhuber', '27,25'],
  ['Mira Abendroth', '35,75'],
  ['Ilias Krähenbühl', '13,75'],
  ['Frieda Sommerfeld', '31,25'],
  ['Noah Tannenbaum', '22,75'],
  ['Lotta Birkenhain', '19,25'],
  ['Emil Rosenquist', '33,75'],
  ['Ayla Morgenstern', '29,25'],
  ['Theo Lindqvist', '36,25'],
  ['Hanna Eschenbach', '25,75'],
  ['Milan Kornblum', '9,25'],
  ['Paula Nachtigall', '30,75'],
  ['Ben Falkenrath', '17,25'],
  ['Ida Sonnleitner', '34,25'],
  ['Oskar Wellenreuther', '26,25'],
  ['Lina Brückmann', '23,25'],
  ['Jakob Heidenreich', '39,75'],
  ['Marie Sturmfels', '28,75'],
  ['Leon Apfelbaum', '15,75'],
  ['Clara Weidenhof', 'zweiundzwanzig'],
  ['Anton Eulenspiegel', '32,25'],
  ['Greta Feldkamp', '41,75'],
  ['Yusuf Bernsteiner', '24,25'],
] as const
const CLASS_TEXT = PUPILS.map(([name, points]) => `${name}; ${points}`).join('\n')

/** Labels of the Notenspiegel's chart that reach past its picture (its viewBox scales with the width). */
async function clippedChartLabels(page: Page): Promise<string[]> {
  return page.getByRole('img', { name: /Balkendiagramm/ }).evaluate((svg) => {
    const view = (svg as SVGSVGElement).viewBox.baseVal
    return Array.from(svg.querySelectorAll('text'))
      .filter((t) => {
        const b = t.getBBox()
        return (
          b.width === 0 ||
          b.x < view.x ||
          b.y < view.y ||
          b.x + b.width > view.x + view.width ||
          b.y + b.height > view.y + view.height
        )
      })
      .map((t) => t.textContent)
  })
}

for (const width of widths) {
  test(`Punkteschlüssel for the entered total at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/?gesamt=40')
    const key = page.getByRole('region', { name: 'Punkteschlüssel für 40 Punkte' })
    await expect(key).toBeVisible()
    await expect(key.getByRole('radio', { name: 'Halbe Punkte' })).toBeChecked()
    const table = key.getByRole('table').filter({ visible: true })
    await expect(table).toHaveCount(1)
    if (width === 1280) {
      await expect(table.getByRole('rowheader', { name: 'Punkte von' })).toBeVisible()
      await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('34,5') // 1- from
      await expect(table.getByRole('row').nth(2).getByRole('cell').nth(1)).toHaveText('35,5') // 1- to
    } else {
      await expect(table.getByRole('row').nth(2)).toHaveText(/^1-\s*34,5\s*35,5$/)
    }
    await key.locator('label').filter({ hasText: 'Viertel' }).click() // what a person clicks: the visible label
    await expect(key.getByRole('radio', { name: 'Viertelpunkte' })).toBeChecked()
    await expect(table.getByRole('cell', { name: '34,25', exact: true }).first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`points-key-${width}.png`), fullPage: true })
  })
}

for (const width of widths) {
  test(`at ${width} px the inputs live in the address and Enter moves on`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 })
    await page.goto('/?gesamt=40&erreicht=31,5')
    await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toHaveValue('40')
    await expect(page.getByLabel('Erreichte Punktzahl')).toHaveValue('31,5')
    await expect(page.getByLabel('Erreichte Prozentzahl')).toHaveText('78,8%')
    await expect(page.getByLabel('Note', { exact: true })).toHaveText('2')
    await page.screenshot({ path: test.info().outputPath(`link-${width}.png`) })

    const before = await page.evaluate(() => history.length)
    await page.getByLabel('Erreichte Punktzahl').fill('36')
    await expect(page).toHaveURL(/\/\?gesamt=40&erreicht=36$/)
    expect(await page.evaluate(() => history.length)).toBe(before) // replaced, not pushed

    await page.reload()
    await expect(page.getByLabel('Erreichte Punktzahl')).toHaveValue('36')
    await expect(page.getByLabel('Note', { exact: true })).toHaveText('1')

    await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('')
    await expect(page).toHaveURL(/\/\?erreicht=36$/)

    await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('30')
    await page.getByLabel('Gesamtpunktzahl', { exact: true }).press('Enter')
    await expect(page.getByLabel('Erreichte Punktzahl')).toBeFocused()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('23')
    await expect(page.getByLabel('Note', { exact: true })).toHaveText('2')
    await expect(page).toHaveURL(/\?gesamt=30&erreicht=23$/)
  })
}

for (const width of widths) {
  test(`Notenspiegel at ${width} px: graded in the browser, nothing of it sent`, async ({ page }) => {
    const requests: string[] = []
    page.on('request', (r) => {
      requests.push([r.method(), r.url(), JSON.stringify(r.headers()), r.postData() ?? ''].join('\n'))
    })
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/?gesamt=40&erreicht=31,5')
    await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
    const text = page.getByLabel(/eine Zeile je Schülerin oder Schüler/)
    await text.fill(CLASS_TEXT)

    const results = page.getByRole('table', { name: 'Ergebnis je Zeile' })
    await expect(results.getByRole('row')).toHaveCount(PUPILS.length + 1)
    await expect(results.getByRole('row').nth(1)).toHaveText(/Zoë Quellenberg\s*38,25\s*95,6%\s*1/)
    await expect(results.getByRole('row').nth(21)).toContainText('„zweiundzwanzig“ ist keine Zahl.')
    await expect(results.getByRole('row').nth(23)).toContainText('Mehr als 40 Punkte.')
    await expect(page.getByRole('img', { name: /Balkendiagramm/ })).toBeVisible()
    expect(await clippedChartLabels(page)).toEqual([])
    await expect(page.getByRole('table', { name: 'Anzahl je Note' })).toBeVisible()
    await expect(page.getByText('Bewertet', { exact: true }).locator('xpath=..')).toContainText('22')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^notenspiegel-\d{4}-\d{2}-\d{2}\.csv$/) // no title: the date names it
    const csv = readFileSync(await download.path())
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // UTF-8 byte order mark
    const lines = csv.toString('utf8').slice(1).split('\r\n')
    expect(lines[0]).toMatch(/^Datum;\d\d\.\d\d\.\d{4}$/) // the list's date (today, unless changed) above the table
    // the file stands on its own: the total, the key and the version it was graded with
    expect(lines.slice(1, 3)).toEqual(['Gesamtpunktzahl;40', 'Notenschlüssel;Standard'])
    expect(lines[3]).toMatch(/^Version;\d+$/)
    expect(lines.slice(4, 6)).toEqual(['', 'Nr.;Name;Punkte;Prozent;Note;Hinweis'])
    expect(lines[6]).toBe('1;Zoë Quellenberg;38,25;95,6%;1;')
    expect(lines.slice(lines.indexOf('Note;Anzahl'), -1)).toHaveLength(16 + 1) // a count per band
    // "1-" written so that a German spreadsheet program keeps it as text, not the number −1
    expect(lines).toContain('3;Mira Abendroth;35,75;89,4%;1\u2212;')
    expect(lines).toContain('21;Clara Weidenhof;zweiundzwanzig;;;„zweiundzwanzig“ ist keine Zahl.')

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    const list = results.locator('xpath=..')
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true) // the list fits without scrolling sideways
    await page.screenshot({ path: test.info().outputPath(`class-list-${width}.png`), fullPage: true })

    // no request (URL, headers or body) carries a name or a value of the list, in any spelling
    const secrets = PUPILS.flatMap(([name, points]) => [name, points, points.replace(',', '.')]).flatMap(
      (s) => [s, encodeURIComponent(s), encodeURIComponent(s).replace(/%20/g, '+'), s.split(' ')[1] ?? s],
    )
    expect(requests.length).toBeGreaterThan(0)
    for (const r of requests) {
      for (const s of secrets) expect(r, `a request carries ${s}`).not.toContain(s)
    }
  })
}

test('print: table, Punkteschlüssel and a Notenspiegel of 40 pupils on one A4 page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/?gesamt=40&erreicht=31,5')
  await page.emulateMedia({ media: 'print' })
  // no Notenspiegel yet: its opener does not print
  await expect(page.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  const more = Array.from({ length: 16 }, (_, i) => `Schülerin ${String(i + 25)}; ${String(10 + i)},5`)
  await page.getByLabel(/eine Zeile je Schülerin oder Schüler/).fill([CLASS_TEXT, ...more].join('\n'))
  await expect(page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row')).toHaveCount(40 + 1)

  await page.emulateMedia({ media: 'print' })
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeHidden()
  await expect(page.getByLabel('Gesamtpunktzahl dieser Arbeit')).toBeHidden()
  await expect(page.getByLabel(/eine Zeile je Schülerin oder Schüler/)).toBeHidden()
  await expect(page.getByRole('button', { name: 'Als CSV herunterladen' })).toBeHidden()
  await expect(page.getByRole('link', { name: 'Verwaltung' })).toBeHidden()
  await expect(page.getByRole('radio', { name: 'Halbe Punkte' })).toBeHidden()
  await expect(page.getByRole('table', { name: /Notenschlüssel/ }).filter({ visible: true })).toHaveCount(1)
  await expect(page.getByRole('rowheader', { name: 'Prozent über' })).toBeVisible() // the horizontal form
  await expect(
    page.getByRole('table', { name: 'Punkteschlüssel für 40 Punkte' }).filter({ visible: true }),
  ).toHaveCount(1)
  await expect(page.getByRole('table', { name: 'Ergebnis je Zeile' })).toBeVisible()
  expect(await clippedChartLabels(page)).toEqual([])
  await page.screenshot({ path: test.info().outputPath('print-media.png'), fullPage: true })

  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('print.pdf') })
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []
  expect(pages).toHaveLength(1)
})

test('Notenspiegel: a class list as teachers paste it, with absent pupils and pupil numbers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 })
  await page.goto('/?gesamt=40')
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  await page
    .getByLabel(/eine Zeile je Schülerin oder Schüler/)
    .fill(
      'Name; Punkte\n\nAnna Berg 31,5\nBen Kraus, 20\nCem Yilmaz;krank\n\nDora Lange fehlt\nEmil Roth\t40',
    )
  await expect(page.getByText(/Leerzeichen, Komma, Semikolon oder\s+Tabulator/)).toBeVisible()
  const rows = page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row')
  await expect(rows).toHaveCount(6)
  // "Nr." counts pupils: the heading and the blank lines before Anna do not shift it
  await expect(rows.nth(1)).toHaveText(/^1\s*Anna Berg\s*31,5\s*78,8%\s*2$/)
  await expect(rows.nth(2)).toHaveText(/^2\s*Ben Kraus\s*20\s*50,0%/)
  await expect(rows.nth(3)).toHaveText(/^3\s*Cem Yilmaz\s*krank: abwesend, nicht bewertet$/)
  await expect(rows.nth(4)).toHaveText(/^4\s*Dora Lange\s*fehlt/)
  await expect(rows.nth(5)).toHaveText(/^5\s*Emil Roth\s*40\s*100,0%\s*1$/)
  await expect(page.getByText('Bewertet', { exact: true }).locator('xpath=..')).toContainText('3')
  await expect(page.getByText('2 fehlten und zählen nicht mit.')).toBeVisible()
  await expect(page.getByText(/ungültig/)).toHaveCount(0) // absent is not an error
  await page
    .getByRole('table', { name: 'Ergebnis je Zeile' })
    .screenshot({ path: test.info().outputPath('absent-390.png') })
})

test('print: a single result prints with the result, from a button as well', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number }
    w.printed = 0
    window.print = () => (w.printed += 1)
  })
  await page.goto('/?gesamt=40&erreicht=31,5')
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('2')
  await page.getByRole('button', { name: 'Drucken' }).click()
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)

  const line = page.getByText(/^Ergebnis: /)
  await expect(line).toBeHidden() // on screen the form says it
  await page.emulateMedia({ media: 'print' })
  await expect(line).toHaveText('Ergebnis: 31,5 von 40 Punkten · 78,8% · Note 2')
  await expect(page.getByRole('button', { name: 'Drucken' })).toBeHidden()
})

test('print: the Notenspiegel for the class, without names or points, small groups merged when chosen', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.print = () => undefined // the test looks at the print media itself
  })
  await page.goto('/?gesamt=40')
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  await page.getByLabel('Titel').fill('7b Mathematik')
  await page.getByLabel(/eine Zeile je Schülerin oder Schüler/).fill(CLASS_TEXT)
  await expect(page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row')).toHaveCount(25)
  await page.getByLabel('Noten mit nur 1 oder 2 Personen zusammenfassen').check()
  await page.getByRole('button', { name: 'Für die Klasse drucken (ohne Namen)' }).click()

  await page.emulateMedia({ media: 'print' })
  const printed = await page.locator('body').innerText()
  for (const [name, points] of PUPILS) {
    expect(printed).not.toContain(name)
    expect(printed).not.toContain(points)
  }
  expect(printed).toContain('Notenspiegel: 7b Mathematik')
  expect(printed).toMatch(/40 Punkte · Notenschlüssel „Standard“, Version \d+ · 22 bewertet/)
  await expect(page.getByRole('table', { name: 'Notenschlüssel' }).filter({ visible: true })).toHaveCount(0)
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeHidden()
  // no whole grade of one or two pupils: every printed count is 0 or at least 3
  const counts = (
    await page
      .getByRole('table', { name: 'Anzahl je Note, für die Klasse' })
      .getByRole('row')
      .nth(1)
      .innerText()
  )
    .split(/\s+/)
    .slice(1)
    .map(Number)
  expect(counts.reduce((a, b) => a + b, 0)).toBe(22)
  expect(counts.filter((n) => n > 0 && n < 3)).toEqual([])
  // this class has two 4s, merged: the average and the share would give them back, so they are left out
  expect(printed).toContain('Durchschnitt und Anteil 5 und 6 entfallen')
  expect(printed).not.toContain('2,64')
  await page.screenshot({ path: test.info().outputPath('class-summary.png'), fullPage: true })
  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('class-summary.pdf') })
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).toHaveLength(1)
})
