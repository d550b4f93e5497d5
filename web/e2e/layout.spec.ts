import type { Locator, Page } from '@playwright/test'
import { expect, standardConfig, test } from './fixtures'

const cells = ['1', '1-', '2+', '2', '2-', '3+', '3', '3-', '4+', '4', '4-', '5+', '5', '5-', '6+', '6']

/** Every element of the page that ends wider than the viewport or than its own box. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`page ${String(document.documentElement.scrollWidth)}`)
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const box = el.getBoundingClientRect()
      if (box.width > 0 && box.right > window.innerWidth + 0.5)
        out.push(`${el.tagName} right ${String(box.right)}`)
    }
    return out
  })
}

test('the app font is the bundled one, loaded before the page is used', async ({ page }) => {
  const fonts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fonts.push(r.url())
  })
  await page.goto('/?gesamt=40&erreicht=31,5')
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('2')
  await page.evaluate(() => document.fonts.ready)
  // check() is true only when the face that serves this text has loaded: a failed or missing
  // woff2 makes it false (the system fallback does not count).
  expect(
    await page.evaluate(() =>
      document.fonts.check('16px "Atkinson Hyperlegible Next Variable"', 'Notenrechner 0123456789'),
    ),
  ).toBe(true)
  const family = await page
    .getByLabel('Gesamtpunktzahl', { exact: true })
    .evaluate((el) => getComputedStyle(el).fontFamily)
  expect(family).toMatch(/^"?Atkinson Hyperlegible Next Variable/)
  expect(fonts.length).toBeGreaterThan(0)
  for (const url of fonts) expect(new URL(url).origin).toBe(new URL(page.url()).origin) // no font CDN
  // preloaded: the HTML names the font file, so it is fetched with the CSS, not after it
  const html = await (await page.request.get('/')).text()
  expect(html).toMatch(
    /<link rel="preload" href="\/assets\/atkinson-hyperlegible-next-latin-wght-normal-[\w-]+\.woff2" as="font" type="font\/woff2" crossorigin/,
  )
})

test('at 1280 px the grade table is horizontal, exact, one line per value, the current grade marked', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/?gesamt=40&erreicht=34')
  const table = page.getByRole('table', { name: /Notenschlüssel/ }).filter({ visible: true })
  await expect(table.getByRole('rowheader', { name: 'Prozent über' })).toBeVisible()
  await expect(table.getByRole('rowheader', { name: 'bis einschließlich' })).toBeVisible()
  await expect(table.getByRole('columnheader')).toHaveText(['Note', ...cells])
  // 34 of 40 is exactly 85 %: grade 1's lower threshold, which 1- excludes
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('2+')
  const over = table.getByRole('row').nth(1).getByRole('cell')
  const upTo = table.getByRole('row').nth(2).getByRole('cell')
  await expect(over).toHaveText([
    '89,9995',
    '85',
    '79,999',
    '74,9995',
    '70',
    '64,999',
    '59,9995',
    '55',
    '49,999',
    '44,9995',
    '40',
    '33,332',
    '26,666',
    '20',
    '10',
    '–',
  ])
  await expect(upTo).toHaveText([
    '100',
    '89,9995',
    '85',
    '79,999',
    '74,9995',
    '70',
    '64,999',
    '59,9995',
    '55',
    '49,999',
    '44,9995',
    '40',
    '33,332',
    '26,666',
    '20',
    '10',
  ])
  const marked = table.locator('[aria-current="true"]')
  await expect(marked).toHaveCount(3) // header, über, bis of 2+
  await expect(marked.first()).toHaveText('2+')
  await expect(page.getByText('genau 85 % ergibt 2+, erst mehr als 85 % ergibt 1-.')).toBeVisible()

  // no value breaks across lines: each cell is one line high (its text's rects all share one top)
  for (const row of [over, upTo]) {
    const lines = await row.evaluateAll((tds) =>
      tds.map((td) => {
        const range = document.createRange()
        range.selectNodeContents(td)
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size
      }),
    )
    expect(lines).toEqual(Array(16).fill(1))
  }
  // likewise the Punkteschlüssel's ranges, in quarter points (the widest)
  await page.getByRole('radio', { name: 'Viertelpunkte' }).check({ force: true })
  const points = page.getByRole('table', { name: 'Punkteschlüssel für 40 Punkte' }).filter({ visible: true })
  await expect(points.getByRole('rowheader', { name: 'Punkte von' })).toBeVisible()
  const heights = await points.getByRole('cell').evaluateAll((tds) =>
    tds.map((td) => {
      const range = document.createRange()
      range.selectNodeContents(td)
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size
    }),
  )
  expect(heights).toEqual(Array(32).fill(1))
  expect(await overflowing(page)).toEqual([])
  await page.screenshot({ path: test.info().outputPath('calculator-1280.png'), fullPage: true })
})

test('at 390 px the grade table is vertical', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/?gesamt=40&erreicht=36')
  const table = page.getByRole('table', { name: /Notenschlüssel/ }).filter({ visible: true })
  await expect(table.getByRole('columnheader')).toHaveText(['Note', 'Prozent über', 'bis einschließlich'])
  await expect(table.getByRole('rowheader', { name: 'Prozent über' })).toBeHidden()
  const rows = table.getByRole('row')
  await expect(rows).toHaveCount(17)
  await expect(rows.nth(2)).toHaveText(/^1-\s*85\s*89,9995$/)
  await expect(rows.nth(16)).toHaveText(/^6\s*–\s*10$/)
  // 36 of 40 is 90 %: above 89,9995, so grade 1, marked in its row
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('1')
  await expect(table.getByRole('rowheader', { name: '1', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  )
  expect(await overflowing(page)).toEqual([])
  await page.screenshot({ path: test.info().outputPath('calculator-390.png'), fullPage: true })
})

for (const width of [390, 1280]) {
  test(`hostile sizes never widen the page at ${width} px`, async ({ page, server }) => {
    await server.importConfig({ ...standardConfig(), name: 'Fachkonferenzmathematik'.repeat(4).slice(0, 80) })
    await page.setViewportSize({ width, height: 900 })
    const huge = '9'.repeat(30)
    await page.goto(`/?gesamt=${huge}&erreicht=${huge.slice(1)}`)
    await expect(page.getByLabel('Note', { exact: true })).toHaveText('6')
    await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
    const name = 'Z'.repeat(3000)
    await page
      .getByLabel(/eine Zeile je Schülerin oder Schüler/)
      .fill(`${name}; 12\nBea; ${huge}\n${'7'.repeat(3000)}`)
    await expect(page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row')).toHaveCount(4)
    await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('1')
    await page.getByLabel('Erreichte Punktzahl').fill(huge)
    await expect(page.getByLabel('Erreichte Prozentzahl')).toHaveText(`${huge}00,0%`)
    expect(await overflowing(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`hostile-${width}.png`), fullPage: true })
  })
}

test('at 390 px „Drucken“ beside the heading is a touch target of 44 px, and the heading does not move', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/?gesamt=40&erreicht=31,5')
  const print = page.getByRole('button', { name: 'Drucken' })
  const box = await print.boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(44)
  expect(box?.width).toBeGreaterThanOrEqual(44)
  // the larger target overlaps the card's padding, not the heading or the field below
  const heading = await page.getByRole('heading', { name: 'Note berechnen' }).boundingBox()
  const field = await page.getByLabel('Gesamtpunktzahl', { exact: true }).boundingBox()
  if (box === null || heading === null || field === null) throw new Error('not shown')
  expect(box.x).toBeGreaterThanOrEqual(heading.x + heading.width)
  expect(box.y + box.height).toBeLessThanOrEqual(field.y)
})

test('at 390 px a list of points per task with an absent pupil scrolls in its own box, not the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/?gesamt=40')
  await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
  await page
    .getByLabel(/eine Zeile je Schülerin oder Schüler/)
    .fill('Name; A1 (10); A2 (15,5); A3 (14,5)\nAnna; 8; 12,5; 10\nBen; 2; 3; 4\nDora; krank\nEmil; 11; 3; 4')
  const rows = page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row')
  await expect(rows).toHaveCount(5)
  await expect(rows.nth(3)).toContainText('abwesend, nicht bewertet') // the screen reader's words, hidden
  // the table is wider than the page and scrolls in its box; the page itself does not
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
})

/** The height of each element, named, that is lower than a touch target of 44 px. */
async function lowTargets(targets: [string, Locator][]): Promise<string[]> {
  const low: string[] = []
  for (const [name, target] of targets) {
    await target.scrollIntoViewIfNeeded()
    const box = await target.boundingBox()
    if (box === null || box.height < 44) low.push(`${name} ${String(box?.height)}`)
  }
  return low
}

