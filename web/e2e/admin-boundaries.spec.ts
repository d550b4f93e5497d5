import type { Locator } from '@playwright/test'
import { ADMIN, boundaryField, expect, gradeRow, signIn, test } from './fixtures'
import { shootBothSchemes } from './screenshots'

// The editor edits each boundary between two grades once, so a gap or an overlap cannot be typed. Screenshots (light and dark) go to
// test-results/ and, to be looked at, to SCREENSHOT_DIR when it is set.

const widths = [390, 1280] as const

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

/**
 * The range the preview's visible table gives one grade label, in either layout: the row headed
 * by the label (narrow) or the cells under the label's column (wide), their values in order.
 */
async function previewRange(preview: Locator, grade: string): Promise<string> {
  const table = preview.getByRole('table').filter({ visible: true })
  await expect(table).toHaveCount(1)
  return table.evaluate((t: HTMLTableElement, label: string) => {
    const text = (cell: Element | null | undefined) => (cell?.textContent ?? '').replace(/\s+/g, ' ').trim()
    const rows = Array.from(t.querySelectorAll('tr'))
    const row = rows.find(
      (r) => r.children.length >= 2 && r.children[0].tagName === 'TH' && text(r.children[0]) === label,
    )
    if (row !== undefined) return Array.from(row.children).slice(1).map(text).join(' ')
    const column = Array.from(t.querySelectorAll('thead th')).findIndex((c) => text(c) === label)
    return Array.from(t.querySelectorAll('tbody tr'))
      .map((r) => text(r.children[column]))
      .join(' ')
  }, grade)
}

/** The numbers in a range's text, whatever the notation ("über 90 bis 93,333" → ["90", "93,333"]). */
const numbers = (range: string) => range.match(/\d+(?:,\d+)?/g) ?? []

for (const width of widths) {
  test(`${width} px: one boundary moves both neighbours; invalid shows errors, not a table; saved shows saved`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const puts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r.url())
    })
    await signIn(page, ADMIN.email, ADMIN.password)
    const preview = page.getByRole('region', { name: 'Vorschau' })
    await expect(preview).toContainText('So zeigt der Rechner die Tabelle der gespeicherten Version 1.')
    expect(numbers(await previewRange(preview, '1-'))).toContain('85')

    // one boundary, both neighbours: grade 1 now starts above 90, grade 2 ends at 90
    await boundaryField(page, 1).fill('90')
    await expect(gradeRow(page, 2)).toContainText('bis 90 %')
    await expect(gradeRow(page, 1)).toContainText('bis 100 %')
    await expect.poll(async () => numbers(await previewRange(preview, '1-'))[0]).toBe('90')
    expect(numbers(await previewRange(preview, '2+')).at(-1)).toBe('90')
    await expect(preview).toContainText('(noch nicht gespeichert)')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

    // boundaries out of order: the preview lists what is wrong instead of a table
    await boundaryField(page, 2).fill('95')
    await boundaryField(page, 2).blur()
    await expect(preview.getByRole('table')).toHaveCount(0)
    await expect(preview.getByRole('listitem')).toHaveText([
      'Grenze zwischen Note 1 und 2: Muss größer sein als die Grenze zwischen Note 2 und 3 (95 %).',
      'Grenze zwischen Note 2 und 3: Muss kleiner sein als die Grenze zwischen Note 1 und 2 (90 %).',
    ])
    await expect(boundaryField(page, 2)).toHaveAttribute('aria-invalid', 'true')
    await expect(boundaryField(page, 2)).toHaveAccessibleDescription(
      'Muss kleiner sein als die Grenze zwischen Note 1 und 2 (90 %).',
    )
    await shootBothSchemes(page, `editor-invalid-${width}`)
    await page.getByRole('button', { name: 'Speichern' }).click()
    await expect(page.getByText('Ungespeicherte Änderungen.')).toBeVisible()
    expect(puts).toEqual([]) // refused before sending

    // fixed: the table is back; saved: the preview says so
    await boundaryField(page, 2).fill('70')
    await expect(preview.getByRole('listitem')).toHaveCount(0)
    await expect(boundaryField(page, 1)).not.toHaveAttribute('aria-invalid')
    await shootBothSchemes(page, `editor-unsaved-${width}`)
    await page.getByRole('button', { name: 'Speichern' }).click()
    await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()
    await expect(preview).toContainText('So zeigt der Rechner die Tabelle der gespeicherten Version 2.')
    await expect(preview).not.toContainText('noch nicht gespeichert')
    expect(numbers(await previewRange(preview, '1-'))[0]).toBe('90')

    const stored = (await (await page.request.get('/api/v1/config')).json()) as {
      config: { grades: Record<string, { min: number; max: number }> }
    }
    expect(stored.config.grades).toMatchObject({ '1': { min: 90, max: 100 }, '2': { min: 70, max: 90 } })
  })
}
