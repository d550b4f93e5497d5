// The calculator route's JS budget (docs/benchmarks.md): the gzip size of the JS that
// the page at / loads before it can run — the module scripts of dist/index.html, their
// modulepreloads and, transitively, their static imports; not the chunks loaded by import() —
// must stay at or below 82 KiB. Reports the CSS and the lazy chunks (admin) too. The fonts the
// page preloads (the app's own text font) have a budget of their own, 40 KiB, counted
// as sent: woff2 is brotli inside, so it is served as it is.
//   node scripts/check-budget.mjs [--json]     (after `npm run build`; exit 1 above the budget)
import { readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET = 82 * 1024
const FONT_BUDGET = 40 * 1024
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const html = readFileSync(join(dist, 'index.html'), 'utf8')

const attr = (tag, name) => new RegExp(`\\b${name}=["']([^"']+)["']`).exec(tag)?.[1]
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
const entries = []
const css = []
const fonts = []
for (const tag of tags) {
  if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src'))
    entries.push(attr(tag, 'src'))
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload') entries.push(attr(tag, 'href'))
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet') css.push(attr(tag, 'href'))
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'preload' && attr(tag, 'as') === 'font')
    fonts.push(attr(tag, 'href'))
}
if (fonts.length === 0)
  throw new Error('dist/index.html preloads no font: the app font is missing (vite.config.ts preloadFont)')
if (entries.length === 0) throw new Error('dist/index.html has no module script: build first (npm run build)')

// Static imports of a built chunk: `import"./a.js"`, `import{x}from"./a.js"`, `export*from"./a.js"`;
// `import("./a.js")` is lazy and not followed.
const STATIC =
  /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js|\/[^"']+\.js)["']/g
// The bundler writes import() with backticks when it has no other chunks to preload first.
const DYNAMIC =
  /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js|\/[^"'`]+\.js)["'`]\s*\)|["'](assets\/[^"']+\.js)["']/g

const read = (url) => readFileSync(join(dist, url.replace(/^\//, '')))
const gz = (buf) => gzipSync(buf, { level: 9 }).length
const resolve = (from, spec) =>
  (spec.startsWith('/') ? spec : posix.join(posix.dirname(from), spec)).replace(/^\/?/, '/')

const route = new Map()
const lazy = new Set()
const queue = entries.map((e) => resolve('/', e))
while (queue.length > 0) {
  const url = queue.shift()
  if (route.has(url)) continue
  const code = read(url)
  route.set(url, gz(code))
  const text = code.toString('utf8')
  for (const m of text.matchAll(STATIC)) queue.push(resolve(url, m[1]))
  for (const m of text.matchAll(DYNAMIC)) lazy.add(m[1] ? resolve(url, m[1]) : `/${m[2]}`)
}
const lazyChunks = [...lazy].filter((u) => !route.has(u)).map((u) => ({ file: u, gzip: gz(read(u)) }))
const routeJS = [...route].map(([file, gzip]) => ({ file, gzip }))
const total = routeJS.reduce((s, f) => s + f.gzip, 0)
const report = {
  budget: BUDGET,
  routeJS,
  routeJSTotal: total,
  routeCSS: css.map((u) => ({ file: u, gzip: gz(read(u)) })),
  lazyChunks,
  fontBudget: FONT_BUDGET,
  fonts: fonts.map((u) => ({ file: u, bytes: read(u).length })),
}
report.fontTotal = report.fonts.reduce((s, f) => s + f.bytes, 0)
report.ok = total <= BUDGET && report.fontTotal <= FONT_BUDGET

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2))
} else {
  for (const f of routeJS) console.log(`route JS   ${kib(f.gzip).padStart(10)}  ${f.file}`)
  for (const f of report.routeCSS) console.log(`route CSS  ${kib(f.gzip).padStart(10)}  ${f.file}`)
  for (const f of lazyChunks) console.log(`lazy JS    ${kib(f.gzip).padStart(10)}  ${f.file}`)
  for (const f of report.fonts) console.log(`font       ${kib(f.bytes).padStart(10)}  ${f.file}`)
  console.log(
    `calculator route JS: ${kib(total)} gzip of ${kib(BUDGET)} (${((100 * total) / BUDGET).toFixed(1)} %)`,
  )
  console.log(
    `preloaded font: ${kib(report.fontTotal)} of ${kib(FONT_BUDGET)} (${((100 * report.fontTotal) / FONT_BUDGET).toFixed(1)} %)`,
  )
}
if (total > BUDGET)
  console.error(`JS over budget by ${total - BUDGET} bytes: see docs/benchmarks.md for what is in the bundle`)
if (report.fontTotal > FONT_BUDGET)
  console.error(
    `font over budget by ${kib(report.fontTotal - FONT_BUDGET)}: a latin subset, one variable file`,
  )
if (!report.ok) process.exit(1)
