// Fault 1 (README.md, "Fault tests"): `kill -9` of one instance while 50 shoppers order through nginx. Every order
// answered 2xx exists once; a request that failed is retried by its client with its Idempotency-Key
// and gets the same order (or its first one, when that had committed before the kill); no order exists
// that no client was given; the invariants hold.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { dataId, invariantViolations, placeOrder, query, report, sleep, startCluster, tally, type Cluster, type Outcome } from './lib.ts';

let c: Cluster;
beforeAll(async () => {
  c = await startCluster(1, { shoppers: 50 });
});
afterAll(async () => {
  await c?.stop();
});

it('an instance killed mid-order loses no acknowledged order and leaves none twice', async () => {
  const { seeded, nginx } = c;
  let stop = false;
  const first: { key: string; shopper: number; n: number; outcome: Outcome }[] = [];
  const shopper = async (s: number) => {
    for (let n = 0; !stop; n++) {
      const key = randomUUID();
      first.push({
        key,
        shopper: s,
        n: s + n,
        outcome: await placeOrder(nginx.base, seeded.shoppers[s]!.token, key, seeded.products, s + n),
      });
    }
  };
  const running = Promise.all(seeded.shoppers.map((_, s) => shopper(s)));
  await sleep(3000);
  const killedAfter = first.length;
  await c.instances[0]!.stop('SIGKILL');
  await sleep(4000);
  stop = true;
  await running;

  // Every request that got no 2xx is retried once with its key, through the proxy (the other instance).
  const failed = first.filter((f) => f.outcome.status < 200 || f.outcome.status > 299);
  const retries = await Promise.all(
    failed.map(async (f) => ({
      ...f,
      retry: await placeOrder(nginx.base, seeded.shoppers[f.shopper]!.token, f.key, seeded.products, f.n),
    })),
  );
  // The same key again for a sample of the acknowledged ones: the same order back.
  const acknowledged = first.filter((f) => f.outcome.status >= 200 && f.outcome.status <= 299);
  const again = await Promise.all(
    acknowledged
      .slice(0, 50)
      .map(async (f) => ({ f, o: await placeOrder(nginx.base, seeded.shoppers[f.shopper]!.token, f.key, seeded.products, f.n) })),
  );

  const rows = await query<{ id: number; key: string; n: number }>(
    c.postgres.url,
    `select min(id)::int id, idempotency_key key, count(*)::int n from orders where user_id in (select id from users where email like 'shopper-%') group by 2`,
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const givenIds = new Set<number>();
  for (const f of acknowledged) givenIds.add(dataId(f.outcome)!);
  for (const r of retries) if (r.retry.status >= 200 && r.retry.status <= 299) givenIds.add(dataId(r.retry)!);
  const ackedMissing = acknowledged.filter((f) => byKey.get(f.key)?.id !== dataId(f.outcome)).length;
  const retriedFound = retries.filter((r) => r.retry.status >= 200 && r.retry.status <= 299 && byKey.get(r.key)?.id === dataId(r.retry));
  const orphans = rows.filter((r) => !givenIds.has(r.id)).length;
  const twice = rows.filter((r) => r.n > 1).length;
  const sameBack = again.filter(({ f, o }) => o.status === 200 && dataId(o) === dataId(f.outcome)).length;
  const violations = await invariantViolations(c.postgres.url);

  report('Fault 1: kill -9 one of two instances while 50 shoppers order through nginx', {
    'orders sent (first attempts)': first.length,
    'sent before the kill': killedAfter,
    'first attempts answered': tally(first.map((f) => f.outcome)),
    'acknowledged (2xx)': acknowledged.length,
    failed: failed.length,
    'failed, retried with their key': tally(retries.map((r) => r.retry)),
    'retries that got back an order committed before the kill': retries.filter((r) => r.retry.status === 200).length,
    'acknowledged, same key again: same order': `${sameBack} of ${again.length}`,
    'orders found': rows.length,
    'acknowledged orders missing': ackedMissing,
    'orders with one key twice': twice,
    'orders no client was given': orphans,
    invariants: violations,
  });

  expect(first.filter((f) => f.outcome.error === 'hung')).toEqual([]);
  expect(ackedMissing).toBe(0);
  expect(retriedFound).toHaveLength(failed.length);
  expect(twice).toBe(0);
  expect(orphans).toBe(0);
  expect(rows).toHaveLength(acknowledged.length + failed.length);
  expect(sameBack).toBe(again.length);
  expect(Object.values(violations).every((n) => n === 0)).toBe(true);
});
