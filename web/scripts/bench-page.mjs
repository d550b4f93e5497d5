// Lighthouse-style figures of the calculator page from Debian's Chromium over the DevTools
// protocol (run by `make bench`): largest contentful paint, total blocking time and
// cumulative layout shift, with Lighthouse's mobile conditions (4× slower CPU, 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up) applied by CDP, in a fresh browser context each run.
//   node scripts/bench-page.mjs URL [runs]     → JSON on stdout
import { chromium } from '@playwright/test'

const url = process.argv[2]
const runs = Number(process.argv[3] ?? 5)
if (!url) throw new Error('usage: node scripts/bench-page.mjs URL [runs]')

// Collected in the page from the first moment (buffered observers), read after the page settled.
const observe = () => {
  const m = { lcp: 0, cls: 0, longTasks: [], fcp: 0, usable: 0 }
  window.__bench = m
  // "Usable": the moment the total field is in the page, on the same clock as FCP (navigation start).
  const usable = new MutationObserver(() => {
    if ([...document.querySelectorAll('label')].some((l) => l.textContent.trim() === 'Gesamtpunktzahl')) {
      m.usable = performance.now()
      usable.disconnect()
    }
  })
  usable.observe(document, { childList: true, subtree: true })
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) m.lcp = e.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) m.cls += e.value
  }).observe({ type: 'layout-shift', buffered: true })
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) m.longTasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime
  }).observe({ type: 'paint', buffered: true })
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})
const results = []
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    let transferred = 0
    const encodings = new Set()
    cdp.on('Network.loadingFinished', (e) => (transferred += e.encodedDataLength))
    cdp.on('Network.responseReceived', (e) => {
      const enc = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding']
      if (e.response.url.includes('/assets/')) encodings.add(enc ?? 'identity')
    })
    await page.addInitScript(observe)
    const start = Date.now()
    await page.goto(url, { waitUntil: 'load' })
    await page.getByRole('textbox', { name: 'Gesamtpunktzahl' }).waitFor({ timeout: 30_000 })
    const waited = Date.now() - start
    await page.waitForTimeout(3000) // let late layout shifts and long tasks show
    const m = await page.evaluate(() => window.__bench)
    const tbt = m.longTasks.filter(([s]) => s >= m.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)
    results.push({
      fcp: m.fcp,
      lcp: m.lcp,
      tbt,
      cls: m.cls,
      usable: m.usable || waited,
      transferred,
      encodings: [...encodings],
    })
    await context.close()
  }
} finally {
  await browser.close()
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pick = (k) => median(results.map((r) => r[k]))
console.log(
  JSON.stringify({
    runs: results,
    median: {
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      usable: pick('usable'),
      transferred: pick('transferred'),
    },
  }),
)
