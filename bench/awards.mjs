// Budgets and company-funded awards benchmark (decision 0051, docs/architecture.md A6.19), on a scratch
// PostgreSQL database with the compiled production server, in two parts:
// 1. The race, repeated: a manager's budget of 5,000 and 20 awards of 300 at once (`POST /api/awards`, one
//    report each, an Idempotency-Key each; the store's rules make each wait for approval), ROUNDS times: every
//    round exactly 16 reserved (202) and 4 BUDGET_EXCEEDED (409), the budget at 200 available and 4,800
//    reserved; then the invariants of db/invariants.ts.
// 2. Throughput: GIVERS managers, each with REPORTS reports and a budget larger than the run, give awards of
//    1 to 5 points to one of their reports (credited at once: below the first threshold) at CLIENTS
//    connections for SECONDS s, against pgbench's built-in tpcb-like on a scratch database of the same server
//    (`pgbench -i`, `pgbench -c CLIENTS -T SECONDS`). Target: awards/s >= 0.3 x pgbench's tps; then the
//    invariants (budgets: movements = available and reserved; points: balance = ledger; nothing negative).
// `node bench/awards.mjs` runs it alone (BENCH_DATABASE_URL as the others; BENCH_AWARDS_ROUNDS, BENCH_SECONDS).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { pgbenchTps, pick, runSeed, scratchDatabase, startServer } from './lib.mjs';

