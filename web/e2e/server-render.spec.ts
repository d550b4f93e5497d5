import type { Page, Route } from '@playwright/test'
import { expect, test } from './fixtures'

// The page before its JavaScript (web/render.go): the server's answer holds the calculator as the app
// renders it, the app takes it over without building it again, and what is typed before the app
// has arrived is neither lost nor graded wrong.

/** Holds the app's entry script until the returned function lets it through. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((done) => (release = done))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await released
    await route.continue()
  })
  return release
}

/** Console errors and warnings of page from now on (a hydration mismatch is one). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    // the specs block service workers (playwright.config.ts), which the page says
    if (
      (m.type() === 'error' || m.type() === 'warning') &&
      !m.text().includes('Service Worker registration blocked')
    )
      problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  return problems
}

// The calculator's form and its grade table. The lazily loaded parts (the Punkteschlüssel) are taken over
// once their code is there; a change of the page before that makes React render them anew (docs/decisions.md).
const TAKEN_OVER = 'form input, output, section[aria-label="Notenschlüssel"] table'

const percentage = (page: Page) => page.locator('output').first()
const grade = (page: Page) => page.locator('output').nth(1)
/** The grade the table marks (its first marked cell, the grade's own in the layout shown at this width). */
const markedGrade = (page: Page) =>
  page
    .locator(
      'section[aria-label="Notenschlüssel"] thead [aria-current], section[aria-label="Notenschlüssel"] tbody th[aria-current]',
    )
    .first()

test('without JavaScript the page shows the calculator, its result and the grade table', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/?gesamt=40&erreicht=30')
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toHaveValue('40')
  await expect(page.getByLabel('Erreichte Punktzahl')).toHaveValue('30')
  await expect(percentage(page)).toHaveText('75,0%')
  await expect(grade(page)).toHaveText('2')
  await expect(page.getByRole('cell', { name: '89,9995', exact: true }).first()).toBeAttached()
  await expect(page.getByRole('heading', { name: 'Punkteschlüssel für 40 Punkte' })).toBeVisible()
  // the styles came with the page: the header is green before any stylesheet request
  const header = await page.locator('header').evaluate((h) => getComputedStyle(h).backgroundColor)
  expect(header).not.toBe('rgba(0, 0, 0, 0)')
  await context.close()
})

test('in dark mode the page is dark from its first paint, before any script', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark', baseURL })
  const page = await context.newPage()
  await page.goto('/?gesamt=40&erreicht=30')
  await expect(percentage(page)).toHaveText('75,0%')
  const colours = await page.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    light: (() => {
      // the same page's light background, for comparison: what a flash of the wrong theme would show
      const probe = document.createElement('div')
      probe.className = 'bg-slate-50'
      document.body.append(probe)
      return getComputedStyle(probe).backgroundColor
    })(),
  }))
  expect(colours.body).not.toBe(colours.light)
  expect(colours.body).not.toBe('rgba(0, 0, 0, 0)')
  await context.close()
})

test('the app takes the server page over without rendering it again and without a console message', async ({
  page,
}) => {
  const problems = consoleProblems(page)
  const release = await holdApp(page)
  await page.goto('/?gesamt=40&erreicht=30', { waitUntil: 'commit' })
  const total = page.getByLabel('Gesamtpunktzahl', { exact: true })
  await expect(total).toHaveValue('40')
  // mark the server's elements; a page that the app built again would have new ones
  await page.evaluate((selector) => {
    for (const el of Array.from(document.querySelectorAll(selector)))
      (el as unknown as { fromServer: boolean }).fromServer = true
  }, TAKEN_OVER)
  release()
  // the app has taken over when typing moves the grade's mark in the table (the early result marks nothing)
  await page.getByLabel('Erreichte Punktzahl').fill('20')
  await expect(markedGrade(page)).toHaveText('4+')
  await expect(percentage(page)).toHaveText('50,0%')
  await expect(grade(page)).toHaveText('4+')
  const renderedAgain = await page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(selector))
        .filter((el) => (el as unknown as { fromServer?: boolean }).fromServer !== true)
        .map((el) => el.outerHTML.slice(0, 120)),
    TAKEN_OVER,
  )
  expect(renderedAgain).toEqual([])
  await page.waitForTimeout(500)
  expect(problems).toEqual([])
})

test('what is typed before the app arrives is graded at once, by the app’s own rules, and kept', async ({
  page,
}) => {
  const problems = consoleProblems(page)
  const release = await holdApp(page)
  await page.goto('/', { waitUntil: 'commit' })
  await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('40')
  await page.getByLabel('Erreichte Punktzahl').fill('30')
  // the early result (features/calculator/early-result.ts): the app's entry is still held
  await expect(percentage(page)).toHaveText('75,0%')
  await expect(grade(page)).toHaveText('2')
  await expect(page.locator('[aria-current]')).toHaveCount(0)
  const early = await page.locator('output').allTextContents()
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('output')))
      (el as unknown as { fromServer: boolean }).fromServer = true
  })
  release()
  // the app has taken over once it marks the grade in the table; the outputs are the same nodes and texts
  await expect(markedGrade(page)).toHaveText('2')
  expect(await page.locator('output').allTextContents()).toEqual(early)
  expect(
    await page.evaluate(() =>
      Array.from(document.querySelectorAll('output')).every(
        (el) => (el as unknown as { fromServer?: boolean }).fromServer === true,
      ),
    ),
  ).toBe(true)
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toHaveValue('40')
  await expect(page).toHaveURL(/\?gesamt=40&erreicht=30$/)
  // and it goes on from there
  await page.getByLabel('Erreichte Punktzahl').fill('')
  await expect(percentage(page)).toHaveText('')
  expect(problems).toEqual([])
})

test('the early result shows nothing for what the app would not grade', async ({ page }) => {
  const problems = consoleProblems(page)
  const release = await holdApp(page)
  await page.goto('/?gesamt=40&erreicht=30', { waitUntil: 'commit' })
  await expect(percentage(page)).toHaveText('75,0%')
  await page.getByLabel('Erreichte Punktzahl').fill('30x')
  await expect(percentage(page)).toHaveText('')
  await expect(grade(page)).toHaveText('')
  await page.getByLabel('Erreichte Punktzahl').fill('20')
  await expect(percentage(page)).toHaveText('50,0%')
  await expect(grade(page)).toHaveText('4+')
  release()
  // the app marks the typed grade once it has taken over, and shows the same result
  await expect(markedGrade(page)).toHaveText('4+')
  await expect(percentage(page)).toHaveText('50,0%')
  await page.getByLabel('Erreichte Punktzahl').fill('30')
  await expect(markedGrade(page)).toHaveText('2')
  await expect(percentage(page)).toHaveText('75,0%')
  expect(problems).toEqual([])
})

test('a page rendered for another scale than the one this browser follows is rendered by the app', async ({
  page,
}) => {
  const problems = consoleProblems(page)
  await page.goto('/')
  await page.evaluate(() => {
    localStorage.setItem('notenrechner.scale', 'gibt-es-nicht')
  })
  await page.goto('/')
  // the remembered scale does not exist: the app says so instead of showing the default's page as its
  await expect(page.getByText(/gibt es nicht|nicht gefunden|existiert nicht/i).first()).toBeVisible()
  expect(problems.filter((p) => !p.includes('404'))).toEqual([])
})
