// Profiles cache hits: seeds the bench catalogue, starts the production server with --cpu-prof, runs
// autocannon against a cached category list, stops the server and prints where the CPU time went
// (self time by package and by function). `node bench/profile-hit.mjs [path]` (decision 0024).
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { runSeed, scratchDatabase, startServer } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3410);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-prof-'));
const database = await scratchDatabase(`rs_prof_${process.pid}`);
let server;
try {
  runSeed('apps/server/bench/seed-bench.ts', database.url);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const category = (await db.query('select id, store_id from categories where active order by id limit 1')).rows[0];
  await db.end();
  // `distinct`: searches the response cache has not seen (a number appended to a product word), as the
  // bench's distinct-query scenario; else one path, by default a category's first page.
  const distinct = process.argv[2] === 'distinct';
  const words = ['taza', 'termo', 'mochila', 'libreta', 'audifonos', 'cargador', 'bocina', 'playera', 'sudadera', 'gorra'];
  let n = 0;
  const target = distinct
    ? `/api/products/all/?storeId=1&search=taza`
    : (process.argv[2] ?? `/api/products/all/?storeId=${category.store_id}&categoryId=${category.id}&pageSize=20`);
  process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
  server = await startServer({ dbUrl: database.url, port, env: { BENCH_ROUTES: 'true' } });
  await fetch(server.base + target);
  const result = await autocannon({
    url: server.base + target,
    connections: 50,
    duration: seconds,
    // PROFILE_ENCODING='' asks for the body as it is (as bench/overhead.mjs does); default: what browsers send.
    headers: (process.env.PROFILE_ENCODING ?? 'gzip, br') ? { 'accept-encoding': process.env.PROFILE_ENCODING ?? 'gzip, br' } : {},
    requests: distinct
      ? [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/api/products/all/?storeId=${1 + (n % 3)}&search=${words[n % 10]}%20${n++}` }),
          },
        ]
      : undefined,
  });
  console.log(
    `${distinct ? 'distinct searches' : target}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
  );
  await new Promise((r) => setTimeout(r, 2000));
  server.stop();
  server = undefined;
  await new Promise((r) => setTimeout(r, 2000));
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // Only the samples taken under load: the last `seconds` before the server was stopped (start-up
  // compilation and shutdown are left out).
  const dt = profile.timeDeltas;
  const at = [];
  dt.reduce((t, d, i) => (at[i] = t + d), profile.startTime);
  const from = profile.endTime - (seconds + 1.5) * 1e6;
  const to = profile.endTime - 3e6;
  profile.samples.forEach((id, i) => {
    if (at[i] >= from && at[i] <= to) self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPkg = new Map();
  const byFn = new Map();
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id);
    const m = f.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const pkg = m
      ? m[1]
      : f.url.startsWith('node:')
        ? 'node'
        : f.url.includes('/apps/server/src/')
          ? 'ours'
          : f.url
            ? 'other'
            : `(${f.functionName || 'program'})`;
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
    const key = `${f.functionName || '(anonymous)'} ${pkg === 'ours' ? f.url.split('/apps/server/src/')[1] : pkg}:${f.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const show = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .forEach(([k, us]) => console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`));
  console.log(`CPU self time by package (${(total / 1e6).toFixed(1)} s sampled):`);
  show(byPkg, 18);
  console.log('by function:');
  show(byFn, 40);
  fs.rmSync(dir, { recursive: true, force: true });
} finally {
  server?.stop();
  await new Promise((r) => setTimeout(r, 500));
  await database.drop();
}
