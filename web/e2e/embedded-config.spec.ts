import type { Page, Route } from '@playwright/test'
import { expect, standardConfig, test } from './fixtures'

// The page carries the configuration (web/page.go): the first render shows the form and
// the table without the stream; the stream then confirms the version (nothing is rendered again)
// or replaces it with a newer one.

const cell = (page: Page, name: string) =>
  page.getByRole('cell', { name, exact: true }).filter({ visible: true }).first()

/** Holds every live stream request of page until the returned function lets them through. */
async function holdStreams(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((done) => (release = done))
  await page.route('**/api/v1/config/events', async (route: Route) => {
    await released
    await route.continue()
  })
  return release
}

/** Counts every change of the calculator's form and tables from now on. */
async function countChanges(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { changes: number }
    w.changes = 0
    const observer = new MutationObserver((records) => (w.changes += records.length))
    for (const part of Array.from(document.querySelectorAll('form, table'))) {
      observer.observe(part, { subtree: true, childList: true, characterData: true, attributes: true })
    }
  })
}

test('the first render has the configuration of the page, and the stream confirms it without rendering again', async ({
  page,
}) => {
  const release = await holdStreams(page)
  await page.goto('/')
  // No event has come: the form and the table show the served configuration.
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeVisible()
  await expect(cell(page, '89,9995')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('notenrechner.config'))).toBeNull() // kept only from the stream

  // The server's page is taken over by the app (main.tsx) first: the Notenspiegel's opener shows only after.
  await expect(page.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()
  await countChanges(page)
  release()
  // The stream's event (the same version) has been received when it is kept.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('notenrechner.config'))).not.toBeNull()
  await page.waitForTimeout(300) // a render after the event would land within a frame or two
  expect(await page.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(0)
})

test('a newer version on the stream replaces the configuration of the page', async ({ page, server }) => {
  const release = await holdStreams(page)
  await page.goto('/')
  await expect(cell(page, '89,9995')).toBeVisible()

  const changed = standardConfig()
  changed.name = 'Oberstufe'
  changed.grades['1'].min = 90
  changed.grades['2'].max = 90
  expect(await server.importConfig(changed)).toContain('Version 2')
  release()
  // grade 1 is now 90-100 with a 33.33 % minus band: 93,333
  await expect(cell(page, '93,333')).toBeVisible()
  await expect(page.getByText('Notenschlüssel: Oberstufe', { exact: true })).toBeVisible()
})

test('the page of the server carries the current version, escaped, under the CSP', async ({
  page,
  server,
}) => {
  const res = await page.request.get(`${server.url}/`)
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'")
  const html = await res.text()
  const block =
    /<script type="application\/json" id="notenrechner-config" data-schluessel="">([^<]*)<\/script>/.exec(
      html,
    )
  expect(block).not.toBeNull()
  const data = JSON.parse(block?.[1] ?? '') as { version: number; config: { name: string } }
  expect(data.version).toBe(1)
  const tag = res.headers().etag

  const changed = standardConfig()
  changed.name = '</script><script>alert(1)</script>'
  expect(await server.importConfig(changed)).toContain('Version 2')
  await expect
    .poll(async () =>
      (await page.request.get(`${server.url}/`, { headers: { 'If-None-Match': tag } })).status(),
    )
    .toBe(200)
  const newer = await (await page.request.get(`${server.url}/`)).text()
  expect(newer.match(/<\/script>/g)?.length).toBe(html.match(/<\/script>/g)?.length) // no block ended early
  expect(newer).toContain('\\u003c/script\\u003e')
})
