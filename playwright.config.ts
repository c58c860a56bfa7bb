import { defineConfig, devices } from '@playwright/test';

// The built app on its own port and database (reset by scripts/e2e-server.mjs at each start).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Specs whose changes reach every page (the marketplace's own settings, issue 47).
const MARKETPLACE_WIDE = /marketplace-(settings|pages|brand|stop-orders)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.test-results/playwright.json' }]],
  // Separate folders let two runs (say, two developers' helpers) share a checkout.
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, grepInvert: /@phone/, testIgnore: MARKETPLACE_WIDE },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } }, grep: /@phone/, testIgnore: MARKETPLACE_WIDE },
    // Renaming the marketplace, publishing its pages and its announcement change every page the other tests read: after them (each test sets its viewport).
    { name: 'marketplace', use: { ...devices['Desktop Chrome'] }, testMatch: MARKETPLACE_WIDE, dependencies: ['desktop', 'phone'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
