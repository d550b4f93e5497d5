import { readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/

/**
 * The page at /api/docs (api/openapi.yaml rendered for people): api-docs/index.html and Redoc's
 * standalone bundle from node_modules, written to dist/api-docs/ as they are, so that the binary
 * serves both itself (no CDN; the CSP allows scripts from 'self' only). Not part of the app: not
 * hashed, not precached by the service worker, and nothing of it on the calculator route.
 */
function apiDocs(): Plugin {
  const redoc = dirname(createRequire(import.meta.url).resolve('redoc/package.json'))
  const files: [string, string][] = [
    ['index.html', fileURLToPath(new URL('./api-docs/index.html', import.meta.url))],
    ['redoc.standalone.js', join(redoc, 'bundles/redoc.standalone.js')],
    ['redoc.standalone.js.LICENSE.txt', join(redoc, 'bundles/redoc.standalone.js.LICENSE.txt')],
    ['LICENSE.txt', join(redoc, 'LICENSE')],
  ]
  return {
    name: 'notenrechner-api-docs',
    apply: 'build',
    async generateBundle() {
      for (const [name, file] of files) {
        let source: Buffer | string = await readFile(file)
        if (name === 'redoc.standalone.js') source = withoutCdnLogo(source.toString('utf8'))
        this.emitFile({ type: 'asset', fileName: `api-docs/${name}`, source })
      }
    },
  }
}

// Redoc's sidebar shows a logo from its CDN, a request to a third party that the CSP blocks (and
// reports). It is replaced by an empty image of the same size; a release without that URL, or with
// another one, fails the build here, so that an update of Redoc is looked at.
const CDN_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"'
const EMPTY_LOGO =
  '"data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 width=%2716%27 height=%2716%27/%3E"'
function withoutCdnLogo(bundle: string): string {
  if (bundle.split(CDN_LOGO).length !== 2)
    throw new Error(`redoc.standalone.js: expected ${CDN_LOGO} once; look at this Redoc release`)
  const patched = bundle.replace(CDN_LOGO, EMPTY_LOGO)
  const remote = /src:"https?:/.exec(patched)
  if (remote)
    throw new Error(
      `redoc.standalone.js loads from another host: ${patched.slice(remote.index, remote.index + 80)}`,
    )
  return patched
}

/**
 * Writes name.gz (gzip -9) and name.br (brotli 11) next to every text file of the build, so that
 * the Go server sends them as they are (internal/server/handle_app.go) instead of compressing on
 * every request. A variant that is not smaller than the file is not written.
 */
function precompress(): Plugin {
  const gz = promisify(gzip)
  const br = promisify(brotliCompress)
  let outDir = 'dist'
  return {
    name: 'notenrechner-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    // After every other plugin's closeBundle (the service worker is written in one), never beside it.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true })
        const files = entries
          .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
          .map((e) => join(e.parentPath, e.name))
        await Promise.all(
          files.map(async (file) => {
            const data = await readFile(file)
            const variants: [string, Buffer][] = [
              ['.gz', await gz(data, { level: 9 })],
              [
                '.br',
                await br(data, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: 11,
                    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                  },
                }),
              ],
            ]
            for (const [ext, out] of variants) if (out.length < data.length) await writeFile(file + ext, out)
          }),
        )
      },
    },
  }
}

/**
 * Preloads the latin face of the app's font (index.css), so the first render already has it and
 * nothing shifts when it arrives; the file name carries Vite's content hash, known only after the
 * bundle is written.
 */
function preloadFont(): Plugin {
  return {
    name: 'notenrechner-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) =>
          /atkinson-hyperlegible-next-latin-wght-normal-[\w-]+\.woff2$/.test(f),
        )
        if (font === undefined) throw new Error('preloadFont: the latin font file is not in the bundle')
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

/**
 * Preloads what the entry imports (React's chunk, the bundler's runtime) from index.html, so that the
 * browser fetches them beside the entry rather than one round trip after it, when it reads its imports.
 */
function preloadEntryImports(): Plugin {
  return {
    name: 'notenrechner-preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const entries = Object.values(ctx.bundle ?? {}).flatMap((c) =>
          c.type === 'chunk' && c.isEntry ? [c] : [],
        )
        if (entries.length === 0) throw new Error('preloadEntryImports: no entry chunk')
        const imports = new Set(entries.flatMap((c) => c.imports))
        // the early result's few KiB first, so that it is not queued behind React's 66 KiB
        const early = entries.find((c) => c.name === 'early')?.fileName
        const order = [...imports].sort((a, b) => Number(b === early) - Number(a === early))
        return order.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', href: `/${file}`, crossorigin: '' },
          injectTo: 'head',
        }))
      },
    },
  }
}

/**
 * The early result (src/early.ts): a small module of its own that shows results for what is typed into
 * the server's page before the app has arrived. At the end of the body, so that it runs only once the
 * page's form has been read (an async script runs as soon as it is loaded), and async, so that it does
 * not wait for the app.
 */
