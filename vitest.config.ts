import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // After the default output: the suites that did not run for want of PostgreSQL or Redis (and, in CI, a failure).
    reporters: ['default', './apps/server/test/not-run-reporter.ts'],
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/shared/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One migrated database and one migrated and seeded, made once per run; each file copies one.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Where each suite is written: the not-run reporter reads the runIf condition there.
          includeTaskLocation: true,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
