import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// The tests' own browser is headless: Debian's headless shell when installed (a fraction of the full
// browser's CPU per page, docs/DECISIONS.md), else CHROMIUM_PATH.
const shell = process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell';
const browser = shell !== 'off' && fs.existsSync(shell) ? shell : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  // Its own folder: Playwright empties it at the start, and test-results/ holds the other stages' logs.
  outputDir: '../test-results/playwright',
  fullyParallel: false,
  // Three files at a time (the tests of a file one after the other), against the one shared server, in
  // `npm test` beside the PostgreSQL pass too (with two there, that pass ended at 188 s and the browser
  // tests went on alone to 458 s). Tests that start a server of their own use a port of their own
  // (E2E_PORT + 7, 8, 9, 10).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  // Generous: CI machines run the PostgreSQL pass beside these tests and can be several times slower.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1480, height: 900 },
    screenshot: 'only-on-failure',
    // A trace records a screencast of every page the whole time: 40% of the tests' CPU. Taken when a
    // test is retried (CI), or as E2E_TRACE says (e.g. retain-on-failure).
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? 'on-first-retry',
    // Spinners and progress bars hold still (the app honours reduced motion): no frames drawn while a test waits.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: browser,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port) },
  },
});
