// MiniSearch, Orama and FlexSearch on the bench catalogue (bench/run.mjs seeds it: 10,000
// products in 50 categories over 3 stores), for docs/decisions/0009-search-index.md. For each library:
// index build time, heap held by the index, query latency (exact words, prefixes, typos) and result
// quality against what a shopper meant (recall and precision of the whole result set) on es/en queries
// with and without accents and capitals.
//
// Only the chosen library is a dependency of the project; to run the comparison, install the three
// somewhere else and point at it:
//   mkdir -p /tmp/libcmp && (cd /tmp/libcmp && npm init -y && npm i minisearch @orama/orama flexsearch)
//   SEARCH_LIBS_DIR=/tmp/libcmp node --expose-gc bench/search-libraries.mjs
// A library that is not found there is skipped. BENCH_DATABASE_URL as the other benchmarks.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { root, runSeed, scratchDatabase } from './lib.mjs';

if (typeof globalThis.gc !== 'function') {
  console.error('Run with node --expose-gc (heap figures need it).');
  process.exit(2);
}
const libsDir = process.env.SEARCH_LIBS_DIR ?? root;
const requireFrom = createRequire(path.join(libsDir, 'package.json'));
async function load(name) {
  try {
    return await import(pathToFileURL(requireFrom.resolve(name)).href);
  } catch {
    return undefined;
  }
}

