// Start-up and memory of the server for `npm run bench` (alone: `node bench/startup.mjs`; docs/decisions/0001):
// the compiled server production runs (`node apps/server/dist/main.js`, `npm run start:prod`) against the same
// sources through tsx (`node --import tsx apps/server/src/main.ts`). On PGlite in a temporary DATA_DIR that one
// development start migrated and seeded beforehand (untimed); then, for each, turn about, five production starts
// timed from spawn until /api/health answers 200 (the median kept), and on the last one the resident memory
// (VmRSS of /proc/PID/status) after 2 s idle and after 5 s of autocannon on a product list and `/`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt, root } from './lib.mjs';

const port = Number(process.env.BENCH_STARTUP_PORT ?? 3430);
const base = `http://127.0.0.1:${port}`;
const starts = 5;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const servers = [
  { name: 'compiled (node apps/server/dist/main.js)', args: ['--enable-source-maps', 'apps/server/dist/main.js'] },
  { name: 'tsx (node --import tsx apps/server/src/main.ts)', args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
];

/** Starts a server; resolves with the process and the milliseconds until /api/health answered 200. */
async function start(args, env) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start (${child.exitCode}):\n${stderr}`);
    if (performance.now() - t0 > 60_000) {
      child.kill('SIGKILL');
      throw new Error('the server did not become healthy in 60 s');
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, exited, ms: performance.now() - t0 };
    await sleep(10);
  }
}

async function stop({ child, exited }) {
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MB. */
function rssMb(pid) {
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

export async function benchStartup() {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-bench-startup-'));
  const { DATABASE_URL: _db, REDIS_URL: _redis, METRICS_PORT: _metrics, ...inherited } = process.env;
  const common = { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, LOG_FORMAT: 'json' };
  try {
    // Migrations and demo data once, untimed (production never seeds).
    await stop(await start(servers[0].args, { ...common, NODE_ENV: 'development', LOG_LEVEL: 'warn' }));
    const production = {
      ...common,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-secret-0123456789abcdefghijklmnop',
      ALLOW_BUNDLED_SIGN_IN: 'true',
      LOG_LEVEL: 'warn',
    };
    const results = servers.map(() => ({ ms: [], idle: 0, loaded: 0, requests: 0 }));
    for (let round = 0; round < starts; round++)
      for (const [i, server] of servers.entries()) {
        const started = await start(server.args, production);
        try {
          results[i].ms.push(started.ms);
          if (round === starts - 1) {
            await sleep(2000);
            results[i].idle = rssMb(started.child.pid);
            const load = await autocannon({
              url: base,
              connections: 10,
              duration: 5,
              requests: [
                { method: 'GET', setupRequest: (req) => ({ ...req, path: Math.random() < 0.5 ? '/api/products/all/?storeId=1' : '/' }) },
              ],
            });
            results[i].requests = load.requests.total;
            results[i].loaded = rssMb(started.child.pid);
          }
        } finally {
          await stop(started);
        }
      }

    console.log(
      `\nStart-up (PGlite, demo data already there; spawn until /api/health 200, median of ${starts}; memory on the last start):`,
    );
    console.log('server                                              start ms   (min-max)     RSS idle MB   RSS after load MB');
    for (const [i, server] of servers.entries()) {
      const r = results[i];
      const sorted = [...r.ms].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      const range = `(${sorted[0].toFixed(0)}-${sorted.at(-1).toFixed(0)})`;
      console.log(
        `${server.name.padEnd(50)} ${median.toFixed(0).padStart(8)}   ${range.padEnd(13)} ${r.idle.toFixed(0).padStart(11)}   ${r.loaded.toFixed(0).padStart(17)}  (${r.requests} requests in 5 s)`,
      );
    }
    return true;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await benchStartup()) ? 0 : 1;
