import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

// `npm run test:scale` (issue 12, item 6): the core browser flows through nginx round robin in front of
// two instances of the built app on one PostgreSQL database and one S3 bucket, all throw-away services
// on loopback started by tests/e2e-scale/global-setup.ts. The setup project signs a shopkeeper up and
// makes the shop the other flows buy from.
export default defineConfig({
  testDir: 'tests/e2e-scale',
  globalSetup: './tests/e2e-scale/global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.test-results/playwright-scale.json' }]],
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/scale',
  use: { ...base.use, baseURL: undefined },
  projects: [
    { name: 'setup', testMatch: '*.setup.ts', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'flows', testMatch: '*.spec.ts', dependencies: ['setup'], use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
