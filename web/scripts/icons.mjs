// Renders public/favicon.svg to the PNG icons of the web app manifest (public/icons/), with the
// Chromium the browser tests use. Run it after changing the SVG: `node scripts/icons.mjs`.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from '@playwright/test'

const dir = resolve(import.meta.dirname, '../public')
const svg = readFileSync(resolve(dir, 'favicon.svg'), 'utf8')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`)
    await page.screenshot({ path: resolve(dir, `icons/icon-${size}.png`), omitBackground: true })
    await page.close()
  }
} finally {
  await browser.close()
}
