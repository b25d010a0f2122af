// Vitest's global setup of the fault tests: builds the server once (`npm run build -w apps/server`), so that
// every instance runs the compiled apps/server/dist/main.js, what production runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export default function setup() {
  const built = spawnSync(process.execPath, ['apps/server/build.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
}
