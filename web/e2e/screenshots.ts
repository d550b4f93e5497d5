import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test } from './fixtures'

/**
 * A screenshot (full page unless told) in the light and the dark scheme, into the test's output directory and,
 * when SCREENSHOT_DIR is set, there too (test-results/ is emptied by the next run).
 */
export async function shootBothSchemes(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR ?? ''
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const file = `${name}-${colorScheme}.png`
    await page.screenshot({ path: test.info().outputPath(file), fullPage })
    if (dir !== '') {
      mkdirSync(dir, { recursive: true })
      await page.screenshot({ path: `${dir}/${file}`, fullPage })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
