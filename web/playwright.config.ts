import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

// Browser tests drive Debian's Chromium (no browser download) against the
// real binary, which each test starts with its own temporary database
// (e2e/fixtures.ts). Two workers at most: CI machines have two cores.
export default defineConfig({
  testDir: './e2e',
  // A run directory for the servers' logs, audited for secrets at the end.
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: './test-results',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    locale: 'de-DE',
    // The service worker serves pages from its cache; only e2e/offline.spec.ts, which tests it, allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium sees no system font but DejaVu, as on a fresh Debian machine: a layout
      // that fits only with this machine's fonts fails here too.
      env: {
        ...process.env,
        FONTCONFIG_FILE: fileURLToPath(new URL('./e2e/fonts/dejavu-only.conf', import.meta.url)),
      },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
})
