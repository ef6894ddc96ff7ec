import { defineConfig } from '@playwright/test';

// The stack (gateway + workers + Postgres + NATS) is started by infra/e2e,
// which exports E2E_BASE_URL and the seeded admin credentials.
export default defineConfig({
  testDir: './e2e',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
