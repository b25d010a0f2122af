// Probe for the distinct searches' tail (decision 0009): the bench's distinct-search scenario alone, on a database seeded once
// (DISTINCT_DB=url reuses one; else a scratch database is seeded and kept, its URL printed), ROUNDS runs of
// 10 s after a 5 s warm-up, so server flags (BENCH_NODE_ARGS) can be compared without the whole bench.
import autocannon from 'autocannon';
import { connections, pick, runSeed, scratchDatabase, searchQueries, startServer } from './lib.mjs';

let url = process.env.DISTINCT_DB;
if (!url) {
  url = (await scratchDatabase('rs_distinct_probe')).url;
  runSeed('apps/server/bench/seed-bench.ts', url);
  console.log(`seeded ${url}`);
}
const { distinct } = searchQueries();
const server = await startServer({ dbUrl: url, port: 3430, env: { BENCH_ROUTES: 'true' } });
try {
  const run = (secs, path) =>
    autocannon({
      url: server.base,
      connections,
      duration: secs,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
    });
  const ceiling = () => '/api/bench/ceiling?bytes=8300';
  const search = () => `/api/products/all/?storeId=${pick([1, 2, 3])}&search=${pick(distinct)}`;
  await run(3, ceiling);
  await run(5, search);
  for (let i = 0; i < Number(process.env.ROUNDS ?? 2); i++) {
    const c = await run(5, ceiling);
    const r = await run(10, search);
    console.log(
      `ceiling ${c.requests.average.toFixed(0)} req/s p99 ${c.latency.p99} | distinct ${r.requests.average.toFixed(0)} req/s (${(r.requests.average / c.requests.average).toFixed(2)}) p50 ${r.latency.p50} p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
    );
  }
} finally {
  server.stop();
}
