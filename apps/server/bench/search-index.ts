// Decision 0009, run by bench/run.mjs on the bench database (10,000 products over 3 stores): the search
// index's full rebuild from PostgreSQL, as a restarted instance does it (every store read and indexed),
// the heap the index holds, and the refresh a search pays after a catalogue write. Prints JSON.
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { CatalogSearch } from '../src/modules/search/search.service.ts';
import { catalogueSource } from '../src/modules/products/products.service.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const settle = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const url = process.argv[2];
if (!url) throw new Error('usage: search-index.ts DATABASE_URL');
const database = await openDatabase({ url });
const db = database.db;
const stores = (await db.execute<{ id: number }>(sql`select id from stores order by id`)).rows.map((r) => Number(r.id));
const source = catalogueSource(db);

// Rebuild: every store read and indexed again; the first run warms the JIT and the connections.
const search = new CatalogSearch(source);
await search.rebuild(stores);
const rebuilds: number[] = [];
const rebuildCpu: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await search.rebuild(stores);
  rebuilds.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  rebuildCpu.push((cpu.user + cpu.system) / 1000);
}
rebuilds.sort((a, b) => a - b);
rebuildCpu.sort((a, b) => a - b);

// A search after a write: the signal, then the store's refresh (one read, the changed products re-indexed).
const refreshes: number[] = [];
for (let i = 0; i < 5; i++) {
  search.invalidate();
  const t0 = performance.now();
  await search.list(stores[0]!, { search: 'taza', page: 1, pageSize: 20 });
  refreshes.push(performance.now() - t0);
}
refreshes.sort((a, b) => a - b);

// One search as a request answers it (matching, ordering, the page), for bench/run.mjs's distinct queries.
const terms = ['taza', 'termo', 'mochila', 'libreta', 'audifonos', 'cargador', 'bocina', 'playera', 'sudadera', 'gorra'];
const qualifiers = ['', 'ejecutiva', 'termica', 'azul', 'negra', 'premium', 'cafe', 'deportiva', 'organica', 'portatil'];
const queries = terms.flatMap((t) =>
  qualifiers.flatMap((q) => Array.from({ length: 10 }, (_, n) => [t, q, n + 1].filter(Boolean).join(' '))),
);
const latencies: number[] = [];
for (const [i, q] of [...queries, ...queries].entries()) {
  const t0 = performance.now();
  await search.list(stores[i % stores.length]!, { search: q, page: 1, pageSize: 20 });
  latencies.push(performance.now() - t0);
}
latencies.sort((a, b) => a - b);

// Heap held by a second, freshly built index of the whole catalogue.
const before = settle();
const held = new CatalogSearch(source);
await held.rebuild(stores);
const heapBytes = settle() - before;
const products = held.size;

console.log(
  JSON.stringify({
    products,
    rebuildMs: rebuilds[Math.floor(rebuilds.length / 2)],
    rebuildMaxMs: rebuilds.at(-1),
    // This process's CPU for it (the database's is not counted): what the wall time would be on an idle machine.
    rebuildCpuMs: rebuildCpu[Math.floor(rebuildCpu.length / 2)],
    refreshMs: refreshes[Math.floor(refreshes.length / 2)],
    queryP50Ms: latencies[Math.floor(latencies.length / 2)],
    queryP99Ms: latencies[Math.floor(latencies.length * 0.99)],
    heapMbPer10k: (heapBytes / 1024 / 1024) * (10_000 / products),
  }),
);
await database.close();
