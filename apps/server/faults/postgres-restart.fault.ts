// Fault 2 (README.md, "Fault tests"): PostgreSQL restarted while a load of 10,000 e-mails is being confirmed, with
// shoppers ordering meanwhile. The load is credited completely once or not at all and can be confirmed
// again with the same key; /api/health answers 503 while the database is down and 200 after, from the
// same server processes; no request hangs past 30 s and none answers 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  codeOf,
  invariantViolations,
  placeOrder,
  query,
  report,
  request,
  sleep,
  startCluster,
  tally,
  type Cluster,
  type Outcome,
} from './lib.ts';

const EMAILS = 10_000;
let c: Cluster;
beforeAll(async () => {
  c = await startCluster(2, { shoppers: 10, employees: EMAILS });
});
afterAll(async () => {
  await c?.stop();
});

/** Resolves when PostgreSQL is running `rs_credit_load` (polled on a connection of our own). */
async function creditRunning(url: string) {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    for (let i = 0; i < 2000; i++) {
      const { rows } = await watcher.query(
        `select 1 from pg_stat_activity where state = 'active' and query like '%rs_credit_load(%' and pid <> pg_backend_pid()`,
      );
      if (rows.length) return true;
      await sleep(5);
    }
    return false;
  } finally {
    await watcher.end();
  }
}

it('a load confirmed across a PostgreSQL restart is credited once, health follows the database, nothing hangs or answers 500', async () => {
  const { nginx, seeded, postgres, instances } = c;
  const key = randomUUID();
  const body = {
    storeId: 1,
    rewardId: seeded.rewardId,
    reason: 'Across a restart',
    emails: Array.from({ length: EMAILS }, (_, i) => `employee-${i + 1}@faults.test`),
  };
  const confirm = () =>
    request(nginx.base, { method: 'POST', path: '/api/loads', token: seeded.admin.token, headers: { 'idempotency-key': key }, body });

  // Shoppers keep ordering (each retries its own key until answered) and the instances' health is polled, throughout.
  let stop = false;
  const traffic: Outcome[] = [];
  const health: { at: number; port: number; status: number; ms: number }[] = [];
  const shoppers = seeded.shoppers.map(async (s, i) => {
    for (let n = 0; !stop; n++) {
      const k = randomUUID();
      for (;;) {
        const o = await placeOrder(nginx.base, s.token, k, seeded.products, i + n);
        traffic.push(o);
        if ((o.status >= 200 && o.status < 300) || stop) break;
        await sleep(200);
      }
    }
  });
  const started = Date.now();
  const poll = (async () => {
    while (!stop) {
      for (const inst of instances) {
        const o = await request(inst.base, { path: '/api/health' });
        health.push({ at: Date.now() - started, port: inst.port, status: o.status, ms: o.ms });
      }
      await sleep(100);
    }
  })();

  const during = confirm();
  const caught = await creditRunning(postgres.url);
  await postgres.stop('fast');
  // Down from here: health answered while pg_ctl was still stopping it may be 200.
  const downAt = Date.now() - started;
  const first = await during;
  await sleep(3000);
  const upAt = Date.now() - started;
  await postgres.start();
  // Health comes back by itself (the same processes).
  let healthyAfterMs = -1;
  for (let i = 0; i < 300; i++) {
    const all = await Promise.all(instances.map((inst) => request(inst.base, { path: '/api/health' })));
    if (all.every((o) => o.status === 200)) {
      healthyAfterMs = Date.now() - started - upAt;
      break;
    }
    await sleep(100);
  }
  const second = await confirm();
  await sleep(1000);
  stop = true;
  await Promise.all([...shoppers, poll]);
  const third = await confirm();

  const loads = await query<{ n: number; receivers: number }>(
    postgres.url,
    `select count(*)::int n, coalesce(sum(receivers), 0)::int receivers from loads where idempotency_key = $1`,
    [key],
  );
  const credits = await query<{ times: number; users: number }>(
    postgres.url,
    `select times, count(*)::int users from (select pt.user_id, count(*)::int times from point_transactions pt join loads l on l.id = pt.ref_id
       where pt.ref_type = 'load' and l.idempotency_key = $1 group by 1) x group by 1`,
    [key],
  );
  const violations = await invariantViolations(postgres.url);
  const whileDown = health.filter((h) => h.at > downAt + 100 && h.at < upAt);
  const all = [...traffic, first, second, third];
  report('Fault 2: PostgreSQL restarted during the confirm of a 10,000-e-mail load', {
    'confirm caught running in PostgreSQL': caught,
    'confirm during the restart': `${first.status} ${codeOf(first) ?? ''} after ${first.ms} ms`,
    'confirm again, same key': `${second.status} after ${second.ms} ms`,
    'and once more': third.status,
    'loads with the key': loads[0],
    'credits per receiver': credits.map((r) => `${r.users} receivers credited ${r.times}x`),
    'orders sent meanwhile': traffic.length,
    'orders answered': tally(traffic),
    'codes of the refused orders': [...new Set(traffic.filter((o) => o.status >= 400).map(codeOf))],
    'health while down': tally(whileDown.map((h) => ({ status: h.status, body: null, ms: h.ms }))),
    'slowest health answer while down (ms)': Math.max(0, ...whileDown.map((h) => h.ms)),
    'health 200 again after restart (ms)': healthyAfterMs,
    'slowest request (ms)': Math.max(...all.map((o) => o.ms)),
    invariants: violations,
  });

  // Credited once, completely: either the first confirm (then replayed) or the second.
  expect(loads[0]).toEqual({ n: 1, receivers: EMAILS });
  expect(credits).toEqual([{ times: 1, users: EMAILS }]);
  expect([200, 201]).toContain(second.status);
  expect(third.status).toBe(200);
  if (first.status === 201) expect(second.status).toBe(200);
  else expect(codeOf(first)).toBe('DATABASE_UNAVAILABLE');
  expect(whileDown.length).toBeGreaterThan(0);
  expect(whileDown.every((h) => h.status === 503)).toBe(true);
  expect(healthyAfterMs).toBeGreaterThanOrEqual(0);
  expect(all.filter((o) => o.status === 500 || o.status === 0)).toEqual([]);
  expect(traffic.filter((o) => o.status >= 400 && codeOf(o) !== 'DATABASE_UNAVAILABLE')).toEqual([]);
  expect(Math.max(...all.map((o) => o.ms))).toBeLessThan(30_000);
  expect(Object.values(violations).every((n) => n === 0)).toBe(true);
});
