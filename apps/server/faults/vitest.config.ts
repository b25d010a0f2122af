import path from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the fault tests, one file at a time (each starts its own PostgreSQL, Redis,
// nginx and server processes on ports 3600-3699). Not part of `npm run test:unit`.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../../..'),
  test: {
    name: 'faults',
    include: ['apps/server/faults/**/*.fault.ts'],
    // The server is built once before (setup.ts): instances run the compiled dist/main.js.
    globalSetup: ['apps/server/faults/setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
