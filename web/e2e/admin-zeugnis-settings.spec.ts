import type { Page } from '@playwright/test'
import { ADMIN, expect, signIn, test } from './fixtures'

// The school's Zeugnisnote settings of a scale (docs/spec.md §9): set by the admin in the editor, saved
// as a new version, named in the history, restored like every other change, and sent live to every
// page that follows the scale.

test.beforeEach(async ({ server }) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
})

interface Version {
  version: number
  config: { zeugnis?: unknown }
}

/** What the page hears on the scale's stream, the one its live connection follows. */
async function listen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { heard: Version[] }
    w.heard = []
    const source = new EventSource('/api/v1/config/events')
    source.addEventListener('config', (e) => {
      w.heard.push(JSON.parse((e as MessageEvent<string>).data) as Version)
    })
  })
}
const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { heard: Version[] }).heard.at(-1) ?? null)
const fetched = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/v1/config')).json()) as Version)

const settings = {
  tendency: '0,25',
  rounding: 'worse',
  categories: [
    { name: 'schriftlich', weight: '3' },
    { name: 'mündlich', weight: '2' },
    { name: 'Projekt', weight: '0,5' },
  ],
}

test('the admin sets tendency, rounding and categories; the history shows them, restore takes them back, a following page gets them live', async ({
  page,
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.url })
  const follower = await context.newPage()
  await follower.goto('/')
  await listen(follower)
  await expect.poll(() => heard(follower).then((v) => v?.version)).toBe(1)

  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, ADMIN.email, ADMIN.password)
  const section = page.getByRole('region', { name: 'Zeugnisnote' })
  await section.getByRole('combobox', { name: 'Wert von + und −' }).selectOption('0,25')
  // by keyboard: the radio group moves with the arrow keys
  await section.getByRole('radio', { name: 'zur besseren Note (Voreinstellung)' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(section.getByRole('radio', { name: 'zur schlechteren Note' })).toBeChecked()
  await section.getByRole('button', { name: 'Vornote 5 : schriftlich 3 : mündlich 2' }).click()
  await section.getByRole('button', { name: 'Kategorie 1 „Vornote“ entfernen' }).click()
  await section.getByRole('button', { name: 'Kategorie hinzufügen' }).click()
  await section.getByRole('textbox', { name: 'Kategorie 3' }).fill('Projekt')
  const weights = section.getByRole('textbox', { name: 'Gewicht' })
  await weights.nth(2).fill('0,0')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(weights.nth(2)).toHaveAccessibleDescription(
    'Muss eine Zahl größer als 0 mit höchstens 9 Stellen vor und 6 nach dem Komma sein, z. B. 2 oder 0,5.',
  )
  await weights.nth(2).fill('0.5')
  await section.screenshot({ path: test.info().outputPath('zeugnis-settings-1280.png') })
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()
  await expect(weights.nth(2)).toHaveValue('0,5') // stored with a comma

  // live: the following page hears version 2 with the settings, and the API answers them
  await expect.poll(() => heard(follower)).toMatchObject({ version: 2, config: { zeugnis: settings } })
  expect((await fetched(follower)).config.zeugnis).toEqual(settings)

  await page.getByRole('tab', { name: 'Verlauf' }).click()
  await page.getByRole('button', { name: 'Version 1 ansehen' }).click()
  const panel = page.getByRole('region', { name: 'Version 1' })
  const changes = panel.getByRole('list', { name: 'Unterschiede zur aktuellen Version 2' })
  await expect(changes.getByRole('listitem')).toContainText([
    'Zeugnisnote: Wert von + und −: aktuell 0,25 →, Version 1: 0,3',
    'Zeugnisnote: genau in der Mitte: aktuell zur schlechteren Note →, Version 1: zur besseren Note',
    'Zeugnisnote: Kategorien: aktuell schriftlich 3, mündlich 2, Projekt 0,5 →, Version 1: keine Vorgabe',
  ])
  await page.getByRole('button', { name: 'Version 2 ansehen' }).click()
  await expect(page.getByRole('region', { name: 'Version 2' })).toContainText(
    'Zeugnisnote in Version 2: Wert von + und −: 0,25; genau in der Mitte: zur schlechteren Note',
  )

  await page.getByRole('button', { name: 'Version 1 wiederherstellen' }).click()
  await page
    .getByRole('dialog', { name: 'Version 1 wiederherstellen?' })
    .getByRole('button', { name: 'Wiederherstellen' })
    .click()
  await expect(page.getByText('Version 1 als Version 3 wiederhergestellt.')).toBeVisible()
  await expect.poll(() => heard(follower).then((v) => v?.version)).toBe(3)
  expect((await heard(follower))?.config.zeugnis).toBeUndefined()
  expect((await fetched(follower)).config.zeugnis).toBeUndefined()

  await page.getByRole('tab', { name: 'Bearbeiten' }).click()
  await expect(section.getByRole('combobox', { name: 'Wert von + und −' })).toHaveValue('0,3')
  await expect(section.getByRole('radio', { name: 'zur besseren Note (Voreinstellung)' })).toBeChecked()
  await expect(section.getByRole('textbox', { name: 'Gewicht' })).toHaveCount(0)

  await expect(page.getByText('Version 1 als Version 3 wiederhergestellt.')).toBeHidden()
  await page.setViewportSize({ width: 390, height: 900 })
  await section.getByRole('button', { name: 'schriftlich 2 : mündlich 1' }).click()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await section.screenshot({ path: test.info().outputPath('zeugnis-settings-390.png') })
  await context.close()
})

test('a Swiss scale offers the step and no tendency; the settings keep the preset, whose rule is unchanged', async ({
  page,
  request,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('tab', { name: 'Notenschlüssel' }).click()
  await page.getByRole('button', { name: 'Neuer Notenschlüssel' }).click()
  await page.getByRole('combobox', { name: 'Vorlage' }).selectOption('schweiz-halbe')
  await page.getByRole('textbox', { name: 'Kurzname' }).fill('schweiz')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText(/^Notenschlüssel „.*“ angelegt\.$/)).toBeVisible()

  const section = page.getByRole('region', { name: 'Zeugnisnote' })
  await expect(section.getByRole('combobox', { name: 'Wert von + und −' })).toHaveCount(0)
  await section.getByRole('combobox', { name: 'Schrittweite des Vorschlags' }).selectOption('0,1')
  await section.getByText('zur schlechteren Note').click()
  await expect(section).toContainText('gilt die schlechtere: 4,25 wird 4.')
  // a screenshot without the toasts
  await expect(page.getByText(/^Notenschlüssel „.*“ angelegt\.$/)).toBeHidden()
  await expect(page.getByText('Angemeldet.', { exact: true })).toBeHidden()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await section.screenshot({ path: test.info().outputPath(`zeugnis-settings-swiss-${String(width)}.png`) })
  }
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()
  const saved = (await (await request.get('/api/v1/scales/schweiz')).json()) as Version & {
    config: { preset?: string }
  }
  expect(saved).toMatchObject({
    version: 2,
    config: { preset: 'schweiz-halbe', zeugnis: { rounding: 'worse', step: '0,1' } },
  })
})
