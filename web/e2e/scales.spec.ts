import type { Page } from '@playwright/test'
import {
  ADMIN,
  boundaryField,
  expect,
  recordTexts,
  seenTexts,
  signIn,
  standardConfig,
  test,
  type GradeConfig,
} from './fixtures'
import { shootBothSchemes } from './screenshots'

// Several Notenschlüssel (docs/spec.md §8). The calculator chooses one (the address carries it, the browser
// remembers it, only its stream is open); a save reaches the pages of that scale only; a scale
// archived while shown offers the default; an admin creates a scale from a copy, edits it and
// restores an earlier version.

/** Mathematik: grade 4 from 50 % (the Standard's from 40 %). */
function mathematik(name = 'Mathematik'): GradeConfig {
  const config = standardConfig()
  config.name = name
  config.grades['3'] = { min: 60, max: 70 }
  config.grades['4'] = { min: 50, max: 60 }
  config.grades['5'] = { min: 25, max: 50 }
  config.grades['6'] = { min: 0, max: 25 }
  return config
}

/** Counts the `config` events and keeps the address of every open stream, before the page's own code runs. */
async function watchStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { configEvents: number; openStreams: Set<string> }
    w.configEvents = 0
    w.openStreams = new Set()
    const Original = window.EventSource
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        w.openStreams.add(new URL(this.url).pathname)
        this.addEventListener('config', () => (w.configEvents += 1))
      }
      override close(): void {
        w.openStreams.delete(new URL(this.url).pathname)
        super.close()
      }
    }
  })
}

const configEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { configEvents: number }).configEvents)
const openStreams = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { openStreams: Set<string> }).openStreams])

const scaleSelect = (page: Page) => page.getByRole('combobox', { name: 'Notenschlüssel' })
const tableName = (page: Page) =>
  page.getByRole('region', { name: 'Notenschlüssel' }).getByText(/^Notenschlüssel:/)
const grade = (page: Page) => page.getByLabel('Note', { exact: true })

test.beforeEach(async ({ server }) => {
  await server.importConfig(mathematik(), 'mathematik')
})

test('choose a scale: its table and grade, the address carries it, this browser remembers it, one stream', async ({
  page,
}) => {
  await watchStreams(page)
  await page.goto('/?gesamt=100&erreicht=45')
  await expect(grade(page)).toHaveText('4')
  await expect(tableName(page)).toHaveText('Notenschlüssel: Standard')
  await expect(scaleSelect(page)).toHaveValue('standard')
  await expect(scaleSelect(page).getByRole('option')).toHaveText(['Mathematik', 'Standard (voreingestellt)'])

  await scaleSelect(page).selectOption({ label: 'Mathematik' })
  await expect(tableName(page)).toHaveText('Notenschlüssel: Mathematik')
  await expect(grade(page)).toHaveText('5+')
  const table = page.getByRole('region', { name: 'Notenschlüssel' })
  await expect(
    table.getByRole('cell', { name: '50', exact: true }).filter({ visible: true }).first(),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/\?schluessel=mathematik&gesamt=100&erreicht=45$/)
  expect(await openStreams(page)).toEqual(['/api/v1/scales/mathematik/events'])

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `scales-calculator-${String(width)}`)
  }

  // the address alone: another tab, a bookmark
  await page.reload()
  await expect(tableName(page)).toHaveText('Notenschlüssel: Mathematik')
  await expect(grade(page)).toHaveText('5+')
  // no address: this browser remembers the choice, and the address shows it again
  await page.goto('/')
  await expect(tableName(page)).toHaveText('Notenschlüssel: Mathematik')
  await expect(page).toHaveURL(/\/\?schluessel=mathematik$/)

  // back to the default: the address and the memory drop the choice
  await scaleSelect(page).selectOption({ label: 'Standard (voreingestellt)' })
  await expect(tableName(page)).toHaveText('Notenschlüssel: Standard')
  await expect(page).toHaveURL(/\/$/)
  expect(await openStreams(page)).toEqual(['/api/v1/config/events'])
})

test('an address names its scale as people type it: case, spaces and umlauts do not matter', async ({
  page,
  request,
  server,
}) => {
  await server.importConfig(mathematik('Französisch'), 'franzoesisch')
  // the server learns of a scale another process stored within a fifth of a second (its poll of the file)
  await expect
    .poll(async () => JSON.stringify(await (await request.get('/api/v1/scales')).json()))
    .toMatch(/"mathematik".*"franzoesisch"|"franzoesisch".*"mathematik"/)
  for (const [typed, name] of [
    ['Mathematik', 'Mathematik'],
    ['%20MATHEMATIK%20', 'Mathematik'],
    ['Franz%C3%B6sisch', 'Französisch'],
  ] as const) {
    const response = await page.goto(`/?schluessel=${typed}&gesamt=100&erreicht=45`)
    // the server put the scale's configuration into the page, so the first render needs no stream
    expect(await response?.text()).toMatch(
      new RegExp(`data-schluessel="${name === 'Mathematik' ? 'mathematik' : 'franzoesisch'}"`),
    )
    await expect(tableName(page)).toHaveText(`Notenschlüssel: ${name}`)
    await expect(grade(page)).toHaveText('5+')
  }
})

