import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Offline and installable (issue 8): a Workbox service worker that precaches the built app and
    // serves every page navigation from it, and the manifest. The registration is the external
    // /registerSW.js (no inline script: Content-Security-Policy default-src 'self').
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
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
        globPatterns: ['**/*.{html,js,css,svg,png}'],
        navigateFallback: '/index.html',
        // Not the app: the API (sign-in, accounts, history, the SSE stream), health and metrics.
        // Nothing under /api is ever cached: no route below matches it.
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz$/, /^\/metrics$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    env: { TZ: 'UTC' },
  },
})
