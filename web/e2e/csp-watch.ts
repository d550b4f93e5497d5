import type { Page } from '@playwright/test'

/** Collects CSP violations (DOM events and console reports) from the start of every document. */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) console.push(msg.text())
  })
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] }
    w.cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.cspViolations.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${String(e.lineNumber)}`,
      )
    })
  })
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ]
}
