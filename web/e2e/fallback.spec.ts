import { request as httpRequest, type ClientRequest } from 'node:http'
import type { APIRequestContext, Page } from '@playwright/test'
import { BufferingProxy } from './buffering-proxy'
import { ADMIN, expect, recordTexts, seenTexts, standardConfig, test as base } from './fixtures'
import { shootBothSchemes } from './screenshots'
import { TestServer } from './server'

// A page whose live stream cannot be had polls for its configuration (web/src/lib/live-connection.ts):
// the server refuses the stream (too many from one address, as behind a school's NAT), or a proxy
// holds event streams back. It stays current, says so quietly, never "Keine Verbindung", and a
// save shows within the bound the page names (15 s; after 10 s of a stream that brings nothing).

const test = base.extend<{ serveArgs: string[] }>({
  serveArgs: [[], { option: true }],
  server: async ({ serveArgs }, use) => {
    const server = new TestServer({ args: serveArgs })
    await server.start()
    await use(server)
    await server.dispose()
  },
})

const POLLING = 'Live-Verbindung nicht möglich – Änderungen erscheinen hier innerhalb von 15 Sekunden.'
const STALE = 'Keine Verbindung'

/** Grade 1 from 90 %: the table's first threshold becomes 93,333, and 88 % a 2+. */
function oberstufe() {
  const changed = standardConfig()
  changed.name = 'Oberstufe'
  changed.grades['1'].min = 90
  changed.grades['2'].max = 90
  return changed
}

const cell = (page: Page, name: string) =>
  page.getByRole('cell', { name, exact: true }).filter({ visible: true }).first()
const connectionStatus = (page: Page) => page.getByRole('status', { name: 'Verbindung' })

/** Saves a configuration as the admin does, through the API (sign-in, then PUT with If-Match). */
async function saveAsAdmin(request: APIRequestContext, config: unknown, version: number): Promise<void> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  })
  expect(login.status()).toBe(200)
  const put = await request.put('/api/v1/config', {
    headers: { 'If-Match': `"${String(version)}"` },
    data: config,
  })
  expect(put.status()).toBe(200)
}

/** Every answer the page gets from the configuration's addresses, as "METHOD path status". */
function watchAnswers(page: Page): string[] {
  const seen: string[] = []
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname
    if (path.startsWith('/api/v1/config'))
      seen.push(`${res.request().method()} ${path} ${String(res.status())}`)
  })
  return seen
}

/**
 * Opens a stream from this test's own process (127.0.0.1, the page's address too) and waits for its
 * first event, so that it holds one of the address's slots. Not a browser page: Chromium opens at
 * most six connections to one host.
 */
function holdStream(base: string): Promise<ClientRequest> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${base}/api/v1/config/events`, { agent: false }, (res) => {
      if (res.statusCode !== 200) fail(new Error(`stream refused: ${String(res.statusCode)}`))
      res.on('data', () => {
        done(req)
      })
    })
    req.on('error', fail)
    req.end()
  })
}

test.describe('five streams per address', () => {
  test.use({ serveArgs: ['--max-streams-per-address', '5'] })

  test('a sixth page is refused its stream, polls, stays current and learns a save within 15 s; back on a free stream, the polls stop', async ({
    page,
    server,
    request,
  }) => {
    test.setTimeout(120_000)
    await server.createAdmin(ADMIN.email, ADMIN.password)
    const held = await Promise.all(Array.from({ length: 5 }, () => holdStream(server.url)))
    const answers = watchAnswers(page)
    await recordTexts(page, [STALE, POLLING])

    await page.goto('/?gesamt=25&erreicht=22')
    await expect(cell(page, '89,9995')).toBeVisible()
    await expect(connectionStatus(page)).toHaveText(POLLING)
    expect(answers).toContain('GET /api/v1/config/events 429') // refused, for real
    expect(answers).toContain('HEAD /api/v1/config/events 429') // the page asked why
    // The first poll comes back whole (the page cannot name the default's tag, which names the scale);
    // the next sends that answer's tag and gets 304 while the version shown is current.
    await expect.poll(() => answers).toContain('GET /api/v1/config 200')
    await expect.poll(() => answers, { timeout: 15_000 }).toContain('GET /api/v1/config 304')
    await expect(page.getByLabel('Note', { exact: true })).toHaveText('1-')

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await shootBothSchemes(page, `fallback-polling-${String(width)}`)
    }

    await saveAsAdmin(request, oberstufe(), 1)
    const saved = Date.now()
    await expect(cell(page, '93,333')).toBeVisible({ timeout: 15_000 })
    expect(Date.now() - saved).toBeLessThanOrEqual(15_000)
    await expect(page.getByLabel('Note', { exact: true })).toHaveText('2+')
    expect(answers).toContain('GET /api/v1/config 200')

    // A slot frees: after the server's Retry-After (30 s) the page's next stream gets it and the polls stop.
    for (const req of held) req.destroy()
    await expect(connectionStatus(page)).toBeEmpty({ timeout: 45_000 })
    expect(answers).toContain('GET /api/v1/config/events 200')
    const polls = answers.filter((a) => a.startsWith('GET /api/v1/config ')).length
    await page.waitForTimeout(13_000) // longer than the longest wait between two polls
    expect(answers.filter((a) => a.startsWith('GET /api/v1/config ')).length).toBe(polls)
    expect(await seenTexts(page)).toEqual([POLLING]) // never "Keine Verbindung"
  })
})

test('behind a proxy that holds event streams back the page polls after 10 s and learns a save', async ({
  page,
  server,
  request,
}) => {
  test.setTimeout(60_000)
  await server.createAdmin(ADMIN.email, ADMIN.password)
  const proxy = await BufferingProxy.start(server.url)
  try {
    const answers = watchAnswers(page)
    await recordTexts(page, [STALE, POLLING])
    await page.goto(`${proxy.url}/?gesamt=25&erreicht=22`)
    await expect(cell(page, '89,9995')).toBeVisible()
    await saveAsAdmin(request, oberstufe(), 1) // straight to the server: the stream through the proxy has it, held back
    const saved = Date.now()
    // 10 s for a stream that brings nothing, then a poll within the 15 s the page names
    await expect(cell(page, '93,333')).toBeVisible({ timeout: 25_000 })
    expect(Date.now() - saved).toBeLessThanOrEqual(25_000)
    await expect(connectionStatus(page)).toHaveText(POLLING)
    expect(answers).toContain('GET /api/v1/config/events 200') // the stream opened, through the proxy
    expect(answers).toContain('GET /api/v1/config 200')
    expect(await seenTexts(page)).toEqual([POLLING])
  } finally {
    await proxy.stop()
  }
})