const port = Number(process.env.BENCH_AWARDS_PORT ?? 3480);
const ROUNDS = Number(process.env.BENCH_AWARDS_ROUNDS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = 8;
const GIVERS = 100;
const REPORTS = 10;
const RACERS = 20;
const MESSAGE = 'Por el cierre impecable del trimestre, gracias';

async function withDb(url, work) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** The server's env: the program's accrual window open today, whatever today is (as bench/peer.mjs). */
function programEnv() {
  const md = (d) => d.toISOString().slice(5, 10);
  const yesterday = new Date(Date.now() - 2 * 86_400_000);
  return {
    PROGRAM_TIMEZONE: 'UTC',
    PROGRAM_ACCRUAL_START: md(new Date()),
    PROGRAM_ACCRUAL_END: md(yesterday),
    PROGRAM_REDEMPTION_END: md(yesterday),
  };
}

async function invariantViolations(url) {
  const { INVARIANTS } = await tsImport('../apps/server/src/db/invariants.ts', import.meta.url);
  const dialect = new PgDialect();
  return withDb(url, async (db) => {
    const found = {};
    for (const { check, query } of INVARIANTS) {
      const q = dialect.sqlToQuery(query);
      found[check] = (await db.query(q.sql, q.params)).rowCount;
    }
    found['budgets below zero'] = (await db.query('select id from budgets where available < 0 or reserved < 0')).rowCount;
    return found;
  });
}

/** A manager's budget of `amount`, funded through the budget's one writer as the service does. */
async function managerBudget(db, managerId, amount) {
  const { rows } = await db.query(
    `insert into budgets (scope, store_id, manager_id, amount, period, period_start) values ('manager', 1, $1, $2, 'none', current_date) returning id`,
    [managerId, amount],
  );
  await db.query(`select rs_budget_move($1, 'funded', $2, 0, null, null, now())`, [rows[0].id, amount]);
  return rows[0].id;
}

/** pgbench running rs_award alone (1 to 5 points to one report of a random giver, no key, no approval) for SECONDS s. */
function rsAwardTps(url, givers, budgets) {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rs-bench-awards-')), 'award.sql');
  // Giver g's budget and reports are in a row (seeded so): pick g, then one of its reports.
  const first = givers[0].id;
  const firstBudget = budgets.get(first).budget;
  const firstReport = budgets.get(first).reports[0];
  fs.writeFileSync(
    script,
    [
      `\\set g random(0, ${GIVERS - 1})`,
      `\\set r random(0, ${REPORTS - 1})`,
      '\\set points random(1, 5)',
      `select award_id from rs_award(${first} + :g, ${firstBudget} + :g, array[${firstReport} + :g * ${REPORTS} + :r], :points, '${MESSAGE}', '[]'::jsonb, null, 'bench', current_date, now());`,
      '',
    ].join('\n'),
  );
  const out = execFileSync('pgbench', ['-n', '-f', script, '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  if (!tps) throw new Error(`pgbench output not understood:\n${out}`);
  return { tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : NaN };
}

export async function benchAwards() {
  const database = await scratchDatabase(`rs_bench_awards_${process.pid}`);
  let server;
  try {
    console.log('Awards: seeding managers, reports and budgets…');
    const { users } = JSON.parse(runSeed('apps/server/bench/seed-realtime.ts', database.url, String(GIVERS * (REPORTS + 1) + RACERS + 1)));
    const givers = users.slice(0, GIVERS);
    const reports = users.slice(GIVERS, GIVERS + GIVERS * REPORTS);
    const racer = users[GIVERS * (REPORTS + 1)];
    const racerReports = users.slice(GIVERS * (REPORTS + 1) + 1);
    const budgets = new Map();
    await withDb(database.url, async (db) => {
      for (let g = 0; g < GIVERS; g++) {
        const mine = reports.slice(g * REPORTS, (g + 1) * REPORTS).map((u) => u.id);
        await db.query('update users set manager_id = $1 where id = any($2::int[])', [givers[g].id, mine]);
        budgets.set(givers[g].id, { budget: await managerBudget(db, givers[g].id, 100_000_000), reports: mine });
      }
      await db.query('update users set manager_id = $1 where id = any($2::int[])', [racer.id, racerReports.map((u) => u.id)]);
      // The race's awards wait for approval (300 >= 100); the throughput's (1 to 5 points) are credited at once.
      await db.query(`insert into approval_rules (store_id, first_threshold, second_threshold, levels, reminder_days, escalation_days)
        values (1, 100, 100000, 1, 3, 7) on conflict (store_id) do update set first_threshold = 100`);
      await db.query('analyze');
    });
    server = await startServer({ dbUrl: database.url, port, env: programEnv() });

    // 1. The race, repeated.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const budgetId = await withDb(database.url, (db) => managerBudget(db, racer.id, 5000));
      const answers = await Promise.all(
        racerReports.map((u) =>
          fetch(`${server.base}/api/awards`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${racer.token}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ recipients: [u.id], points: 300, message: MESSAGE, budgetId }),
          }).then(async (r) => ({ status: r.status, code: r.status >= 400 ? (await r.json()).code : null })),
        ),
      );
      const row = await withDb(
        database.url,
        async (db) => (await db.query('select available, reserved from budgets where id = $1', [budgetId])).rows[0],
      );
      rounds.push({
        reserved: answers.filter((a) => a.status === 202).length,
        exceeded: answers.filter((a) => a.status === 409 && a.code === 'BUDGET_EXCEEDED').length,
        other: answers.filter((a) => a.status !== 202 && a.status !== 409).map((a) => a.status),
        available: row.available,
        reservedPoints: row.reserved,
      });
    }
    const exact = rounds.every(
      (r) => r.reserved === 16 && r.exceeded === 4 && r.other.length === 0 && r.available === 200 && r.reservedPoints === 4800,
    );
    console.log(
      `  race: ${ROUNDS} rounds of 20 awards of 300 against 5,000: reserved ${rounds.map((r) => r.reserved).join(',')}; exactly 16 every round: ${exact}`,
    );

    // 2. Throughput against pgbench.
    const run = (seconds) =>
      autocannon({
        url: server.base,
        connections: CLIENTS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/awards',
            setupRequest: (req) => {
              const giver = pick(givers);
              const mine = budgets.get(giver.id);
              return {
                ...req,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${giver.token}`, 'idempotency-key': randomUUID() },
                body: JSON.stringify({
                  recipients: [pick(mine.reports)],
                  points: 1 + Math.floor(Math.random() * 5),
                  message: MESSAGE,
                  budgetId: mine.budget,
                }),
              };
            },
          },
        ],
      });
    await run(3);
    await withDb(database.url, (db) => db.query('analyze'));
    const r = await run(SECONDS);
    server.stop();
    server = undefined;
    await new Promise((res) => setTimeout(res, 1000));
    const found = await invariantViolations(database.url);
    const credited = await withDb(
      database.url,
      async (db) => (await db.query(`select count(*)::int n from awards where status = 'credited'`)).rows[0].n,
    );
    const fn = rsAwardTps(database.url, givers, budgets);
    const ceiling = await pgbenchTps({ clients: CLIENTS, seconds: SECONDS, scale: CLIENTS });
    const rps = r.requests.average;
    const statuses = { '2xx': r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
    console.log(
      `  awards: ${rps.toFixed(0)}/s at ${CLIENTS} connections for ${SECONDS} s (p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${JSON.stringify(statuses)}); ` +
        `pgbench tpcb-like -c ${CLIENTS} -T ${SECONDS}: ${ceiling.tps.toFixed(0)} tps (${ceiling.latencyMs} ms); ratio ${(rps / ceiling.tps).toFixed(2)} (target >= 0.3)`,
    );
    console.log(`  rs_award alone, pgbench custom script -c ${CLIENTS} -T ${SECONDS}: ${fn.tps.toFixed(0)} tps (${fn.latencyMs} ms)`);
    console.log(`  invariants after ${credited} credited awards: ${JSON.stringify(found)}`);
    const violations = Object.values(found).reduce((a, b) => a + b, 0);
    return {
      rounds,
      exact,
      fn,
      rps,
      p50: r.latency.p50,
      p99: r.latency.p99,
      statuses,
      ceiling,
      ratio: rps / ceiling.tps,
      found,
      violations,
      credited,
    };
  } finally {
    server?.stop();
    await new Promise((res) => setTimeout(res, 500));
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchAwards();
  process.exitCode = !result.exact || result.violations > 0 || result.ratio < 0.3 ? 1 : 0;
}
