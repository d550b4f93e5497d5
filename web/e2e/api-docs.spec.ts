import { watchViolations } from './csp-watch'
import { expect, test } from './fixtures'

// /api/docs renders the contract (api/openapi.yaml) with the server's own copy of Redoc: under
// the real Content-Security-Policy without a single violation, and without a request to any
// host but the server itself.

test('/api/docs shows the API under the strict CSP, from this server only', async ({ page, server }) => {
  const violations = await watchViolations(page)
  const elsewhere: string[] = []
  const fetched: string[] = []
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (url.protocol === 'data:' || url.protocol === 'blob:') return
    if (url.origin === new URL(server.url).origin) fetched.push(url.pathname)
    else elsewhere.push(req.url())
  })

  const res = await page.goto('/api/docs')
  expect(res?.status()).toBe(200)
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'")

  // Redoc parses the whole contract in the page before it shows anything (about 3 s alone here; with
  // the other test worker on the same two cores it has taken over 5 s): wait for it, not for a time.
  await expect(page.getByRole('heading', { name: /Notenrechner API/, level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('heading', { name: 'Prozent und Note berechnen' })).toBeVisible()
  await expect(page.getByText('text/event-stream').first()).toBeAttached()
  // Redoc has read the spec from this server and laid out every operation.
  expect(fetched).toContain('/api-docs/redoc.standalone.js')
  expect(fetched).toContain('/api/v1/openapi.json')
  await page.getByRole('heading', { name: 'Ein Konto hinzufügen (Admin)' }).scrollIntoViewIfNeeded()
  await expect(page.getByRole('heading', { name: 'Ein Konto hinzufügen (Admin)' })).toBeVisible()

  expect(await violations()).toEqual([])
  expect(elsewhere).toEqual([])
})
