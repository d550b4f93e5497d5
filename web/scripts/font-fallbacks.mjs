// Writes src/font-fallbacks.css: for each common system font (Arial on Windows, Helvetica on Apple's,
// Roboto on Android, DejaVu Sans on Linux) a face resized to the app's font (size-adjust and the
// ascent, descent and line-gap overrides, computed by Capsize from the metrics in font-metrics.json),
// so that the page drawn before the font has arrived takes the same room as after: the font swaps in
// without moving the layout. Regular and bold (semibold text takes the bold face), each under the
// fallback's own local names; a face whose font the device lacks is skipped.
//   node scripts/font-fallbacks.mjs [--check]     (--check: exit 1 when the file is not what this writes)
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createFontStack } from '@capsizecss/core'
import prettier from 'prettier'

const here = (file) => new URL(file, import.meta.url)
const { primary, fallbacks } = JSON.parse(readFileSync(here('./font-metrics.json'), 'utf8'))
const out = here('../src/font-fallbacks.css')

/** The fallback family of one system font: "Atkinson Fallback Arial". */
export const fallbackFamily = (fallback) => `Atkinson Fallback ${fallback['400'].familyName}`

export async function fontFallbacksCss() {
  const faces = fallbacks.flatMap((fallback) =>
    ['400', '700'].map((weight) => {
      const { fontFaces } = createFontStack([primary[weight], fallback[weight]], {
        fontFaceFormat: 'styleString',
        fontFaceProperties: { fontWeight: weight },
      })
      return fontFaces.replace(/font-family: "[^"]+"/, `font-family: "${fallbackFamily(fallback)}"`)
    }),
  )
  const stack = fallbacks.map((f) => `"${fallbackFamily(f)}"`).join(', ')
  const css = [
    '/* Written by scripts/font-fallbacks.mjs from scripts/font-metrics.json: do not edit. */',
    ...faces,
    `@theme {\n  --font-sans: 'Atkinson Hyperlegible Next Variable', ${stack}, ui-sans-serif, system-ui, sans-serif;\n}`,
    '',
  ].join('\n')
  return prettier.format(css, { ...(await prettier.resolveConfig(out)), filepath: fileURLToPath(out) })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const css = await fontFallbacksCss()
  if (process.argv.includes('--check')) {
    if (readFileSync(out, 'utf8') !== css) {
      console.error('src/font-fallbacks.css is not what scripts/font-fallbacks.mjs writes: run it')
      process.exit(1)
    }
  } else writeFileSync(out, css)
}
