// The calculator rendered on the server (web/render.go runs this bundle, built by `npm run build:ssr`):
// the same components as the app, through React's own server renderer, so the page's HTML is what the
// app's first render makes and the browser takes it over (main.tsx hydrates it). The server's JS
// engine has no browser globals: URLSearchParams comes from a polyfill, and nothing rendered here
// reads storage, the network or the clock (those happen in effects, which never run on the server).
import './ssr-globals'
import 'url-search-params-polyfill'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from '@/app/app'
import { loadAdjusted } from '@/features/calculator/use-adjusted-key'
import { parseLiveConfig } from '@/lib/config'

// The key for this test (docs/spec.md §10) is applied in the first render: its code is in this bundle, loaded
// once when the bundle runs (the engine runs the promise's jobs before the first render).
void loadAdjusted()

/**
 * The markup of #root for an address (path and query, "/?gesamt=40") with the configuration of slug
 * (null: the default), the JSON the page carries; "" when that JSON is not a configuration.
 */
export function render(path: string, search: string, slug: string | null, configJson: string): string {
  const config = parseLiveConfig(configJson)
  if (config === null) return ''
  // the address the app renders (lib/location.ts) and the calculator reads its inputs from
  const location = { pathname: path, search, hash: '' }
  ;(globalThis as { window?: unknown }).window = { location }
  return renderToString(
    <StrictMode>
      <App rendered={{ slug, config }} />
    </StrictMode>,
  )
}
