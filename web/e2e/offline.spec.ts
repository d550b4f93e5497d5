import type { Page } from '@playwright/test'
import { expect, standardConfig, test } from './fixtures'

// Offline and installable (docs/spec.md §2). Service workers are blocked for the other specs
// (playwright.config.ts); this one needs it. http://127.0.0.1 is a secure context.
test.use({ serviceWorkers: 'allow' })

const STALE = 'möglicherweise veraltet'

/** Waits until the service worker is active and controls the page. */
async function controlledBySW(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // clientsClaim() takes over the open page; a reload is the fallback if it has not yet.
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false)
  if (!controlled) {
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  }
}

const cell = (page: Page, name: string) =>
  page.getByRole('cell', { name, exact: true }).filter({ visible: true }).first()

test('with the server stopped the page loads from the service worker and computes with the kept configuration', async ({
  page,
  server,
}) => {
  await page.goto('/')
  await expect(cell(page, '89,9995')).toBeVisible()
  await controlledBySW(page)

  await server.stop()
  const changed = standardConfig()
  changed.name = 'Oberstufe'
  changed.grades['1'].min = 90
  changed.grades['2'].max = 90
  expect(await server.importConfig(changed)).toContain('Version 2') // written while the server is down

  // Without a stream the page asks for the configuration instead (lib/live-connection.ts); with no
  // server that fails too, and the page must say "veraltet", never that it is current by polling.
  const failedPoll = page.waitForEvent('requestfailed', {
    predicate: (r) => new URL(r.url()).pathname === '/api/v1/config',
    timeout: 20_000,
  })
  await page.reload()
  const notice = page.getByRole('status', { name: 'Verbindung' })
  await expect(notice).toContainText(STALE)
  await expect(notice).toContainText(/Stand \d\d\.\d\d\.\d{4}, \d\d:\d\d/)
  await failedPoll
  await expect(notice).toContainText(STALE)
  await expect(page.getByText('Live-Verbindung nicht möglich')).toBeHidden()
  await expect(cell(page, '89,9995')).toBeVisible()
  await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('40')
  await page.getByLabel('Erreichte Punktzahl').fill('31,5')
  await expect(page.getByLabel('Erreichte Prozentzahl')).toHaveText('78,8%')
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('2')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`offline-${String(width)}.png`), fullPage: true })
  }

  await server.start() // same port, same database
  await expect(cell(page, '93,333')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Notenschlüssel: Oberstufe', { exact: true })).toBeVisible()
  await expect(page.getByText(STALE)).toBeHidden()
  await expect(page.getByLabel('Erreichte Punktzahl')).toHaveValue('31,5') // no reload: the input stayed
})

test('the app is installable and the service worker caches nothing of the API', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const res = await request.get(href ?? '')
  expect(res.headers()['content-type']).toBe('application/manifest+json')
  const manifest = (await res.json()) as {
    start_url: string
    display: string
    lang: string
    icons: { sizes: string }[]
  }
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', lang: 'de' })
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons)
    expect((await request.get((icon as unknown as { src: string }).src)).ok()).toBe(true)
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache')

  await controlledBySW(page)
  await page.goto('/admin') // asks /api/v1/auth/session through the service worker
  await expect(page.getByLabel('E-Mail')).toBeVisible()
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const req of await cache.keys()) urls.push(new URL(req.url).pathname)
    }
    return urls
  })
  expect(cached).toContain('/index.html')
  expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([])
})

test('offline, each scale this browser has shown computes with its own kept configuration', async ({
  page,
  server,
}) => {
  const mathe = standardConfig()
  mathe.name = 'Mathematik'
  mathe.grades['4'] = { min: 50, max: 55 }
  mathe.grades['5'] = { min: 20, max: 50 }
  await server.importConfig(mathe, 'mathematik')
  await page.goto('/?gesamt=100&erreicht=45')
  await expect(page.getByText('Notenschlüssel: Standard')).toBeVisible()
  await controlledBySW(page)
  await page.getByRole('combobox', { name: 'Notenschlüssel' }).selectOption({ label: 'Mathematik' })
  await expect(page.getByText('Notenschlüssel: Mathematik')).toBeVisible()
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('5+')

  await server.stop()
  await page.reload() // the address still names mathematik
  await expect(page.getByRole('status', { name: 'Verbindung' })).toContainText(STALE)
  await expect(page.getByText('Notenschlüssel: Mathematik')).toBeVisible()
  await expect(page.getByLabel('Note', { exact: true })).toHaveText('5+')
  await page.goto('/?gesamt=100&erreicht=45')
  // no choice in the address: the remembered one, mathematik, from its own kept copy
  await expect(page.getByText('Notenschlüssel: Mathematik')).toBeVisible()
})

test('offline, a scale with a rule document grades with its own system, marked stale', async ({
  page,
  server,
}) => {
  // the KMK's Notenpunkte as the preset has them (docs/grading-systems.md)
  const from = [95, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 33, 27, 20]
  const kmk = {
    name: 'Oberstufe',
    system: 'notenpunkte',
    preset: 'kmk-oberstufe',
    rule: {
      kind: 'table',
      percentage: 'exact',
      bands: [...from.map((f, i) => ({ grade: String(15 - i), from: f })), { grade: '0' }],
    },
  }
  expect(await server.importConfig(kmk, 'oberstufe')).toContain('Version 1')
  await page.goto('/?schluessel=oberstufe&gesamt=100&erreicht=86')
  const grade = page.getByLabel('Note', { exact: true })
  await expect(grade).toHaveText('13 Punkte (1-)')
  await controlledBySW(page)

  await server.stop()
  await page.reload()
  await expect(page.getByRole('status', { name: 'Verbindung' })).toContainText(STALE)
  await expect(page.getByText('Notenschlüssel: Oberstufe')).toBeVisible()
  await expect(grade).toHaveText('13 Punkte (1-)')
  await page.getByLabel('Erreichte Punktzahl').fill('32,9') // below 33 %: 2 points, a 5
  await expect(grade).toHaveText('2 Punkte (5)')
  await page.getByLabel('Erreichte Punktzahl').fill('33')
  await expect(grade).toHaveText('3 Punkte (5+)')
  await expect(cell(page, 'ab 95')).toBeVisible() // the table in Notenpunkte, "ab" bounds
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `/tmp/offline-rule-${String(width)}.png`, fullPage: true })
  }
})
