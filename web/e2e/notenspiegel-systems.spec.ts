import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN, expect, test } from './fixtures'

// The Notenspiegel on scales of other grading systems (docs/grading-systems.md): a scale made from a
// preset through the API, the calculator opened on it by its address, a class list typed in. The
// screenshots (/tmp/spiegel-*.png and the test's output) are looked at by hand.

/** Creates a scale from a preset as an admin does through the API. */
async function scaleFromPreset(request: APIRequestContext, slug: string, preset: string): Promise<void> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  })
  expect(login.status()).toBe(200)
  const created = await request.post('/api/v1/scales', { data: { slug, preset } })
  expect(created.status()).toBe(201)
}

/** Opens the calculator on a scale with a total and types the class list into the Notenspiegel. */
async function openList(page: Page, slug: string, total: string, lines: string[]): Promise<void> {
  await page.goto(`/?schluessel=${slug}&gesamt=${total}`)
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  await page.getByLabel(/eine Zeile je Schülerin oder Schüler/).fill(lines.join('\n'))
  await expect(page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row')).toHaveCount(
    lines.length + 1,
  )
}

/** The value of one of the figures above the chart ("Durchschnitt"). */
const figure = (page: Page, term: string) =>
  page.getByRole('definition').filter({ has: page.locator('xpath=preceding-sibling::dt', { hasText: term }) })

/** A row of the counts table by its whole grade (its header may name the grade's word after it). */
const countRow = (page: Page, grade: string) =>
  page
    .getByRole('table', { name: 'Anzahl je Note' })
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', {
        name: new RegExp(`^${grade.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`),
      }),
    })

/** Texts of the chart that reach past its picture, as teacher.spec.ts checks them. */
async function clippedChartLabels(page: Page): Promise<string[]> {
  return page.getByRole('img', { name: /Balkendiagramm/ }).evaluate((svg) => {
    const view = (svg as SVGSVGElement).viewBox.baseVal
    return Array.from(svg.querySelectorAll('text'))
      .filter((t) => {
        const b = t.getBBox()
        return b.width === 0 || b.x < view.x || b.x + b.width > view.x + view.width
      })
      .map((t) => t.textContent)
  })
}

/** Checks that nothing reaches past the page or the list, then takes the Notenspiegel's pictures. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    expect(await clippedChartLabels(page)).toEqual([])
    const list = page.getByRole('table', { name: 'Ergebnis je Zeile' }).locator('xpath=..')
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const section = page.locator('[data-print="class-list"]')
    for (const path of [
      `/tmp/spiegel-${name}-${String(width)}.png`,
      test.info().outputPath(`${name}-${String(width)}.png`),
    ])
      await section.screenshot({ path })
  }
}

/** Ten pupils with made-up names. */
const names = ['Anna', 'Ben', 'Cem', 'Dora', 'Emil', 'Fatma', 'Gustav', 'Hanna', 'Ilias', 'Jana']
const list = (points: string[]) => points.map((p, i) => `${names[i] ?? ''} ${String(i + 1)}; ${p}`)

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

