// One deployment, several schools (docs/spec.md §14): each school at its own address with its own key and
// accounts, and an address of no school gets a German page. Chromium resolves *.localhost to this machine,
// so the schools' addresses reach the one test server.
import { expect, presetDocument, test } from './fixtures'
import { freePort } from './server'

const widths = [390, 1280]

test('two schools on one server: each its own key and accounts, a host of none gets the German page', async ({
  page,
  server,
}) => {
  await server.stop()
  server.port = await freePort()
  const alpha = `http://alpha.localhost:${String(server.port)}`
  const beta = `http://beta.localhost:${String(server.port)}`
  await server.importConfig(presetDocument('standard-ab', 'Schlüssel der Schule Alpha'))
  await server.cli(['school', 'add'], ['--url', alpha, '--name', 'Schule Alpha'])
  await server.cli(['school', 'add'], ['--url', beta, '--name', 'Schule Beta'])
  await server.createAdmin('leitung@alpha.test', 'ein sicheres Alpha-Passwort', alpha)
  await server.start()

  await page.goto(`${alpha}/?total=40&achieved=30`)
  await expect(page.getByText('Schlüssel der Schule Alpha').first()).toBeVisible()
  await page.goto(`${beta}/`)
  await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeVisible()
  await expect(page.getByText('Schlüssel der Schule Alpha')).toHaveCount(0)

  // Alpha's admin signs in at Alpha and is nobody at Beta.
  for (const [school, ok] of [
    [alpha, true],
    [beta, false],
  ] as const) {
    await page.goto(`${school}/admin`)
    await page.getByLabel('E-Mail').fill('leitung@alpha.test')
    await page.getByLabel('Passwort', { exact: true }).fill('ein sicheres Alpha-Passwort')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    if (ok) await expect(page.getByText('Angemeldet.', { exact: true })).toBeVisible()
    else await expect(page.getByText('E-Mail oder Passwort ist falsch.')).toBeVisible()
  }

  for (const width of widths) {
    await page.setViewportSize({ width, height: 700 })
    const answer = await page.goto(`http://gamma.localhost:${String(server.port)}/admin`)
    expect(answer?.status()).toBe(404)
    await expect(
      page.getByRole('heading', { name: 'Unter dieser Adresse ist keine Schule eingerichtet.' }),
    ).toBeVisible()
    await expect(page.getByText('Alpha')).toHaveCount(0)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBe(0)
    await page.screenshot({ path: test.info().outputPath(`no-school-${String(width)}.png`) })
  }
})