for (const width of [390, 1280]) {
  test(`at ${width} px the rows that open a part and the step and sheet choices are touch targets (44 px at 390 px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/?gesamt=40&erreicht=31,5')
    const steps = page.getByRole('group', { name: 'Punkteschritt' }).locator('label')
    await expect(steps).toHaveCount(3)

    await page.getByRole('button', { name: 'Abiturnote berechnen' }).click()
    const abitur = page.getByRole('region', { name: 'Abiturnote' })
    await abitur.getByLabel('Block I (Qualifikationsphase)').fill('520')
    await abitur.getByLabel('Block II (Abiturprüfung)').fill('245')
    await expect(abitur.getByRole('status', { name: 'Abiturnote' })).toContainText('1,4')

    await page.getByRole('button', { name: 'Zeugnisnote berechnen' }).click()
    const zeugnis = page.getByRole('region', { name: 'Zeugnisnote' })
    await zeugnis.getByRole('group', { name: 'schriftlich' }).getByLabel('Noten').fill('2 2')
    await zeugnis.getByRole('group', { name: 'mündlich' }).getByLabel('Noten').fill('3')
    await expect(zeugnis.getByRole('status', { name: 'Vorschlag' })).toBeVisible()

    await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
    await page.getByLabel(/eine Zeile je Schülerin oder Schüler/).fill('Anna; 31,5\nBen; 20')
    await expect(page.getByRole('table', { name: 'Ergebnis je Zeile' }).getByRole('row')).toHaveCount(3)

    const targets: [string, Locator][] = [
      ...[0, 1, 2].map((i): [string, Locator] => [`Punkteschritt ${String(i + 1)}`, steps.nth(i)]),
      ['Abitur: Rechenweg', abitur.locator('summary', { hasText: 'Rechenweg' })],
      [
        'Weitere Bedingungen',
        abitur.locator('summary', { hasText: 'Weitere Bedingungen prüfen (freiwillig)' }),
      ],
      ['Zeugnis: Rechenweg', zeugnis.locator('summary', { hasText: 'Rechenweg' }).first()],
      ['Kommentare', page.locator('summary', { hasText: 'Kommentare für die Rückmeldebögen' })],
      ['Zwei je A4-Seite', page.locator('label', { hasText: 'Zwei je A4-Seite' })],
      ['Einer je A4-Seite', page.locator('label', { hasText: 'Einer je A4-Seite' })],
    ]
    if (width === 390) {
      expect(await lowTargets(targets)).toEqual([])
      // the opened part's row reads as one line: its text stands in the middle of its row, not at the top
      const summary = page.locator('summary', { hasText: 'Kommentare für die Rückmeldebögen' })
      const [row, text] = await summary.evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const r = range.getBoundingClientRect()
        const b = el.getBoundingClientRect()
        return [b.top + b.height / 2, r.top + r.height / 2]
      })
      expect(Math.abs(row - text)).toBeLessThanOrEqual(2)
    } else {
      // on a wide page with a mouse the rows keep their compact height: one line of text
      const heights = await Promise.all(targets.map(async ([, t]) => (await t.boundingBox())?.height ?? 0))
      for (const h of heights) expect(h).toBeLessThan(44)
    }
    expect(await overflowing(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`targets-${String(width)}.png`), fullPage: true })
  })
}
