import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { shootBothSchemes } from './screenshots'

// The Abitur average on the calculator page (docs/spec.md §12) as a pupil on a phone or a laptop uses it:
// typed and computed in the browser, nothing sent, nothing stored.

async function openTool(page: Page): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Abiturnote berechnen' }).click()
  const tool = page.getByRole('region', { name: 'Abiturnote' })
  await expect(tool.getByLabel('Block I (Qualifikationsphase)')).toBeVisible()
  return tool
}

for (const width of [390, 1280]) {
  test(`a pupil at ${width} px: 520 + 245 points give 1,4, 4 points short of 1,3, with the working`, async ({
    page,
    server,
  }) => {
    const sent: { origin: string; text: string }[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      sent.push({ origin: url.origin, text: `${url.search} ${r.postData() ?? ''}` })
    })
    await page.setViewportSize({ width, height: 900 })
    const tool = await openTool(page)
    await tool.getByLabel('Block I (Qualifikationsphase)').fill('520')
    await tool.getByLabel('Block II (Abiturprüfung)').fill('245')
    const result = tool.getByRole('status', { name: 'Abiturnote' })
    await expect(result).toContainText('Durchschnittsnote1,4')
    await expect(result).toContainText('Bestanden · 765 Punkte')
    await expect(result).toContainText('Für 1,3 fehlen noch 4 Punkte (ab 769 Punkten).')
    await tool.getByText('Rechenweg').click()
    await expect(
      tool.getByText('N = 17/3 − E/180 = 17/3 − 765/180 = 1,4166…', { exact: false }),
    ).toBeVisible()
    await tool.getByText('Weitere Bedingungen prüfen (freiwillig)').click()
    await tool.getByLabel('davon unter 5 Punkten').fill('6')
    await tool.getByLabel('Prüfungen ab 5 Punkten').fill('4')
    await expect(result).toContainText('Bestanden')
    await tool.getByRole('heading', { name: 'Abiturnote' }).scrollIntoViewIfNeeded()

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `abitur-${width}`)
    await tool.screenshot({ path: test.info().outputPath(`abitur-tool-${width}.png`) })
    expect(sent.length).toBeGreaterThan(0)
    for (const r of sent) {
      expect(r.origin, 'a request leaves the server').toBe(server.url)
      for (const points of ['520', '245', '765'])
        expect(r.text, `a request carries ${points}`).not.toContain(points)
    }
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('abitur')))).toEqual(
      [],
    )
  })

  test(`a pupil at ${width} px: a total under a minimum names the rule that failed`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    const tool = await openTool(page)
    await tool.getByRole('radio', { name: 'nur die Gesamtpunktzahl' }).check()
    await tool.getByLabel('Gesamtpunktzahl', { exact: true }).fill('280')
    const result = tool.getByRole('status', { name: 'Abiturnote' })
    await expect(result).toContainText('Nicht bestanden')
    await expect(tool.getByRole('list', { name: 'Nicht erfüllt' })).toContainText(
      'Gesamtpunktzahl 280 – mindestens 300 sind nötig',
    )
    await tool.getByLabel('Gesamtpunktzahl', { exact: true }).fill('901')
    await expect(tool.getByLabel('Gesamtpunktzahl', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await tool.getByLabel('Gesamtpunktzahl', { exact: true }).fill('280')
    await tool.getByRole('heading', { name: 'Abiturnote' }).scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `abitur-failed-${width}`)
    await tool.screenshot({ path: test.info().outputPath(`abitur-tool-failed-${width}.png`) })
  })
}
