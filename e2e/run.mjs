// Runs the browser journeys: builds the web app, then Playwright drives Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const message = `Browser journeys need Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n${message}\nThey were NOT run on this machine; CI runs them (.ci/run installs Chromium).\n`);
  process.exit(0);
}
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1;
if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]));