test('a save on one scale updates the open pages of that scale and no page of another', async ({
  browser,
  server,
}) => {
  const onMath = await (await browser.newContext()).newPage()
  const onStandard = await (await browser.newContext()).newPage()
  await watchStreams(onMath)
  await watchStreams(onStandard)
  await onMath.goto('/?schluessel=mathematik&gesamt=100&erreicht=55')
  await onStandard.goto('/?gesamt=100&erreicht=55')
  await expect(tableName(onMath)).toHaveText('Notenschlüssel: Mathematik')
  await expect(tableName(onStandard)).toHaveText('Notenschlüssel: Standard')
  await expect(grade(onMath)).toHaveText('4')
  // the page is rendered by the server, so it can show its scale before its stream's first event arrives
  await expect.poll(() => configEvents(onStandard)).toBe(1)

  const changed = mathematik('Mathematik (Fachkonferenz)')
  changed.grades['4'] = { min: 56, max: 60 }
  changed.grades['5'] = { min: 25, max: 56 }
  await server.importConfig(changed, 'mathematik')

  await expect(tableName(onMath)).toHaveText('Notenschlüssel: Mathematik (Fachkonferenz)')
  await expect(grade(onMath)).toHaveText('5+')
  // the save has been published (the page of its scale shows it); the other page got nothing
  await onStandard.waitForTimeout(500)
  expect(await configEvents(onStandard)).toBe(1)
  await expect(tableName(onStandard)).toHaveText('Notenschlüssel: Standard')
  await expect(grade(onStandard)).toHaveText('4+')
  await onMath.context().close()
  await onStandard.context().close()
})

test('a scale archived while a page shows it: the page says so and offers the default', async ({
  page,
  browser,
  server,
}) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
  await recordTexts(page, ['Verbindung wiederhergestellt.', 'Verbindung zur Live-Konfiguration unterbrochen'])
  await page.goto('/?schluessel=mathematik&gesamt=100&erreicht=45')
  await expect(tableName(page)).toHaveText('Notenschlüssel: Mathematik')

  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, ADMIN.email, ADMIN.password)
  const res = await admin.request.patch('/api/v1/scales/mathematik', { data: { archived: true } })
  expect(res.status()).toBe(200)

  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Der Notenschlüssel „Mathematik“ ist archiviert.' })
  await expect(notice).toBeVisible()
  // it still grades as it did
  await expect(grade(page)).toHaveText('5+')
  // The server ended the archived scale's stream and the page reconnected at once: nobody saw a
  // loss, so nobody is told of a return (a loss is told after 3 s, LOST_AFTER_MS).
  await page.waitForTimeout(4_000)
  expect(await seenTexts(page)).toEqual([])
  await notice.getByRole('button', { name: 'Voreingestellten Notenschlüssel „Standard“ verwenden' }).click()
  await expect(tableName(page)).toHaveText('Notenschlüssel: Standard')
  await expect(grade(page)).toHaveText('4')
  await expect(page).toHaveURL(/\/\?gesamt=100&erreicht=45$/)
  await expect(notice).toHaveCount(0)
  await admin.context().close()
})

test('a scale created while the page is open shows when the select is opened or the page comes back', async ({
  page,
  server,
  request,
}) => {
  /** Creates a scale with the command line and waits until the running server lists it. */
  const create = async (name: string, slug: string) => {
    await server.importConfig(mathematik(name), slug)
    await expect
      .poll(async () => JSON.stringify(await (await request.get('/api/v1/scales')).json()))
      .toContain(`"${slug}"`)
  }
  await page.goto('/')
  await expect(scaleSelect(page).getByRole('option')).toHaveText(['Mathematik', 'Standard (voreingestellt)'])
  await create('Deutsch', 'deutsch')
  await scaleSelect(page).click()
  await expect(scaleSelect(page).getByRole('option')).toHaveText([
    'Deutsch',
    'Mathematik',
    'Standard (voreingestellt)',
  ])
  await page.keyboard.press('Escape')

  await create('Englisch', 'englisch')
  await page.evaluate(() => window.dispatchEvent(new Event('focus'))) // back from another window or tab
  await expect(scaleSelect(page).getByRole('option')).toHaveText([
    'Deutsch',
    'Englisch',
    'Mathematik',
    'Standard (voreingestellt)',
  ])
})

