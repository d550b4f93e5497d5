import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/

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
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true })
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name))
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file)
          const variants: [string, Buffer][] = [
            ['.gz', await gz(data, { level: 9 })],
            ['.br', await br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })],
          ]
          for (const [ext, out] of variants) if (out.length < data.length) await writeFile(file + ext, out)
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
    // Every browser the app supports has <link rel="modulepreload">; the polyfill would only add
    // to the calculator route's JS budget (docs/benchmarks.md).
    modulePreload: { polyfill: false },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    env: { TZ: 'UTC' },
  },
})
