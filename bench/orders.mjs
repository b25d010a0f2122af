// Orders benchmark (decision 0003): 200 shoppers with points buying across 1,000 products through
// POST /api/orders with 50 connections on PostgreSQL; in the same run, the database's own ceiling for a
// comparable transaction (pgbench's built-in tpcb-like script, same connections, same server). Then
// the ledger and stock invariants. Targets: orders/s >= 0.3 x pgbench tps, p99 <= 100 ms, no violation.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { connections, duration, pick, runSeed, scratchDatabase, startServer } from './lib.mjs';

const port = Number(process.env.BENCH_ORDERS_PORT ?? 3401);
const pgbenchScale = Number(process.env.BENCH_PGBENCH_SCALE ?? connections);

/** pgbench tpcb-like: `scale` branches (at least one per client, as pgbench advises), 50 clients. */
async function pgbenchTps() {
  const database = await scratchDatabase(`rs_pgbench_${process.pid}`);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', String(pgbenchScale), database.url], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-b', 'tpcb-like', '-c', String(connections), '-j', '2', '-T', String(duration), database.url], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    const latency = /latency average = ([\d.]+) ms/.exec(out);
    if (!tps) throw new Error(`pgbench output not understood:\n${out}`);
    return { tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : NaN };
  } finally {
    await database.drop();
  }
}

async function analyze(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query('analyze');
  await db.end();
}

/** users.points = SUM(ledger); stock = SUM(movements); no negative balance or stock; totals = lines; stock sold = lines sold. */
async function invariantViolations(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const checks = {
      'balance <> ledger': `select count(*)::int n from (select u.id from users u left join point_transactions pt on pt.user_id = u.id
                              group by u.id having u.points <> coalesce(sum(pt.value), 0)) x`,
      'negative balance or stock': `select ((select count(*) from users where points < 0) + (select count(*) from products where stock < 0))::int n`,
      'order total <> its lines': `select count(*)::int n from (select o.id from orders o join order_lines l on l.order_id = o.id
                                    group by o.id having o.total <> sum(l.price * l.quantity)) x`,
      'order without its debit': `select count(*)::int n from orders o where not exists
                                   (select 1 from point_transactions pt where pt.ref_type = 'order' and pt.ref_id = o.id and pt.value = -o.total)`,
      'stock <> its movements': `select count(*)::int n from products p left join (select product_id, sum(delta) d from inventory_movements group by product_id) m
                                  on m.product_id = p.id where p.stock <> coalesce(m.d, 0)`,
      'stock taken <> quantity sold': `select count(*)::int n from products p left join (select product_id, sum(quantity) q from order_lines group by product_id) l
                                        on l.product_id = p.id where p.slug like 'orders-bench-%' and p.stock <> 1000000 - coalesce(l.q, 0)`,
    };
    const found = {};
    for (const [name, query] of Object.entries(checks)) found[name] = (await db.query(query)).rows[0].n;
    const orders = (await db.query('select count(*)::int n from orders')).rows[0].n;
    return { found, orders };
  } finally {
    await db.end();
  }
}

export async function benchOrders() {
  console.log('\nOrders: seeding 200 buyers and 1,000 products on PostgreSQL…');
  const database = await scratchDatabase(`rs_bench_orders_${process.pid}`);
  let server;
  try {
    const { tokens, productIds } = JSON.parse(runSeed('apps/server/bench/seed-orders.ts', database.url));
    server = await startServer({ dbUrl: database.url, port });
    const body = () => {
      const lines = new Map();
      for (let n = 1 + Math.floor(Math.random() * 3); n > 0; n--) lines.set(pick(productIds), 1 + Math.floor(Math.random() * 2));
      return JSON.stringify({ lines: [...lines].map(([productId, quantity]) => ({ productId, quantity })) });
    };
    const run = (seconds) =>
      autocannon({
        url: server.base,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/orders',
            setupRequest: (req) => ({
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${pick(tokens)}`,
                'idempotency-key': randomUUID(),
              },
              body: body(),
            }),
          },
        ],
      });
    await run(3); // warm-up: JIT, connection pool, a first history of orders
    // Statistics as a live database has them (autovacuum would get there within a minute): plans
    // cached while the orders table was empty would otherwise keep scanning it.
    await analyze(database.url);
    const r = await run(duration);
    server.stop();
    server = undefined;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { found, orders } = await invariantViolations(database.url);
    const ceiling = await pgbenchTps();

    const ratio = r.requests.average / ceiling.tps;
    const violations = Object.values(found).reduce((a, b) => a + b, 0);
    const ok = ratio >= 0.3 && r.latency.p99 <= 100 && violations === 0 && r.non2xx === 0 && r.errors === 0;
    console.log(`\nOrders (${connections} connections, ${duration} s, 200 buyers, 1,000 products, 1-3 lines each, PostgreSQL):`);
    console.log('scenario                              per s     p50 ms   p99 ms   ratio');
    console.log(
      `${`pgbench tpcb-like (scale ${pgbenchScale})`.padEnd(36)} ${ceiling.tps.toFixed(0).padStart(7)} ${ceiling.latencyMs.toFixed(1).padStart(9)}        -    1.00   (latency average)`,
    );
    console.log(
      `${'POST /api/orders'.padEnd(36)} ${r.requests.average.toFixed(0).padStart(7)} ${String(r.latency.p50).padStart(9)} ${String(r.latency.p99).padStart(8)}   ${ratio.toFixed(2).padStart(5)}   target >= 0.3, p99 <= 100 ${ok ? 'ok' : 'MISSED'}${r.non2xx ? ` (${r.non2xx} non-2xx)` : ''}${r.errors ? ` (${r.errors} errors)` : ''}`,
    );
    console.log(
      `Invariants after ${orders} orders (warm-up included): ${violations === 0 ? 'no violation' : `VIOLATED ${JSON.stringify(found)}`}`,
    );
    return ok;
  } finally {
    server?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await benchOrders()) ? 0 : 1;