function earlyResult(): Plugin {
  return {
    name: 'notenrechner-early-result',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const early = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'early',
        )
        if (early?.type !== 'chunk') throw new Error('earlyResult: the early entry is not in the bundle')
        // all it needs in its one chunk (vite.config.ts codeSplitting): anything it imports, React above all,
        // would be fetched before it runs
        if (early.imports.length > 0)
          throw new Error(`earlyResult: the early chunk imports ${early.imports.join(', ')}`)
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: '', src: `/${early.fileName}` },
            injectTo: 'body',
          },
        ]
      },
    },
  }
}

/**
 * Vite wraps every lazy import in a helper that fetches the part's CSS and imports beside it; with
 * modulePreload off and all CSS in one file, it has nothing to fetch (every call passes []), yet its
 * code (about 0.8 KiB gzip) stays on the calculator route, whose JS has a budget (docs/benchmarks.md).
 * This helper just imports. A build in which a lazy chunk imports CSS fails here instead.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js'
function plainLazyImports(): Plugin {
  let replaced = false
  return {
    name: 'notenrechner-plain-lazy-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== PRELOAD_HELPER) return
      replaced = true
      return 'export const __vitePreload = (load) => load()'
    },
    generateBundle(_options, bundle) {
      // A Vite that names its helper otherwise would bring it back unnoticed.
      if (!replaced)
        this.error(`${PRELOAD_HELPER} was not loaded: look at how this Vite preloads lazy imports`)
      // With modulePreload off, Vite passes a lazy chunk's CSS only: none may have any.
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && !chunk.isEntry && (chunk.viteMetadata?.importedCss.size ?? 0) > 0)
          this.error(`${chunk.fileName} imports CSS, which the plain lazy import would not load`)
    },
  }
}

/**
 * React's production files themselves, not the small modules that pick them by NODE_ENV (react/index.js
 * and the like), which a build always answers with "production": each comes into the calculator route's
 * JS (its budget: docs/benchmarks.md) wrapped as a CommonJS module of its own, react-dom's two with a
 * check for React's developer tools (that the build removed development code), about 0.17 KiB gzip in
 * all. Builds only: the tests and the dev server keep React's development files.
 */
function reactProductionFiles(): Plugin {
  const require = createRequire(import.meta.url)
  const file = (pkg: string, name: string) =>
    join(dirname(require.resolve(`${pkg}/package.json`)), 'cjs', name)
  return {
    name: 'notenrechner-react-production-files',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react$/, replacement: file('react', 'react.production.js') },
          { find: /^react\/jsx-runtime$/, replacement: file('react', 'react-jsx-runtime.production.js') },
          { find: /^react-dom$/, replacement: file('react-dom', 'react-dom.production.js') },
          { find: /^react-dom\/client$/, replacement: file('react-dom', 'react-dom-client.production.js') },
          { find: /^scheduler$/, replacement: file('scheduler', 'scheduler.production.js') },
        ],
      },
    }),
  }
}

export default defineConfig({
  plugins: [
    plainLazyImports(),
    reactProductionFiles(),
    react(),
    tailwindcss(),
    preloadFont(),
    preloadEntryImports(),
    earlyResult(),
    // Offline and installable (docs/spec.md §2): a Workbox service worker that precaches the built app and
    // serves every page navigation from it, and the manifest. The registration is the external
    // /registerSW.js (no inline script: Content-Security-Policy default-src 'self'), deferred: a plain script
    // in the head would hold the first paint of the server's page for a round trip.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeManifestIcons: false, // the glob below has them already
      manifest: {
        name: 'Notenrechner',
        short_name: 'Notenrechner',
        description: 'Prozentzahl und Note aus Gesamt- und erreichter Punktzahl berechnen.',
        lang: 'de',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#016630',
        background_color: '#f8fafc',
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      },
      workbox: {
        // Built files only: the precompressed .gz/.br twins are the server's business.
        globPatterns: ['**/*.{html,js,css,svg,png,woff2}'],
        globIgnores: ['api-docs/**'], // the API docs page and its 1 MB viewer are not the app
        navigateFallback: '/index.html',
        // Not the app: the API (sign-in, accounts, history, the SSE stream), health and metrics.
        // Nothing under /api is ever cached: no route below matches it.
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz$/, /^\/metrics$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    apiDocs(),
    precompress(), // last, after the service worker is written
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No preload helper: it would wrap every lazy import to fetch the part's own imports beside it, at
    // about 0.6 KiB of the calculator route's JS budget (docs/benchmarks.md). A lazy part then fetches
    // what it imports when it runs, one round trip later; the server has rendered those parts into
    // the page already (web/render.go), so that round trip delays only their taking over, not the sight.
    modulePreload: false,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        early: fileURLToPath(new URL('./src/early.ts', import.meta.url)),
      },
      output: {
        // React in one chunk: with several lazy chunks the bundler otherwise splits it into small
        // shared pieces, each with its own overhead, on the calculator route's budget. The early result
        // (src/early.ts) is one chunk with all it needs and no React: the calculator and the page's
        // configuration, which the app imports from it, so that nothing of it is loaded twice.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'early',
              test: /src[\\/](early|lib[\\/](rational|numbers|key|grade-table|config|embedded-config|stored-config|scale-choice|scale-slug)|features[\\/]calculator[\\/](grading|early-result))\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000, // above asyncUtilTimeout (src/test/setup.ts), so a slow wait fails with its own message
    env: { TZ: 'UTC' },
  },
})
