import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against a running stack (E2E_BASE_URL, default the NestJS server on 3000)
 * with Debian's chromium: no browser is downloaded (docs/CONTRIBUTING.md §9).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Every wait is for a condition (auto-waiting locators, expect polling): on a busy 2-core machine
  // with the suite in parallel, a lazily loaded back-office list can take several seconds to show,
  // so the bounds are generous; a test that passes is as fast as the page.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium-mobile',
      use: {
        ...devices['Pixel 5'],
        browserName: 'chromium',
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
