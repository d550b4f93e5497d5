import type { Page, Request } from '@playwright/test'
import { expect, standardConfig, test } from './fixtures'
import { shootBothSchemes } from './screenshots'

// The key for this test lives in the page's address only (docs/spec.md §10): a teacher opens a link with an
// adjustment, changes it, copies the link and opens its QR code, and no request the page makes carries the
// adjustment. The navigation to the link itself is the one exception: it is the address, which the server
// renders as it renders every address.

const ADJUSTMENT = /[?&](bestehen|beste|rundung|punkte)=|"(bestehen|beste|rundung|punkte|pass|top|step)"/
// the API requests a calculator page makes: the scale, its events, an old version's document, and what
// every calculator page asks: the list of scales (the picker) and whether someone is signed in (the header)
const ALLOWED_API = /^\/api\/v1\/((config|scales\/[^/]+)(\/events|\/versions\/\d+)?|scales|auth\/session)$/

const grade = (page: Page) => page.getByLabel('Note', { exact: true })
const moved = (page: Page) =>
  page
    .getByRole('region', { name: 'Notenschlüssel' })
    .locator('p')
    .filter({ hasText: /^Für diese Arbeit angepasst:/ })

function record(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (r) => requests.push(r))
  return requests
}

function checkRequests(requests: Request[]) {
  const seen = requests.map((r) => ({
    nav: r.isNavigationRequest() && r.resourceType() === 'document',
    url: new URL(r.url()),
    body: r.postData() ?? '',
  }))
  for (const { nav, url, body } of seen) {
    if (nav) continue
    expect(url.search + body, url.href).not.toMatch(ADJUSTMENT)
    if (url.pathname.startsWith('/api/')) expect(url.pathname).toMatch(ALLOWED_API)
  }
  return seen
}

test('a teacher opens an adjusted link, changes it, copies it and opens its QR code; no request carries it', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 900 })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { version } = (await (await page.request.get('/api/v1/config')).json()) as { version: number }
  const requests = record(page)
  const link = `/?gesamt=40&erreicht=30&bestehen=45&stand=${String(version)}`
  await page.goto(link)
  await expect(page.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()
  await expect(moved(page)).toContainText('4- über 45 % statt 40 %')
  await expect(moved(page)).toContainText(`Stand ${String(version)})`)
  await expect(page.getByRole('button', { name: 'Link kopieren' })).toBeVisible()

  await page.getByRole('button', { name: 'Schlüssel anpassen' }).click()
  const pass = page.getByRole('textbox', { name: 'Bestehensgrenze (%)' })
  // 40 is the school's own bound: the key is the school's again, and its address needs no sharing of its own
  await pass.fill('40')
  await expect(moved(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Link kopieren' })).toHaveCount(0)
  await pass.fill('42')
  await expect(moved(page)).toContainText('4- über 42 % statt 40 %')
  await expect(page).toHaveURL(/[?&]bestehen=42(&|$)/)
  const grade42 = await grade(page).textContent()

  await page.getByRole('button', { name: 'Link kopieren' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link kopiert' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())

  await page.getByRole('button', { name: 'QR-Code' }).click()
  const qr = page.getByRole('img', { name: 'QR-Code dieser Adresse' })
  await expect(qr).toBeVisible()
  expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240)
  await qr.scrollIntoViewIfNeeded()
  await shootBothSchemes(page, 'adjust-share-qr-390', { fullPage: false })

  const enlarge = page.getByRole('button', { name: 'Groß zeigen' })
  await enlarge.click()
  const overlay = page.getByRole('dialog', { name: 'QR-Code groß' })
  const large = overlay.getByRole('img', { name: 'QR-Code dieser Adresse' })
  await expect(large).toBeVisible()
  expect((await large.boundingBox())?.width ?? 0).toBeGreaterThan(300)
  await page.keyboard.press('Escape')
  await expect(overlay).toHaveCount(0)
  await expect(enlarge).toBeFocused()
  // the grade stayed that of the adjusted key
  await expect(grade(page)).toHaveText(grade42 ?? '')

  const seen = checkRequests(requests)
  // nor do the typed values travel under other names
  for (const { nav, url, body } of seen) {
    if (!nav) expect(url.search + body, url.href).not.toMatch(/[=:]"?4[25]\b/)
  }
  // the link's navigation is the only request with the adjustment, and it is the address itself
  expect(seen.filter((s) => s.nav).map((s) => s.url.pathname + s.url.search)).toEqual([link])
  // the QR encoder's code came when the code was opened
  expect(seen.some((s) => /\/assets\/qr-code-[\w-]+\.js$/.test(s.url.pathname))).toBe(true)
})

test('a link made on an older version fetches only that version’s document', async ({ page, server }) => {
  // the school's scale has changed since the link was made on version 1
  const changed = standardConfig()
  changed.name = 'Neu'
  expect(await server.importConfig(changed)).toContain('Version 2')
  // the server sees another process's save at its next look at the store
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/v1/config')).json()) as { version: number }).version,
    )
    .toBe(2)
  const requests = record(page)
  await page.goto(`/?stand=1&bestehen=45&gesamt=100&erreicht=43`)
  await expect(moved(page)).toContainText('Stand 1)')
  const seen = checkRequests(requests)
  expect(seen.filter((s) => s.url.pathname === '/api/v1/config/versions/1')).toHaveLength(1)
})
