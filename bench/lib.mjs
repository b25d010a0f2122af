// Shared pieces of the benchmarks: a throw-away PostgreSQL database, the production server on it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';

export const root = path.resolve(import.meta.dirname, '..');
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const duration = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = 50;

/** Creates `name` on the bench server; `drop()` removes it, even with sessions still open. */
export async function scratchDatabase(name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** Runs a TypeScript seed script with the database URL (and any further arguments); answers its stdout. */
export function runSeed(script, dbUrl, ...args) {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', script, dbUrl, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  return seeded.stdout;
}

let built = false;
/**
 * What production runs, built once per bench process: the server (`npm run build -w apps/server`, a second of
 * esbuild, so that the bench measures the code as it stands) and the web app when it is missing.
 */
export function ensureBuilt() {
  if (built) return;
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('the server build failed');
  built = true;
}

/** The production server (compiled, as `npm run start:prod`; built web app; PostgreSQL) on `port`, ready when this resolves. */
export async function startServer({ dbUrl, port, env = {} }) {
  ensureBuilt();
  const base = `http://localhost:${port}`;
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-secret-0123456789abcdefghijklmnop',
      ALLOW_BUNDLED_SIGN_IN: 'true',
      DATABASE_URL: dbUrl,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rs-bench-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, pid: child.pid, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become healthy');
}

export const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Runs every scenario once for `warmup` seconds, then `rounds` rounds of `seconds` each (every scenario once per
 * round; with `settle`, or a scenario's own `settle`, that many seconds unmeasured before each) and keeps each scenario's median rps, p50
 * and p99 and its summed failures: a drift of this shared
 * machine (its speed moves by half within a minute) weighs on every scenario alike instead of on the one
 * running then. `run(scenario, seconds)` is an autocannon run.
 */
export async function medianOfRounds(scenarios, run, { warmup, rounds = 3, seconds, settle = 0 }) {
  for (const s of scenarios) await run(s, warmup);
  const runs = scenarios.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [i, s] of scenarios.entries()) {
      // `settle` seconds unmeasured first: what the other scenarios left aged (answers refreshed after a
      // pause) is caught up before the measured run, which then sees the steady state.
      const unmeasured = s.settle ?? settle;
      if (unmeasured) await run(s, unmeasured);
      const r = await run(s, seconds);
      runs[i].push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return scenarios.map((s, i) => ({
    ...s,
    rps: median(runs[i].map((r) => r.rps)),
    p50: median(runs[i].map((r) => r.p50)),
    p99: median(runs[i].map((r) => r.p99)),
    non2xx: runs[i].reduce((n, r) => n + r.non2xx, 0),
    errors: runs[i].reduce((n, r) => n + r.errors, 0),
  }));
}

/**
 * The bench's search queries: 200 popular ones (a product word, with or without a qualifier: real search
 * traffic repeats itself) and 6,000 distinct ones (the same with a number), URL-encoded.
 */
export function searchQueries() {
  const terms = ['taza', 'termo', 'mochila', 'libreta', 'audifonos', 'cargador', 'bocina', 'playera', 'sudadera', 'gorra'];
  terms.push('botella', 'lampara', 'manta', 'maleta', 'linterna', 'balon', 'tapete', 'cartera', 'boligrafo', 'reloj');
  const qualifiers = ['', 'ejecutiva', 'termica', 'azul', 'negra', 'premium', 'cafe', 'deportiva', 'organica', 'portatil'];
  const query = (...words) => encodeURIComponent(words.filter(Boolean).join(' '));
  return {
    popular: terms.flatMap((t) => qualifiers.map((q) => query(t, q))),
    distinct: terms.flatMap((t) => qualifiers.flatMap((q) => Array.from({ length: 30 }, (_, n) => query(t, q, String(n + 1))))),
  };
}

/**
 * PostgreSQL's own ceiling for a short write transaction: pgbench's built-in tpcb-like script on a scratch
 * database of this server, `clients` clients for `seconds` (scale: at least one branch per client, as pgbench
 * advises). Answers tps and the average latency in ms. Needs `pgbench`.
 */
export async function pgbenchTps({ clients = connections, seconds = duration, scale = clients } = {}) {
  const database = await scratchDatabase(`rs_pgbench_${process.pid}`);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', String(scale), database.url], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), database.url], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    const latency = /latency average = ([\d.]+) ms/.exec(out);
    if (!tps) throw new Error(`pgbench output not understood:\n${out}`);
    return { tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : NaN, scale };
  } finally {
    await database.drop();
  }
}

/** A Socket.IO client signed in with a personal API token, as the web's (WebSocket only, no reconnection). */
export function connectSocket(base, token) {
  return new Promise((resolve, reject) => {
    const socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 20_000, auth: { token } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(new Error(`${base}: ${err.data?.code ?? err.message}`)));
  });
}

/** The load average (1, 5, 15 minutes), as the results print it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
