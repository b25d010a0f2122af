import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `rs-e2e-${process.pid}`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'rs-e2e-results'),
  use: {
    baseURL,
    locale: 'es-MX',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    // The real server on a fresh embedded database (migrated and seeded at start), serving the built web app.
    command: `node --import tsx apps/server/src/main.ts`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // PostgreSQL when E2E_DATABASE_URL names one, else PGlite.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // The sign-in page and the inactive-user message name it (README.md, SUPPORT_CONTACT).
      SUPPORT_CONTACT: 'soporte@rewards.test',
      // The governance journey moves the server clock a week on (POST /api/test/clock; never in production).
      TEST_CLOCK_ROUTES: 'true',
    },
  },
});
