/**
 * Browser tests against the real storefront: the production client build served by the
 * one-process server on the embedded engines, a fresh data folder and a small seed.
 * Debian's Chromium drives them (see support/chromium.ts).
 */
import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';
import { freePort } from './support/storefront.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_BASE_URL runs the tests against a storefront that is already running (its data is then shared).
const external = process.env.E2E_BASE_URL?.trim().replace(/\/$/, '') || null;
// Chosen once in the runner; the workers inherit it through the environment.
if (!external) process.env.E2E_PORT ??= String(await freePort());
const baseURL = external ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir: path.join(here, '../../test-results/e2e'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Six services, nginx and the engines share the two cores with the browsers on the
  // distributed topology, and its reads follow the projections: each step takes longer there.
  timeout: process.env.E2E_TOPOLOGY === 'distributed' ? 90_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [
        ['list'],
        ['html', { open: 'never', outputFolder: path.join(here, '../../playwright-report') }],
      ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: `${path.join(here, '../../node_modules/.bin/tsx')} ${path.join(here, 'support/serve.ts')}`,
        url: `${baseURL}/api/health`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 25_000 },
        env: { E2E_PORT: process.env.E2E_PORT! },
      },
});