test('an unknown scale in the address: the page says so, stops asking, and does not remember it', async ({
  page,
}) => {
  await watchStreams(page)
  const streamAsks: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/scales/gibtesnicht/events')) streamAsks.push(r.method())
  })
  await page.goto('/?schluessel=gibtesnicht&gesamt=100&erreicht=45')
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Den Notenschlüssel „gibtesnicht“ gibt es nicht.' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('Vielleicht ist der Link veraltet oder enthält einen Tippfehler.')
  await expect(
    notice.getByRole('button', { name: 'Voreingestellten Notenschlüssel „Standard“ verwenden' }),
  ).toBeVisible()
  await expect(page.getByRole('status', { name: 'Konfiguration wird geladen' })).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('notenrechner.scale'))).toBeNull()
  await expect.poll(() => openStreams(page)).toEqual([])

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `scales-unknown-${String(width)}`)
  }
  // no retries: one stream and one HEAD, however long the page stays open
  await page.waitForTimeout(3_000)
  expect(streamAsks).toEqual(['GET', 'HEAD'])
  // the same page later, without the address: the default, not the unknown scale
  await page.goto('/')
  await expect(tableName(page)).toHaveText('Notenschlüssel: Standard')
  await expect(scaleSelect(page)).toHaveValue('standard')
  await expect(page).toHaveURL(/\/$/)
  await expect(notice).toHaveCount(0)
})

test('an admin creates a scale from a copy, edits it and restores the first version', async ({
  page,
  server,
  request,
}) => {
  await server.createAdmin(ADMIN.email, ADMIN.password)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.getByRole('tab', { name: 'Notenschlüssel' }).click()
  const list = page.getByRole('list', { name: 'Notenschlüssel' })
  await expect(list.getByRole('listitem')).toHaveCount(2) // the header row is hidden from assistive technology
  // the default has no "Archivieren": it says why, and what to do instead
  await expect(
    list.getByRole('listitem').filter({ has: page.getByText('Standard', { exact: true }) }),
  ).toContainText(
    'Der voreingestellte Notenschlüssel lässt sich nicht archivieren: erst einen anderen voreinstellen.',
  )
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `scales-admin-list-${String(width)}`)
  }

  await page.getByRole('button', { name: 'Neuer Notenschlüssel' }).click()
  await expect(page.getByRole('radio', { name: 'Vorlage' })).toBeFocused() // the form that opened has the focus
  // the Knickpunkt rule fills the boundaries (whole percent: 77 and 63 between 90 and 50)
  await page.getByRole('radio', { name: 'Nach Regel (Knickpunkt)' }).check()
  await page.getByRole('textbox', { name: 'Note 4 über' }).fill('50')
  await page.getByRole('textbox', { name: 'Note 1 über' }).fill('90')
  await page.getByRole('button', { name: 'Notengrenzen füllen' }).click()
  await expect(boundaryField(page, 2)).toHaveValue('77')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `scales-admin-new-${String(width)}`)
  }

  await page.getByRole('radio', { name: 'Kopie eines Notenschlüssels' }).check()
  await page.getByRole('combobox', { name: 'Kopie von' }).selectOption('mathematik')
  await page.getByRole('button', { name: 'Formular füllen' }).click()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Mathematik (Kopie)')
  await expect(boundaryField(page, 4)).toHaveValue('50')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Deutsch')
  await expect(page.getByRole('textbox', { name: 'Kurzname' })).toHaveValue('deutsch')
  await boundaryField(page, 4).fill('45')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Notenschlüssel „Deutsch“ angelegt.')).toBeVisible()

  // the new scale's editor: version 1
  await expect(page.getByRole('tab', { name: 'Bearbeiten', selected: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Notenschlüssel „Deutsch“' })).toBeVisible()
  await expect(page.getByText(/Bearbeitet wird Version 1 /)).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Notenschlüssel' })).toHaveValue('deutsch')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shootBothSchemes(page, `scales-admin-editor-${String(width)}`, { fullPage: false })
  }
  await boundaryField(page, 1).fill('90')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Gespeichert: Version 2.')).toBeVisible()

  await page.getByRole('tab', { name: 'Verlauf' }).click()
  await expect(page.getByRole('heading', { name: 'Verlauf: Deutsch' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Gespeicherte Versionen' }).getByRole('listitem')).toHaveCount(
    2,
  )
  await page.getByRole('button', { name: 'Version 1 wiederherstellen' }).click()
  await page
    .getByRole('dialog', { name: 'Version 1 wiederherstellen?' })
    .getByRole('button', { name: 'Wiederherstellen' })
    .click()
  await expect(page.getByText('Version 1 als Version 3 wiederhergestellt.')).toBeVisible()

  const deutsch = (await (await request.get('/api/v1/scales/deutsch')).json()) as {
    version: number
    config: GradeConfig
  }
  expect(deutsch.version).toBe(3)
  expect(deutsch.config.grades['1']).toEqual({ min: 85, max: 100 })
  expect(deutsch.config.grades['4']).toEqual({ min: 45, max: 60 })
  // the other scales did not move
  expect(((await (await request.get('/api/v1/config')).json()) as { version: number }).version).toBe(1)
  expect(
    ((await (await request.get('/api/v1/scales/mathematik')).json()) as { version: number }).version,
  ).toBe(1)
})