test('Notenpunkte: counts by points and grade, the average in points, below 5 points', async ({
  page,
  request,
}) => {
  await scaleFromPreset(request, 'oberstufe', 'kmk-oberstufe')
  // of 60: 60 → 15, 54 → 14, 40 → 9, 30 → 6, 27 → 5, 26,9 → 4, 12 → 1, 11 → 0, 51 → 13 (85 %), 45 → 11 (75 %)
  await openList(
    page,
    'oberstufe',
    '60',
    list(['60', '54', '40', '30', '27', '26,9', '12', '11', '51', '45']),
  )
  const results = page.getByRole('table', { name: 'Ergebnis je Zeile' })
  await expect(results.getByRole('row').nth(1)).toHaveText(/Anna 1\s*60\s*100,0%\s*15\s*1\+/)
  await expect(results.getByRole('row').nth(9)).toHaveText(/Ilias 9\s*51\s*85,0%\s*13\s*1-/)
  // (15 + 14 + 9 + 6 + 5 + 4 + 1 + 0 + 13 + 11) / 10 = 78 / 10
  await expect(figure(page, 'Durchschnitt')).toHaveText('7,80 Punkte')
  await expect(figure(page, 'Anteil unter 5 Punkten')).toHaveText('30,0%') // 4, 1, 0: 3 of 10
  await expect(page.getByText('Der Durchschnitt ist in Notenpunkten')).toBeVisible()
  // 15, 14, 13 are a 1; 6, 5, 4 a 4
  await expect(countRow(page, '1')).toHaveText(/^1\s*3\s*15: 1 · 14: 1 · 13: 1$/)
  await expect(countRow(page, '4')).toHaveText(/^4\s*3\s*6: 1 · 5: 1 · 4: 1$/)
  await expect(page.getByRole('img', { name: /Balkendiagramm/ })).toContainText('Note 4: 3')
  await shoot(page, 'kmk-oberstufe')

  // print: the chart and the list side by side, the second label beside the grade
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('table', { name: 'Anzahl je Note' })).toBeHidden()
  await expect(results.getByRole('row').nth(9)).toHaveText(/Ilias 9\s*51\s*85,0%\s*13\s*1-/)
  expect(await clippedChartLabels(page)).toEqual([])
  await page.screenshot({ path: '/tmp/spiegel-kmk-oberstufe-print.png', fullPage: true })
})

test('Switzerland in quarters: counts by half grade, the average in grades, below 4, written the Swiss way', async ({
  page,
  request,
}) => {
  await scaleFromPreset(request, 'schweiz', 'schweiz-viertel')
  // 1 + 5 · P/40 to the quarter: 40 → 6, 37 → 5,75, 30 → 4,75, 24 → 4, 23 → 4, 22,9 → 3,75, 10 → 2,25, 0 → 1
  await openList(page, 'schweiz', '40', list(['40', '37', '30', '24', '23', '22.9', '10', '0']))
  await expect(figure(page, 'Durchschnitt')).toHaveText('3.94') // 31,5 / 8 = 3,9375
  await expect(figure(page, 'Anteil unter 4')).toHaveText(/^37\.5\s%$/) // 3 of 8
  // grouped by the half grade below: 4,75 is a 4,5, named with its word
  await expect(countRow(page, '4.5')).toHaveText(/^4\.5\s*genügend\s*1\s*4\.75: 1$/)
  await expect(countRow(page, '4')).toHaveText(/^4\s*genügend\s*2\s*4: 2$/)
  // one bar per half grade: its count above it, its name below
  const chart = page.getByRole('img', { name: /Balkendiagramm/ })
  expect(await chart.locator('text').allTextContents()).toEqual([
    ...['1', '6', '1', '5.5', '0', '5', '1', '4.5', '2', '4', '1', '3.5'],
    ...['0', '3', '0', '2.5', '1', '2', '0', '1.5', '1', '1'],
  ])
  expect(await clippedChartLabels(page)).toEqual([])
  await shoot(page, 'schweiz-viertel')
})

test('IHK decimal grades: one bar per whole grade, the bands that occur in the table', async ({
  page,
  request,
}) => {
  await scaleFromPreset(request, 'ihk', 'ihk-dezimal')
  // 100 → 1,0; 92 → 1,4; 91 → 1,5; 75 → 2,8; 50 → 4,4; 49,5 → 4,5 (the pass is judged unrounded); 49,4 → 4,5;
  // 0 → 6,0; 88 → 1,8; 67 → 3,4
  await openList(page, 'ihk', '100', list(['100', '92', '91', '75', '50', '49,5', '49,4', '0', '88', '67']))
  // 26,1 + 1,8 + 3,4 = 31,3; 31,3 / 10 = 3,13
  await expect(figure(page, 'Durchschnitt')).toHaveText('3,13')
  await expect(figure(page, 'Anteil ab 4,5')).toHaveText('30,0%') // 4,5, 4,5 and 6,0
  await expect(countRow(page, '1,5–2,4')).toHaveText(/^1,5–2,4\s*gut\s*2\s*1,5: 1 · 1,8: 1$/)
  await shoot(page, 'ihk-dezimal')
})
