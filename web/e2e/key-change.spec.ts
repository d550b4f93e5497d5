import { expect, standardConfig, test } from './fixtures'

// Nothing changes under a teacher's hands (docs/spec.md §2): when an admin saves the key a page shows,
// the page says so where the teacher looks, with what changed and the new version, and the
// Notenspiegel names the version it graded with, which it keeps until the teacher takes the new one.

const currentVersion = async (page: import('@playwright/test').Page) =>
  page.evaluate(async () => ((await (await fetch('/api/v1/config')).json()) as { version: number }).version)

for (const width of [390, 1280]) {
  test(`a save while the page is open is announced with what changed (${String(width)} px)`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/?gesamt=40&erreicht=4,4')
    const grade = page.getByLabel('Note', { exact: true })
    await expect(grade).toHaveText('6+') // 11 %: the 6 ends at 10 %
    const before = await currentVersion(page)
    await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
    await page.getByLabel(/eine Zeile je Schülerin oder Schüler/).fill('Anna 4,4\nBen 30')
    const gradedWith = page.getByText(/^Bewertet mit dem Notenschlüssel/)
    await expect(gradedWith).toHaveText(
      `Bewertet mit dem Notenschlüssel „Standard“, Version ${String(before)}.`,
    )
    await expect(page.getByRole('heading', { name: 'Der Notenschlüssel wurde geändert' })).toHaveCount(0)

    // the 6's share of 0–20 % from a half to 60 %: 11 % is a 6 now, no longer a 6+
    const changed = standardConfig()
    changed.schema['6'] = { normal: 60 }
    await server.importConfig(changed)

    const notice = page.getByRole('complementary', { name: 'Der Notenschlüssel wurde geändert' })
    await expect(notice).toBeVisible()
    await expect(grade).toHaveText('6')
    await expect(notice).toContainText(`Jetzt gilt Version ${String(before + 1)}`)
    await expect(notice).toContainText(`(vorher Version ${String(before)})`)
    await expect(notice.getByRole('listitem')).toHaveText([
      '6+: über 12 bis 20 % (vorher über 10 bis 20 %)',
      '6: bis 12 % (vorher bis 10 %)',
    ])
    await expect(
      page.getByRole('alert').filter({ hasText: 'Der Notenschlüssel wurde geändert: jetzt Version' }),
    ).toHaveCount(1)
    // the class list keeps the key it was graded with, says so, and takes the new one on purpose
    await expect(gradedWith).toHaveText(
      `Bewertet mit dem Notenschlüssel „Standard“, Version ${String(before)}.`,
    )
    await expect(page.getByText(/Diese Liste gehört zu ihrer eigenen Arbeit/)).toBeVisible()
    await page.getByRole('button', { name: 'Mit dem Schlüssel von oben neu bewerten' }).click()
    await expect(gradedWith).toHaveText(
      `Bewertet mit dem Notenschlüssel „Standard“, Version ${String(before + 1)}.`,
    )

    // where the teacher looks: at the Notenspiegel, far down the page, the notice is on screen too
    await page.getByRole('table', { name: 'Ergebnis je Zeile' }).scrollIntoViewIfNeeded()
    await expect(notice).toBeInViewport()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`key-change-${String(width)}.png`) })

    await notice.getByRole('button', { name: 'Verstanden' }).click()
    await expect(notice).toHaveCount(0)
  })
}

test('choosing another scale is no change of the key', async ({ page, server }) => {
  const math = standardConfig()
  math.name = 'Mathematik'
  await server.importConfig(math, 'mathematik')
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Notenschlüssel' }).getByText(/^Notenschlüssel:/)).toHaveText(
    'Notenschlüssel: Standard',
  )
  await page.getByRole('combobox', { name: 'Notenschlüssel' }).selectOption({ label: 'Mathematik' })
  await expect(page.getByRole('region', { name: 'Notenschlüssel' }).getByText(/^Notenschlüssel:/)).toHaveText(
    'Notenschlüssel: Mathematik',
  )
  await page.waitForTimeout(300) // the stream's first event of the new scale
  await expect(page.getByRole('complementary', { name: 'Der Notenschlüssel wurde geändert' })).toHaveCount(0)
})
