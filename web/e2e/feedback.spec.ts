import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, presetDocument, test, withoutPageConfig } from './fixtures'
import { shootBothSchemes } from './screenshots'

// The calculator says what is wrong with an input, the first load that fails explains
// itself, and the Notenspiegel keeps its work and context. At both widths.

const widths = [390, 1280] as const

/** The message linked to a field, or null when none is linked. */
async function message(page: Page, field: Locator): Promise<string | null> {
  const id = await field.getAttribute('aria-describedby')
  if (id === null) return null
  return page.locator(`[id="${id}"]`).textContent()
}

for (const width of widths) {
  test(`input feedback at the field at ${width} px`, async ({ page }) => {
    await page.clock.install() // the pause before a message is the page's timer: run it by hand
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    const total = page.getByLabel('Gesamtpunktzahl', { exact: true })
    const achieved = page.getByLabel('Erreichte Punktzahl')
    const percentage = page.getByLabel('Erreichte Prozentzahl')
    const grade = page.getByLabel('Note', { exact: true })

    // not a number: nothing while typing, then the message after a pause, linked and announced
    await total.fill('23 ,5')
    await expect(total).not.toHaveAttribute('aria-invalid') // still typing
    await page.clock.runFor(800)
    await expect(total).toHaveAttribute('aria-invalid', 'true')
    expect(await message(page, total)).toBe(
      '„23 ,5“ ist keine Zahl. Möglich sind zum Beispiel 12, 12,5 oder 12.5.',
    )
    const region = page.locator(`[id="${(await total.getAttribute('aria-describedby')) ?? ''}"]`)
    await expect(region).toHaveAttribute('aria-live', 'polite')
    await expect(total).toBeFocused() // no focus theft: the person types on where they were
    await achieved.fill('20')
    await expect(percentage).toHaveText('')
    await expect(grade).toHaveText('')

    // leaving the field shows the message at once
    for (const [text, want] of [
      ['20 Punkte', '„20 Punkte“ ist keine Zahl.'],
      ['20%', '„20%“ ist keine Zahl.'],
      ['0', 'Die Gesamtpunktzahl muss größer als 0 sein.'],
    ] as const) {
      await total.fill(text)
      await total.press('Tab')
      await expect(total).toHaveAttribute('aria-invalid', 'true')
      expect(await message(page, total)).toContain(want)
      await expect(grade).toHaveText('')
    }

    // 1.000: asked about, read as docs/spec.md §3 says (1,0), and the result still shown
    await total.fill('1.000')
    await achieved.fill('500')
    await achieved.press('Tab')
    expect(await message(page, total)).toBe(
      '„1.000“ wird als 1,000 gelesen. Für tausend bitte 1000 eingeben.',
    )
    await expect(percentage).toHaveText('50000,0%')
    await expect(grade).toHaveText('1+')

    // above the total and negative: a visible warning, the result by the rule
    await total.fill('40')
    await achieved.fill('41')
    await achieved.press('Tab')
    await expect(total).not.toHaveAttribute('aria-invalid')
    await expect(achieved).toHaveAttribute('aria-invalid', 'true')
    expect(await message(page, achieved)).toBe(
      'Mehr als 40 Punkte. Das Ergebnis liegt über 100\u00a0% (Note 1+).',
    )
    await expect(page.getByText('Mehr als 40 Punkte.')).toBeVisible()
    await expect(percentage).toHaveText('102,5%')
    await expect(grade).toHaveText('1+')
    await achieved.fill('-3')
    await achieved.press('Tab')
    expect(await message(page, achieved)).toContain('Punkte können nicht negativ sein.')
    await expect(grade).toHaveText('6')

    // a valid value takes the message away
    await achieved.fill('31,5')
    await expect(achieved).not.toHaveAttribute('aria-invalid')
    expect(await message(page, achieved)).toBeNull()
    await expect(grade).toHaveText('2')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`feedback-${width}.png`), fullPage: true })
  })

  test(`a first load that fails explains itself and tries again at ${width} px`, async ({ page }) => {
    await page.clock.install()
    await page.setViewportSize({ width, height: 900 })
    await withoutPageConfig(page) // with one, the page has a configuration from the start
    // neither the stream nor the polls it falls back to (lib/live-connection.ts) get through
    const unreachable = (url: URL) => url.pathname.startsWith('/api/v1/config')
    await page.route(unreachable, (route) => route.abort())
    // the connection's code loads after the first render: its 10 s run from its first try, not the load
    const tried = page.waitForRequest((request) => unreachable(new URL(request.url())))
    await page.goto('/')
    await expect(page.getByRole('status', { name: 'Konfiguration wird geladen' })).toBeVisible()
    await tried
    await page.clock.runFor(10_000)
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Der Notenschlüssel kann gerade nicht geladen werden' })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText('Die Seite versucht es weiter')
    await page.screenshot({ path: test.info().outputPath(`load-failed-${width}.png`), fullPage: true })

    await page.unroute(unreachable)
    await alert.getByRole('button', { name: 'Erneut versuchen' }).click()
    await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeVisible()
    await expect(alert).toBeHidden()
  })

  test(`the Notenspiegel keeps its work and context at ${width} px`, async ({ page }) => {
    const sent: string[] = []
    page.on('request', (r) => {
      sent.push(`${r.url()}\n${r.postData() ?? ''}`)
    })
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/?gesamt=40')
    await page.getByRole('button', { name: 'Notenspiegel erstellen' }).click()
    await page.getByLabel('Titel').fill('7b Mathematik, 2. Klassenarbeit')
    await page.getByLabel('Datum').fill('2026-11-23')
    await page
      .getByLabel(/eine Zeile je Schülerin oder Schüler/)
      .fill('Name\tPunkte\nAnna Quellenberg\t31,5\nBen Wiesenhuber\t12')
    await expect(
      page.getByText('Die erste Zeile „Name\tPunkte“ ist eine Überschrift und wurde übersprungen.'),
    ).toBeVisible()
    const results = page.getByRole('table', { name: 'Ergebnis je Zeile' })
    await expect(results.getByRole('row')).toHaveCount(3) // the heading is not a pupil
    await expect(page.getByText(/bleiben nur in diesem Browser-Tab, bis er geschlossen wird/)).toBeVisible()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('notenspiegel-7b-mathematik-2-klassenarbeit-2026-11-23.csv')
    const csv = readFileSync(await download.path(), 'utf8')
      .slice(1)
      .split('\r\n')
    expect(csv.slice(0, 2)).toEqual(['Titel;7b Mathematik, 2. Klassenarbeit', 'Datum;23.11.2026'])
    expect(csv.slice(csv.indexOf(''), csv.indexOf('') + 2)).toEqual([
      '',
      'Nr.;Name;Punkte;Prozent;Note;Hinweis',
    ])

    await page.emulateMedia({ media: 'print' })
    await expect(
      page.getByText('7b Mathematik, 2. Klassenarbeit · 23.11.2026', { exact: true }),
    ).toBeVisible()
    await page.emulateMedia({ media: 'screen' })

    // a later visit in this session without the total in the address: the list comes back with its own
    // total; the calculator's stays empty
    await page.goto('/')
    await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Gesamtpunktzahl dieser Arbeit')).toHaveValue('40')
    await expect(page.getByLabel('Titel')).toHaveValue('7b Mathematik, 2. Klassenarbeit')
    await expect(page.getByLabel(/eine Zeile je Schülerin oder Schüler/)).toHaveValue(
      'Name\tPunkte\nAnna Quellenberg\t31,5\nBen Wiesenhuber\t12',
    )
    await expect(results.getByRole('row')).toHaveCount(3)

    // cleared with one click on the button that says so
    await page.getByRole('button', { name: 'Daten auf diesem Gerät löschen' }).click()
    await expect(page.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()
    expect(
      await page.evaluate(() => [
        localStorage.getItem('notenrechner.notenspiegel'),
        sessionStorage.getItem('notenrechner.notenspiegel'),
      ]),
    ).toEqual([null, null])
    await page.reload()
    await expect(page.getByRole('button', { name: 'Notenspiegel erstellen' })).toBeVisible()

    for (const r of sent) {
      for (const secret of ['Quellenberg', 'Wiesenhuber', 'Klassenarbeit', '31,5'])
        expect(r).not.toContain(secret)
    }
  })
}

