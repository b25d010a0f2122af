// Audit log benchmark (decision 0051, docs/architecture.md A6.19), on PostgreSQL:
// 1. 1,000,000 entries: their sealing (rs_audit_seal, 50,000 a transaction), then GET /api/audit/verify,
//    which recomputes the whole chain in one query. Target: verify <= 10 s.
// 2. GET /api/audit/export?format=csv of 100,000 of them (a filter on the action), streamed. Target < 30 s.
// 3. Orders (bench/orders.mjs's 200 buyers and 1,000 products, POST /api/orders at 50 connections) with the
//    audit triggers an order fires (the ledger's and the users' update) on and off, alternating rounds; the
//    median p99 of each. Target: on <= 1.1 x off. BENCH_AUDIT_PART=volume or orders runs one part.
//    Both arms run the same server, so the per-request settings (db/audit-context.ts) are in both; what
//    the comparison isolates is the trigger's append.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { connections, duration, pick, runSeed, scratchDatabase, startServer } from './lib.mjs';

const port = Number(process.env.BENCH_AUDIT_PORT ?? 3411);
const entries = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const rounds = Number(process.env.BENCH_AUDIT_ROUNDS ?? 3);
const seconds = (ms) => (ms / 1000).toFixed(2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function query(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

async function benchVolume() {
  console.log(`\nAudit: seeding ${entries.toLocaleString('en')} entries on PostgreSQL…`);
  const database = await scratchDatabase(`rs_bench_audit_${process.pid}`);
  let server;
  try {
    const { token } = JSON.parse(runSeed('apps/server/bench/seed-audit.ts', database.url, String(entries)));
    let started = performance.now();
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    let sealed = 0;
    for (;;) {
      const n = (await c.query('select rs_audit_seal(true, 50000) as n')).rows[0].n;
      sealed += n;
      if (n < 50000) break;
    }
    await c.query('analyze audit_log');
    await c.end();
    const sealMs = performance.now() - started;
    server = await startServer({ dbUrl: database.url, port });
    const headers = { authorization: `Bearer ${token}` };
    const verifies = [];
    let checked = 0;
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      const res = await fetch(`${server.base}/api/audit/verify`, { headers });
      const body = await res.json();
      verifies.push(performance.now() - started);
      if (!body.data?.ok) throw new Error(`verify did not pass: ${JSON.stringify(body)}`);
      checked = body.data.checked;
    }
    const exports = [];
    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      const res = await fetch(`${server.base}/api/audit/export?format=csv&action=user.role`, {
        headers: { ...headers, 'accept-language': 'en' },
      });
      const text = await res.text();
      exports.push(performance.now() - started);
      rows = text.trim().split('\n').length - 1;
      bytes = text.length;
    }
    const verifyOk = median(verifies) <= 10_000;
    const exportOk = median(exports) < 30_000 && rows >= 100_000;
    console.log(`\nAudit log, ${entries.toLocaleString('en')} entries (PostgreSQL):`);
    console.log(`sealing ${sealed.toLocaleString('en')} entries (50,000 a transaction)   ${seconds(sealMs)} s`);
    console.log(
      `GET /api/audit/verify, ${checked.toLocaleString('en')} checked          ${seconds(median(verifies))} s (median of 3: ${verifies.map(seconds).join(', ')})   target <= 10 s ${verifyOk ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `GET /api/audit/export CSV, ${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB   ${seconds(median(exports))} s (median of 3: ${exports.map(seconds).join(', ')})   target < 30 s ${exportOk ? 'ok' : 'MISSED'}`,
    );
    return verifyOk && exportOk;
  } finally {
    server?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}

async function benchOrdersOnOff() {
  console.log('\nAudit: orders with the ledger audit trigger on and off, seeding 200 buyers and 1,000 products…');
  const database = await scratchDatabase(`rs_bench_audit_orders_${process.pid}`);
  let server;
  try {
    const { tokens, productIds } = JSON.parse(runSeed('apps/server/bench/seed-orders.ts', database.url));
    server = await startServer({ dbUrl: database.url, port });
    const body = () => {
      const lines = new Map();
      for (let n = 1 + Math.floor(Math.random() * 3); n > 0; n--) lines.set(pick(productIds), 1 + Math.floor(Math.random() * 2));
      return JSON.stringify({ lines: [...lines].map(([productId, quantity]) => ({ productId, quantity })) });
    };
    const run = (s) =>
      autocannon({
        url: server.base,
        connections,
        duration: s,
        requests: [
          {
            method: 'POST',
            path: '/api/orders',
            setupRequest: (req) => ({
              ...req,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(tokens)}`, 'idempotency-key': randomUUID() },
              body: body(),
            }),
          },
        ],
      });
    // An order writes the ledger (point_transactions_audit_insert appends its debit) and moves the buyer's balance
    // (users_audit_update runs and finds no watched column changed): both are the audit's cost.
    // Each ALTER in its own transaction, once the last round's requests have finished.
    const trigger = async (on) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const [table, name] of [
        ['point_transactions', 'point_transactions_audit_insert'],
        ['users', 'users_audit_update'],
      ])
        await query(database.url, `alter table ${table} ${on ? 'enable' : 'disable'} trigger ${name}`);
    };
    await run(3);
    await query(database.url, 'analyze');
    const results = { on: [], off: [] };
    for (let i = 0; i < rounds; i++) {
      for (const arm of i % 2 ? ['off', 'on'] : ['on', 'off']) {
        await trigger(arm === 'on');
        const r = await run(duration);
        if (r.non2xx || r.errors) throw new Error(`orders failed: ${r.non2xx} non-2xx, ${r.errors} errors`);
        results[arm].push({ p99: r.latency.p99, p50: r.latency.p50, rps: r.requests.average });
      }
    }
    await trigger(true);
    const appended = (await query(database.url, "select count(*)::int n from audit_log where action = 'points.debited'"))[0].n;
    const on = {
      p99: median(results.on.map((r) => r.p99)),
      p50: median(results.on.map((r) => r.p50)),
      rps: median(results.on.map((r) => r.rps)),
    };
    const off = {
      p99: median(results.off.map((r) => r.p99)),
      p50: median(results.off.map((r) => r.p50)),
      rps: median(results.off.map((r) => r.rps)),
    };
    const ratio = on.p99 / off.p99;
    const ok = ratio <= 1.1;
    console.log(
      `\nOrders with the audit trigger on and off (${connections} connections, ${rounds} x ${duration} s each arm, alternating, PostgreSQL):`,
    );
    console.log('arm        orders/s   p50 ms   p99 ms   (each round: p99)');
    for (const [arm, m] of [
      ['trigger on', on],
      ['trigger off', off],
    ])
      console.log(
        `${arm.padEnd(10)} ${m.rps.toFixed(0).padStart(9)} ${String(m.p50).padStart(8)} ${String(m.p99).padStart(8)}   (${results[arm.endsWith('on') ? 'on' : 'off'].map((r) => r.p99).join(', ')})`,
      );
    console.log(`p99 on / off = ${ratio.toFixed(3)}   target <= 1.10 ${ok ? 'ok' : 'MISSED'}; ${appended} order debits audited`);
    return ok;
  } finally {
    server?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}

export async function benchAudit() {
  const part = process.env.BENCH_AUDIT_PART;
  const volume = part === 'orders' ? true : await benchVolume();
  const orders = part === 'volume' ? true : await benchOrdersOnOff();
  return volume && orders;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await benchAudit()) ? 0 : 1;
