import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { recordSecrets } from './log-audit'
import { TestServer } from './server'

export interface GradeConfig {
  name: string
  grades: Record<string, { min: number; max: number }>
  schema: Record<string, Record<string, number>>
}

/** The docs/spec.md §4 default, as the shared test vectors hold it. */
export function standardConfig(): GradeConfig {
  const file = resolve(import.meta.dirname, '../../testdata/grading/configs/standard.json')
  return JSON.parse(readFileSync(file, 'utf8')) as GradeConfig
}

/** A preset of the shared vectors (testdata/grading/presets.json) as a scale stores its document. */
export function presetDocument(id: string, name: string): unknown {
  const file = resolve(import.meta.dirname, '../../testdata/grading/presets.json')
  const { presets } = JSON.parse(readFileSync(file, 'utf8')) as {
    presets: { id: string; system: string; rule: unknown }[]
  }
  const p = presets.find((x) => x.id === id)
  if (p === undefined) throw new Error(`no preset ${id} in presets.json`)
  return { name, system: p.system, preset: id, rule: p.rule }
}

const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword']

/**
 * Records every secret that crosses the wire in a context: passwords in
 * request bodies, tokens in one-time link paths and invitation answers,
 * session cookies. The log audit (log-audit.ts) then proves none of them
 * reached a log line.
 */
function watchSecrets(context: BrowserContext, pending: Promise<unknown>[]): void {
  context.on('request', (req) => {
    const token = /\/api\/v1\/auth\/(?:setup|invite)\/([^/?]+)/.exec(req.url())?.[1]
    if (token !== undefined) recordSecrets('token', [decodeURIComponent(token)])
    const body = req.postData()
    if (body === null || !req.url().includes('/api/v1/')) return
    try {
      const fields = JSON.parse(body) as Record<string, unknown>
      recordSecrets(
        'password',
        SECRET_FIELDS.map((f) => fields[f]).filter((v): v is string => typeof v === 'string'),
      )
    } catch {
      // not JSON: nothing to record
    }
  })
  context.on('response', (res) => {
    pending.push(
      (async () => {
        for (const h of await res.headersArray()) {
          const value = /^(?:__Host-)?notenrechner_session=([^;]*)/.exec(h.value)?.[1]
          if (h.name.toLowerCase() === 'set-cookie' && value) recordSecrets('session', [value])
        }
        // an account added, or its invitation issued again
        const invitation = /\/api\/v1\/users(?:\/\d+\/invitation)?$/.test(res.url())
        if (res.request().method() === 'POST' && invitation && res.ok()) {
          const { inviteLink } = (await res.json()) as { inviteLink?: string }
          if (inviteLink) recordSecrets('token', [new URL(inviteLink).searchParams.get('invite') ?? ''])
        }
      })().catch(() => undefined), // a closed page cannot give its body; its cookie was seen anyway
    )
  })
}

export const test = base.extend<{ server: TestServer; secretWatch: undefined }>({
  // Watches the test's own context and every context it opens itself.
  secretWatch: [
    async ({ browser, context }, use) => {
      const pending: Promise<unknown>[] = []
      watchSecrets(context, pending)
      const b = browser as Browser & { newContext: Browser['newContext'] }
      const original = b.newContext.bind(b)
      b.newContext = async (...args) => {
        const c = await original(...args)
        watchSecrets(c, pending)
        return c
      }
      await use(undefined)
      b.newContext = original
      await Promise.all(pending)
      for (const c of b.contexts())
        recordSecrets(
          'session',
          (await c.cookies()).map((k) => k.value),
        )
    },
    { auto: true },
  ],
  server: async ({}, use) => {
    const server = new TestServer()
    await server.start()
    await use(server)
    await server.dispose()
  },
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
})

export { expect }

export const ADMIN = { email: 'admin@schule.de', password: 'ein sicheres Admin-Passwort' }

/** The path and query of an absolute link, to open it at the test's baseURL. */
export function pathOf(link: string): string {
  const url = new URL(link)
  return url.pathname + url.search
}

/** Signs in through the form on /admin and waits for the toast. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin')
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Passwort', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page.getByText('Angemeldet.', { exact: true })).toBeVisible()
}

/** The editor's boundary between grade g and g + 1 (grade g's min, grade g + 1's max). */
export function boundaryField(page: Page, g: number): Locator {
  return page.getByRole('textbox', {
    name: `Grenze zwischen Note ${String(g)} und ${String(g + 1)}`,
    exact: true,
  })
}

/** The editor's row of one grade ("Note 2": "über [70] % bis 85 %"). */
export function gradeRow(page: Page, grade: number): Locator {
  return page.getByRole('group', { name: `Note ${String(grade)}`, exact: true })
}

/**
 * Serves the calculator's page without its configuration block (web/page.go), as a page that has none
 * (the service worker's precached page on another address, a server without a version yet): the app then
 * waits for the stream, as it did before the page carried a configuration.
 */
export async function withoutPageConfig(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/index.html',
    async (route) => {
      const res = await route.fetch()
      const body = (await res.text()).replace(
        /<script type="application\/json" id="notenrechner-config"[^>]*>[^<]*<\/script>/,
        '',
      )
      const headers = Object.fromEntries(
        Object.entries(res.headers()).filter(
          ([k]) => !['content-encoding', 'content-length', 'etag'].includes(k),
        ),
      )
      await route.fulfill({ status: res.status(), headers, body })
    },
  )
}

/** Notes every one of texts that the page ever shows, however briefly (a toast of two seconds). */
export async function recordTexts(page: Page, texts: string[]): Promise<void> {
  await page.addInitScript((watched) => {
    const w = window as unknown as { seenTexts: string[] }
    w.seenTexts = []
    new MutationObserver(() => {
      const text = document.body.textContent
      for (const t of watched) if (text.includes(t) && !w.seenTexts.includes(t)) w.seenTexts.push(t)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  }, texts)
}

/** The texts recordTexts saw, in the order they first appeared. */
export const seenTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts)

/**
 * Waits until the toasts' code has arrived (it loads right after the first render, app/provider.tsx):
 * a test that takes the server away to see the connection's toasts must not take away that code too.
 */
export async function toastsLoaded(page: Page): Promise<void> {
  await expect(page.locator('[data-rht-toaster]')).toBeAttached()
}
