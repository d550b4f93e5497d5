import type { Page } from '@playwright/test'
import { ADMIN, expect, signIn, test } from './fixtures'

// Dark mode follows the system setting (docs/spec.md §2). Every visible text on / and /admin, in both
// schemes, must reach WCAG AA contrast against the background it is drawn on: 4.5:1, or 3:1 for
// large text (24 px, or 18,67 px bold). Colors are read from getComputedStyle and converted to
// sRGB through a canvas (Tailwind's colors are oklch).

interface Failure {
  text: string
  color: string
  background: string
  ratio: number
}

async function contrastFailures(page: Page): Promise<{ checked: number; failures: Failure[] }> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
    if (ctx === null) throw new Error('no canvas')
    ctx.canvas.width = 1
    ctx.canvas.height = 1
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = '#000'
      ctx.fillStyle = css
      ctx.fillRect(0, 0, 1, 1)
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data
      return [r, g, b, a / 255]
    }
    const over = (top: number[], bottom: number[]) => {
      const a = top[3] ?? 1
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (bottom[i] ?? 0) * (1 - a)).concat(1)
    }
    // The background an element's text is drawn on: its own and its ancestors' backgrounds,
    // composited down to the first opaque one (the canvas is white in light, see below).
    const backgroundOf = (el: Element): number[] => {
      const layers: number[][] = []
      for (let e: Element | null = el; e !== null; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor)
        if (c[3] > 0) layers.push(c)
        if (c[3] === 1) break
      }
      const canvasColor = matchMedia('(prefers-color-scheme: dark)').matches
        ? [18, 18, 18, 1]
        : [255, 255, 255, 1]
      return layers.reduceRight((acc, layer) => over(layer, acc), canvasColor)
    }
    const luminance = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const failures: Failure[] = []
    let checked = 0
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const own = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      )
      const isField = el instanceof HTMLInputElement && el.value !== ''
      if (!own && !isField) continue
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      const box = el.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue // sr-only
      if (el.closest('[disabled], [aria-disabled="true"]') !== null) continue // WCAG 1.4.3 exempts inactive controls
      const style = getComputedStyle(el)
      const background = backgroundOf(el)
      const color = over(rgba(style.color), background)
      const [l1, l2] = [luminance(color), luminance(background)].sort((a, b) => b - a)
      const ratio = (l1 + 0.05) / (l2 + 0.05)
      const size = parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      checked++
      if (ratio < (large ? 3 : 4.5)) {
        failures.push({
          text: (isField ? el.value : el.textContent).trim().slice(0, 60),
          color: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(' ')})`,
          ratio: Math.round(ratio * 100) / 100,
        })
      }
    }
    return { checked, failures }
  })
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`), fullPage: true })
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme}: every text on / and /admin has AA contrast`, async ({ page, server }) => {
    await server.createAdmin(ADMIN.email, ADMIN.password)
    await page.emulateMedia({ colorScheme })

    await page.goto('/')
    await page.getByLabel('Gesamtpunktzahl', { exact: true }).fill('40')
    await page.getByLabel('Erreichte Punktzahl').fill('31,5')
    await expect(page.getByLabel('Note', { exact: true })).toHaveText('2')
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    if (colorScheme === 'dark') expect(body).not.toMatch(/^rgb\(248, 250, 252\)|oklch\(0\.98/) // not the light slate-50
    let result = await contrastFailures(page)
    expect(result.checked).toBeGreaterThan(30)
    expect(result.failures).toEqual([])
    await shoot(page, `calculator-${colorScheme}`)

    // the Zeugnisnote, open: a field's message, a borderline result, the class table with a problem
    await page.getByRole('button', { name: 'Zeugnisnote berechnen' }).click()
    const tool = page.getByRole('region', { name: 'Zeugnisnote' })
    const written = tool.getByRole('group', { name: 'schriftlich' }).getByLabel('Noten')
    await written.fill('2 7')
    await written.blur()
    await expect(written).toHaveAttribute('aria-invalid', 'true')
    await written.fill('2 2 7')
    await tool.getByRole('group', { name: 'mündlich' }).getByLabel('Noten').fill('3,5')
    await written.fill('2 2')
    await expect(tool.getByRole('status', { name: 'Vorschlag' })).toContainText('Grenzfall')
    expect((await contrastFailures(page)).failures, 'Zeugnisnote').toEqual([])
    await tool.getByRole('tab', { name: 'Mehrere Schüler' }).click()
    await tool.getByLabel('Schülerinnen und Schüler, eine Zeile je Person').fill('Anna; 2; 3,5\nBen; 7; 3')
    await expect(tool.getByRole('table')).toContainText('keine Note')
    expect((await contrastFailures(page)).failures, 'Zeugnisnote, mehrere').toEqual([])

    // the Abitur average, open: a field's message, a failed minimum with its source, the working, a note
    await page.getByRole('button', { name: 'Abiturnote berechnen' }).click()
    const abitur = page.getByRole('region', { name: 'Abiturnote' })
    await abitur.getByLabel('Block I (Qualifikationsphase)').fill('199')
    await abitur.getByLabel('Block II (Abiturprüfung)').fill('301')
    await expect(abitur.getByLabel('Block II (Abiturprüfung)')).toHaveAttribute('aria-invalid', 'true')
    expect((await contrastFailures(page)).failures, 'Abiturnote, Feld').toEqual([])
    await abitur.getByLabel('Block II (Abiturprüfung)').fill('300')
    await abitur.getByText('Rechenweg').click()
    await expect(abitur.getByRole('list', { name: 'Nicht erfüllt' })).toBeVisible()
    expect((await contrastFailures(page)).failures, 'Abiturnote, nicht bestanden').toEqual([])
    await abitur.getByLabel('Block I (Qualifikationsphase)').fill('520')
    await expect(abitur.getByRole('status', { name: 'Abiturnote' })).toContainText('Durchschnittsnote1,1')
    expect((await contrastFailures(page)).failures, 'Abiturnote, bestanden').toEqual([])

    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/admin')
    await expect(page.getByLabel('E-Mail')).toBeVisible()
    expect((await contrastFailures(page)).failures).toEqual([])
    await signIn(page, ADMIN.email, ADMIN.password) // leaves the "Angemeldet." toast on screen
    await page.getByRole('textbox', { name: 'Name' }).fill('Geändert') // the unsaved-changes state
    result = await contrastFailures(page)
    expect(result.checked).toBeGreaterThan(40)
    expect(result.failures).toEqual([])
    await shoot(page, `admin-${colorScheme}`)

    for (const tab of ['Verlauf', 'Konten', 'Passwort ändern']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible()
      expect((await contrastFailures(page)).failures, tab).toEqual([])
      await shoot(page, `${tab.split(' ')[0] ?? tab}-${colorScheme}`)
      await page.setViewportSize({ width: 1280, height: 900 })
    }
    await page.getByRole('tab', { name: 'Bearbeiten' }).click()

    // the error states: messages at the fields and the error toast
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('textbox', { name: 'Name' }).fill('')
    await page.getByRole('textbox', { name: 'Minus-Bereich', exact: true }).fill('abc')
    await page.getByRole('button', { name: 'Speichern' }).click()
    await expect(page.getByText('Muss eine Zahl sein.', { exact: true })).toBeVisible()
    expect((await contrastFailures(page)).failures).toEqual([])

    // the notices: the live connection drops, the calculator says the configuration may be old
    await page.goto('/')
    await expect(page.getByLabel('Gesamtpunktzahl', { exact: true })).toBeVisible()
    await server.stop()
    await expect(page.getByText('möglicherweise veraltet')).toBeVisible({ timeout: 10_000 })
    expect((await contrastFailures(page)).failures).toEqual([])
    await shoot(page, `stale-${colorScheme}`)
  })
}
