import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { loadRenderedRoute } from '@/app/router'
import { ADJUSTED } from '@/features/calculator/early-result'
import { loadAdjusted } from '@/features/calculator/use-adjusted-key'
import { renderedStart } from '@/lib/embedded-config'
import { loadLiveConnection } from '@/lib/live-deferred'
import { readScaleChoice } from '@/lib/scale-choice'
import './index.css'

const root = document.getElementById('root')
if (root === null) throw new Error('index.html lacks #root')

// A page from the server holds the calculator already (web/render.go): the app takes it over as it is.
// When it cannot (the page follows another scale than this browser chose, or it came from the service
// worker, which keeps the page without markup), the app renders its own.
const rendered = renderedStart(root, readScaleChoice())
const app = (
  <StrictMode>
    <App rendered={rendered} />
  </StrictMode>
)
// The live connection's code is fetched at once, beside the first render, which needs none of it
// (lib/live-deferred.ts); the connection opens right after that render.
loadLiveConnection().catch(() => undefined)
// The code of the page's lazily loaded parts is fetched at once, beside the takeover: each part is taken
// over when its code is here, and until then nothing the app renders reaches it (memo, calculator-form.tsx).
const start = () => {
  if (rendered !== undefined) {
    loadRenderedRoute(window.location.pathname).catch(() => undefined)
    hydrateRoot(root, app)
  } else {
    root.replaceChildren()
    createRoot(root).render(app)
  }
}
// An address with the key for this test shows the adjusted key from the first render on: its code first.
if (ADJUSTED.test(location.search))
  void loadAdjusted()
    .catch(() => undefined)
    .then(start)
else start()