// A hint that names a grade names the scale's own (input-check.ts): above 100 % is a 6.0 in Switzerland,
// 15 Punkte in the Oberstufe and a 1 in Austria; 0 points are a 1.0, 0 Punkte and a 5.
const systems = [
  {
    preset: 'schweiz-zehntel',
    slug: 'schweiz',
    name: 'Schweiz (Zehntel)',
    over: 'Note 6.0',
    zero: 'Note 1.0',
  },
  {
    preset: 'kmk-oberstufe',
    slug: 'oberstufe',
    name: 'Oberstufe (KMK)',
    over: '15 Punkte',
    zero: '0 Punkte',
  },
  { preset: 'oesterreich', slug: 'at', name: 'Österreich', over: 'Note 1', zero: 'Note 5' },
]

for (const width of widths) {
  test(`hints in each system's own grades at ${width} px`, async ({ page, server }) => {
    await page.setViewportSize({ width, height: 900 })
    for (const s of systems) await server.importConfig(presetDocument(s.preset, s.name), s.slug)
    for (const s of systems) {
      // values that came with the address are judged at once
      await page.goto(`/?schluessel=${s.slug}&gesamt=40&erreicht=41`)
      const achieved = page.getByLabel('Erreichte Punktzahl')
      await expect(achieved).toHaveAttribute('aria-invalid', 'true')
      expect(await message(page, achieved)).toBe(
        `Mehr als 40 Punkte. Das Ergebnis liegt über 100\u00a0% (${s.over}).`,
      )
      await shootBothSchemes(page, `hint-${s.slug}-${String(width)}`, { fullPage: false })
      await achieved.fill('0')
      await achieved.press('Tab')
      await expect
        .poll(() => message(page, achieved))
        .toBe(
          `Bei 0 Punkten bleibt das Ergebnis leer; im Punkteschlüssel haben 0 Punkte trotzdem eine Note (${s.zero}).`,
        )
    }
  })
}
