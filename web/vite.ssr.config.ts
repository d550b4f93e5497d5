import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server-side render of the calculator (src/entry-server.tsx) as one script for the Go server's
// JS engine (web/render.go): a single classic script (no modules, no chunks), every dependency inside,
// the browser builds of React, and a language level the engine runs.
const src = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': src('./src'),
      // renderToString only: the streaming renderer's module needs TextEncoder, which the engine lacks.
      'react-dom/server': src('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'),
    },
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  ssr: { noExternal: true, target: 'webworker' },
  build: {
    ssr: 'src/entry-server.tsx',
    copyPublicDir: false,
    outDir: 'ssr-dist',
    emptyOutDir: false, // keeps ssr-dist/.gitkeep, which go:embed needs in a checkout that was never built
    target: 'es2020',
    minify: true,
    rolldownOptions: {
      output: { format: 'iife', name: 'NotenrechnerSSR', codeSplitting: false, entryFileNames: 'render.js' },
    },
  },
})