/** As apps/server/src/lib/search-text.ts normalizeSearch: no accents, lower case, single spaces. */
const normalize = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const tokens = (text) =>
  normalize(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

// ---- the catalogue ----
const database = await scratchDatabase(`rs_bench_searchlibs_${process.pid}`);
let docs;
try {
  console.log('Seeding the bench catalogue (10,000 products) on PostgreSQL…');
  runSeed('apps/server/bench/seed-bench.ts', database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  docs = (
    await client.query(`select p.id, p.name, c.title as "categoryTitle", p.description
      from products p join categories c on c.id = p.category_id where p.active and c.active order by p.id`)
  ).rows;
  await client.end();
} finally {
  await database.drop();
}
console.log(`${docs.length} products`);
// Every library is given the same accent-free, lower-case text (as the server's index is) and the
// query normalized the same way, so the figures compare the indexes, not their accent folding.
const texts = docs.map((d) => ({
  id: d.id,
  name: normalize(d.name),
  categoryTitle: normalize(d.categoryTitle),
  description: normalize(d.description),
}));

// ---- queries: what was typed, and the words meant (the expected set: every meant word starts a word of the product) ----
const queries = [
  ...['mochila', 'termo', 'audífonos', 'cargador portátil', 'taza café', 'balón', 'libreta ejecutiva'].map((q) => ({ kind: 'exact', q })),
  ...['bluetooth', 'usb', 'laptop', 'mouse', 'led'].map((q) => ({ kind: 'exact', q, lang: 'en' })),
  ...['MOCHILA', 'CAFÉ', 'Lampara', 'AUDIFONOS', 'electronica', 'Térmica'].map((q) => ({ kind: 'accents/case', q })),
  ...['mochi', 'audi', 'lamp', 'carg', 'bolig', 'sudad', 'blue', 'taza ter'].map((q) => ({ kind: 'prefix', q })),
  ...[
    ['mochla', 'mochila'],
    ['audifonoz', 'audifonos'],
    ['bocinna', 'bocina'],
    ['lampra', 'lampara'],
    ['cargadr', 'cargador'],
    ['sudaderra', 'sudadera'],
    ['botela', 'botella'],
    ['lintrna', 'linterna'],
    ['blutooth', 'bluetooth'],
    ['mochila azull', 'mochila azul'],
  ].map(([q, meant]) => ({ kind: 'typo', q, meant })),
];
const docTokens = texts.map((d) => tokens(`${d.name} ${d.categoryTitle} ${d.description}`));
for (const query of queries) {
  const meant = tokens(query.meant ?? query.q);
  query.expected = new Set(docs.filter((_, i) => meant.every((w) => docTokens[i].some((t) => t.startsWith(w)))).map((d) => d.id));
}

/** Typo allowance by word length, the same for every library (and the server's index): none up to 3 letters, 1 up to 6, then 2. */
const distance = (term) => (term.length <= 3 ? 0 : term.length <= 6 ? 1 : 2);

// ---- the three libraries, each configured for its best on this task ----
const libraries = [];
const MiniSearchModule = await load('minisearch');
if (MiniSearchModule) {
  const MiniSearch = MiniSearchModule.default;
  libraries.push({
    name: 'MiniSearch',
    pkg: 'minisearch',
    build(items) {
      const index = new MiniSearch({
        fields: ['name', 'categoryTitle', 'description'],
        tokenize: (text) => text.split(/[^a-z0-9]+/),
        processTerm: (term) => term || null,
        searchOptions: { combineWith: 'AND', boost: { name: 3, categoryTitle: 2 } },
      });
      index.addAll(items);
      return index;
    },
    search(index, typed) {
      const q = normalize(typed);
      const exact = index.search(q, { prefix: true });
      if (exact.length) return exact.map((r) => r.id);
      return index.search(q, { prefix: true, fuzzy: distance }).map((r) => r.id);
    },
  });
}
const orama = await load('@orama/orama');
if (orama) {
  libraries.push({
    name: 'Orama',
    pkg: '@orama/orama',
    build(items) {
      const db = orama.create({ schema: { name: 'string', categoryTitle: 'string', description: 'string' } });
      orama.insertMultiple(
        db,
        items.map((d) => ({ ...d, id: String(d.id) })),
        items.length,
      );
      return db;
    },
    search(db, typed) {
      const q = normalize(typed);
      const run = (tolerance) =>
        orama
          .search(db, { term: q, tolerance, threshold: 0, limit: 100_000, boost: { name: 3, categoryTitle: 2 } })
          .hits.map((h) => Number(h.id));
      const exact = run(0);
      if (exact.length) return exact;
      return run(Math.max(...normalize(q).split(' ').map(distance)));
    },
  });
}
const flexsearch = await load('flexsearch');
if (flexsearch) {
  const { Document, Charset } = flexsearch.default ?? flexsearch;
  libraries.push({
    name: 'FlexSearch',
    pkg: 'flexsearch',
    build(items) {
      // 'forward' indexes every word's prefixes; LatinBalance folds accents, case and near sounds
      // (the closest it has to typo tolerance: it has no edit distance).
      const index = new Document({
        document: { id: 'id', index: ['name', 'categoryTitle', 'description'] },
        tokenize: 'forward',
        encoder: Charset.LatinBalance,
      });
      for (const d of items) index.add(d);
      return index;
    },
    search(index, typed) {
      const q = normalize(typed);
      const ids = (suggest) => {
        const seen = new Set();
        for (const field of index.search(q, { limit: 100_000, suggest })) for (const id of field.result) seen.add(id);
        return [...seen];
      };
      // A document search answers per field: a product whose words are split between fields is found
      // only by the suggest pass.
      const exact = ids(false);
      return exact.length ? exact : ids(true);
    },
  });
}

// ---- measure ----
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const kinds = ['exact', 'accents/case', 'prefix', 'typo'];
const rows = [];
for (const lib of libraries) {
  const version = JSON.parse(fs.readFileSync(path.join(libsDir, 'node_modules', lib.pkg, 'package.json'), 'utf8')).version;
  const builds = [];
  // Held in an object so that the previous index can be collected before the next is built.
  const held = { index: undefined };
  for (let i = 0; i < 3; i++) {
    held.index = undefined;
    globalThis.gc();
    const t0 = performance.now();
    held.index = lib.build(texts);
    builds.push(performance.now() - t0);
  }
  held.index = undefined;
  globalThis.gc();
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  held.index = lib.build(texts);
  globalThis.gc();
  globalThis.gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  const index = held.index;

  const latency = Object.fromEntries(kinds.map((k) => [k, []]));
  const quality = Object.fromEntries(kinds.map((k) => [k, { recall: [], precision: [] }]));
  for (const query of queries) {
    const found = lib.search(index, query.q);
    const hit = found.filter((id) => query.expected.has(id)).length;
    quality[query.kind].recall.push(query.expected.size ? hit / query.expected.size : found.length === 0 ? 1 : 0);
    quality[query.kind].precision.push(found.length ? hit / found.length : query.expected.size === 0 ? 1 : 0);
    for (let i = 0; i < 20; i++) lib.search(index, query.q); // warm
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      lib.search(index, query.q);
      latency[query.kind].push(performance.now() - t0);
    }
  }
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  rows.push({ lib, version, index, build: median(builds), heapMb, latency, quality, mean });
}

console.log(`\nSearch libraries on ${docs.length} products (one index; Node ${process.version}); quality = recall / precision`);
console.log('library          build ms  heap MB   ' + kinds.map((k) => `${k} p50/p99 ms`.padEnd(22)).join(''));
for (const r of rows) {
  console.log(
    `${`${r.lib.name} ${r.version}`.padEnd(16)} ${r.build.toFixed(0).padStart(8)} ${r.heapMb.toFixed(1).padStart(8)}   ` +
      kinds.map((k) => `${median(r.latency[k]).toFixed(3)} / ${percentile(r.latency[k], 99).toFixed(3)}`.padEnd(22)).join(''),
  );
}
console.log('\nquality          ' + kinds.map((k) => k.padEnd(18)).join(''));
for (const r of rows) {
  console.log(
    `${r.lib.name.padEnd(16)} ` +
      kinds.map((k) => `${r.mean(r.quality[k].recall).toFixed(2)} / ${r.mean(r.quality[k].precision).toFixed(2)}`.padEnd(18)).join(''),
  );
}
console.log('\nper query: found of expected (found outside the expected set)');
for (const query of queries) {
  const cells = rows.map((r) => {
    const found = r.lib.search(r.index, query.q);
    const hit = found.filter((id) => query.expected.has(id)).length;
    return `${r.lib.name} ${hit}/${query.expected.size}${found.length > hit ? ` (+${found.length - hit})` : ''}`.padEnd(26);
  });
  console.log(`  ${`${query.kind} "${query.q}"`.padEnd(30)} ${cells.join('')}`);
}
