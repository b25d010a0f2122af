// Per-request overhead of cache hits (issue 13, docs/decisions/0024-request-overhead.md): the server and
// the load generator each pinned to one core, the same bytes answered by raw `node:http` from memory, by
// this server's bench route (its hooks and plugins, no work), and by the cached catalogue reads.
// Alone: `node bench/overhead.mjs` (seeds its own PostgreSQL database); `npm run bench` runs it too.
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { connections, medianOfRounds, pick, root, runSeed, scratchDatabase, startServer } from './lib.mjs';

const pin = (pid, cpu) => spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' }).status === 0;

/** A `node:http` server answering `bytes` bytes of JSON from memory: what the machine can do at all. */
async function rawServer(port, bytes) {
  const code = `const body = Buffer.from('"' + 'x'.repeat(${bytes - 2}) + '"');
require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

export async function benchOverhead({ port = 3420, seconds = 5, rounds = 3 } = {}) {
  const database = await scratchDatabase(`rs_overhead_${process.pid}`);
  const servers = [];
  let ok = true;
  try {
    runSeed('apps/server/bench/seed-bench.ts', database.url);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const categories = (await db.query('select id, store_id from categories where active')).rows;
    const slugs = (await db.query('select slug from products where active and store_id = 1')).rows;
    await db.end();

    const pinned = pin(process.pid, 1);
    const app = await startServer({ dbUrl: database.url, port, env: { BENCH_ROUTES: 'true' } });
    servers.push(app);
    if (pinned) pin(app.pid, 0);
    const listPath = () => {
      const c = pick(categories);
      return `/api/products/all/?storeId=${c.store_id}&categoryId=${c.id}&pageSize=20`;
    };
    const bytes = (await (await fetch(app.base + listPath())).arrayBuffer()).byteLength;
    const raw = await rawServer(port + 1, bytes);
    servers.push(raw);
    if (pinned) pin(raw.pid, 0);

    const popular = ['taza', 'termo', 'mochila', 'libreta', 'audifonos', 'cargador', 'bocina', 'playera', 'sudadera', 'gorra'];
    const scenarios = [
      { name: 'raw node:http (same bytes)', base: raw.base, path: () => '/' },
      { name: 'fastify ceiling (same bytes)', base: app.base, path: () => `/api/bench/ceiling?bytes=${bytes}` },
      { name: 'category list (cache hit)', base: app.base, path: listPath, target: 0.5 },
      { name: 'product by slug (cache hit)', base: app.base, path: () => `/api/products/slug/${pick(slugs).slug}`, target: 0.5 },
      {
        name: 'search, popular (cache hit)',
        base: app.base,
        path: () => `/api/products/all/?storeId=${pick([1, 2, 3])}&search=${pick(popular)}`,
        target: 0.5,
      },
    ];
    const run = (s, secs) =>
      autocannon({
        url: s.base,
        connections,
        duration: secs,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: s.path() }) }],
      });
    const results = (await medianOfRounds(scenarios, run, { warmup: 3, rounds, seconds })).map((r) => ({ ...r, bad: r.non2xx + r.errors }));
    const [rawRps, fastifyRps] = [results[0].rps, results[1].rps];
    console.log(
      `\nRequest overhead (${connections} connections, median of ${rounds} rounds of ${seconds} s, ${bytes} B answers; server and load generator ${pinned ? 'each pinned to one core' : 'NOT pinned: taskset failed'}):`,
    );
    console.log('scenario                          req/s   p99 ms   / raw   / fastify   target');
    for (const r of results) {
      const vsRaw = r.rps / rawRps;
      const met = !r.target || (vsRaw >= r.target && r.p99 <= 10 && r.bad === 0);
      if (!met) ok = false;
      console.log(
        `${r.name.padEnd(31)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(8)}   ${vsRaw.toFixed(2).padStart(5)}   ${(r.rps / fastifyRps).toFixed(2).padStart(7)}   ${r.target ? `>= ${r.target} of raw, p99 <= 10 ms ${met ? 'ok' : 'MISSED'}` : ''}${r.bad ? ` (${r.bad} failed)` : ''}`,
      );
    }
  } finally {
    servers.forEach((s) => s.stop());
    await new Promise((r) => setTimeout(r, 500));
    await database.drop();
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await benchOverhead()) ? 0 : 1;
