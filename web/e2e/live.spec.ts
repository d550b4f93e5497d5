import { expect, standardConfig, test, toastsLoaded } from './fixtures'

test('a configuration imported by another process shows on every open page without reload', async ({
  browser,
  server,
}) => {
  const pages = []
  const contexts = []
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ baseURL: server.url })
    contexts.push(context)
    const page = await context.newPage()
    await page.goto('/')
    await expect(
      page.getByRole('cell', { name: '89,9995', exact: true }).filter({ visible: true }).first(),
    ).toBeVisible()
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'not reloaded'))
    pages.push(page)
  }

  const changed = standardConfig()
  changed.name = 'Oberstufe'
  changed.grades['1'].min = 90
  changed.grades['2'].max = 90
  const out = await server.importConfig(changed)
  expect(out).toContain('Version 2')

  for (const page of pages) {
    // grade 1 is now 90-100 with a 33.33 % minus band: 93,333 (t1 = 90 + 10 × 33,33 %)
    await expect(
      page.getByRole('cell', { name: '93,333', exact: true }).filter({ visible: true }).first(),
    ).toBeVisible()
    await expect(page.getByText('Notenschlüssel: Oberstufe', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('not reloaded')
  }
  for (const context of contexts) await context.close()
})

/** Grade 1 from 90 %: 88 % is a 1- under the standard configuration and a 2+ under this one. */
function oberstufe() {
  const changed = standardConfig()
  changed.name = 'Oberstufe'
  changed.grades['1'].min = 90
  changed.grades['2'].max = 90
  return changed
}

test('while the server is down the page keeps calculating, and it catches up by itself when the server returns', async ({
  page,
  server,
}) => {
  await page.goto('/')
  const total = page.getByLabel('Gesamtpunktzahl', { exact: true })
  const achieved = page.getByLabel('Erreichte Punktzahl')
  const grade = page.getByLabel('Note', { exact: true })
  await expect(
    page.getByRole('cell', { name: '89,9995', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()

  await toastsLoaded(page)
  await server.stop()
  await expect(page.getByText('Verbindung zur Live-Konfiguration unterbrochen. Neuer Versuch …')).toBeVisible(
    { timeout: 10_000 },
  )
  // The last configuration stays: the calculator and the table work without the server.
  await total.fill('25')
  await achieved.fill('22')
  await expect(page.getByLabel('Erreichte Prozentzahl')).toHaveText('88,0%')
  await expect(grade).toHaveText('1-')
  await expect(
    page.getByRole('cell', { name: '89,9995', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()

  // A newer configuration is written while the server is down …
  expect(await server.importConfig(oberstufe())).toContain('Version 2')
  await server.start() // same port, same database
  // … and the page reconnects by itself, says so, and shows it.
  await expect(page.getByText('Verbindung wiederhergestellt.')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Notenschlüssel: Oberstufe', { exact: true })).toBeVisible()
  await expect(
    page.getByRole('cell', { name: '93,333', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
  await expect(grade).toHaveText('2+') // the same 88 % under the new configuration
})

test('a proxy answering 502 during the restart does not leave the page without live updates', async ({
  page,
  server,
}) => {
  await page.goto('/')
  await expect(
    page.getByRole('cell', { name: '89,9995', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()

  await toastsLoaded(page)
  await server.stop()
  const proxy = await server.standIn(502)
  await expect(page.getByText('Verbindung zur Live-Konfiguration unterbrochen. Neuer Versuch …')).toBeVisible(
    { timeout: 10_000 },
  )
  // EventSource closes for good on a 502; the page must open new ones, more than once.
  await expect.poll(() => proxy.streamRequests(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
  await proxy.close()

  await server.importConfig(oberstufe())
  await server.start()
  await expect(page.getByText('Verbindung wiederhergestellt.')).toBeVisible({ timeout: 20_000 })
  await expect(
    page.getByRole('cell', { name: '93,333', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
})
