import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

// Run through e2e/run.mjs, which starts the product and sets E2E_BASE_URL and the admin credentials.
// The journeys share one product instance and run one at a time (2 cores; later journeys read earlier data).
export default defineConfig({
  testDir: '.',
  // Files run in name order: the journeys first, then the WCAG checks, which so see pages and tabs with data.
  testMatch: ['journeys/*.spec.ts', 'wcag.spec.ts'],
  outputDir: 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT_FILE ?? 'test-results/results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
