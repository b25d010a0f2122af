// Fault 4 (README.md, "Fault tests"): a rolling restart (SIGTERM to one instance, start it again, then the other) under
// steady load through nginx: no request fails; Socket.IO clients (as the web app: websocket, reconnect,
// re-read the list on connect and on each event) reconnect and miss no notification committed meanwhile.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { SYSTEM_NOTIFICATION_EVENT } from '@rewards/shared/constants';
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

let c: Cluster;
beforeAll(async () => {
  c = await startCluster(4, { shoppers: 24 });
});
afterAll(async () => {
  await c?.stop();
});

it('restarts both instances in turn with no failed request and no missed notification', async () => {
  const { nginx, seeded, instances } = c;
  const outcomes: (Outcome & { kind: string })[] = [];

  // Four listeners: the list read on every connect and every event, as the web app's notification bell.
  const listeners = seeded.shoppers.slice(0, 4).map((s) => {
    const known = new Set<number>();
    const state = { connects: 0, disconnects: 0, events: 0 };
    const refresh = async () => {
      const o = await request(nginx.base, { path: '/api/notifications?pageSize=100', token: s.token });
      outcomes.push({ ...o, kind: 'list' });
      for (const n of (o.body as { data?: { id: number }[] } | null)?.data ?? []) known.add(n.id);
    };
    const socket: Socket = io(nginx.base, {
      transports: ['websocket'],
      auth: { token: s.token },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    socket.on('connect', () => {
      state.connects++;
      void refresh();
    });
    socket.on('disconnect', () => state.disconnects++);
    socket.on(SYSTEM_NOTIFICATION_EVENT, () => {
      state.events++;
      void refresh();
    });
    return { shopper: s, socket, known, state };
  });
  await sleep(1000);

  let stop = false;
  // Steady load: orders by 20 shoppers (one every 100 ms each), orders for the listeners (their notifications), reads.
  const writers = seeded.shoppers.slice(4).map(async (s, i) => {
    for (let n = 0; !stop; n++) {
      outcomes.push({ ...(await placeOrder(nginx.base, s.token, randomUUID(), seeded.products, i + n)), kind: 'order' });
      await sleep(100);
    }
  });
  const notifiers = listeners.map(async (l, i) => {
    for (let n = 0; !stop; n++) {
      outcomes.push({ ...(await placeOrder(nginx.base, l.shopper.token, randomUUID(), seeded.products, i + n)), kind: 'order' });
      await sleep(300);
    }
  });
  const readers = Array.from({ length: 4 }, async (_, i) => {
    for (let n = 0; !stop; n++) {
      outcomes.push({ ...(await request(nginx.base, { path: `/api/products?page=${(n % 3) + 1}` })), kind: 'read' });
      outcomes.push({ ...(await request(nginx.base, { path: '/api/users/profile', token: seeded.shoppers[i]!.token })), kind: 'read' });
    }
  });

  const restarts: string[] = [];
  await sleep(2000);
  for (const inst of instances) {
    const t0 = Date.now();
    await inst.stop('SIGTERM');
    const stopped = Date.now() - t0;
    await sleep(500);
    await inst.start();
    restarts.push(`${inst.port}: stopped in ${stopped} ms, up again after ${Date.now() - t0} ms`);
    await sleep(2000);
  }
  stop = true;
  await Promise.all([...writers, ...notifiers, ...readers]);
  await sleep(1500);

  const missed: number[] = [];
  for (const l of listeners) {
    const rows = await query<{ id: number }>(c.postgres.url, 'select id from notifications where user_id = $1', [l.shopper.id]);
    for (const r of rows) if (!l.known.has(r.id)) missed.push(r.id);
  }
  const notifications = listeners.reduce((n, l) => n + l.known.size, 0);
  for (const l of listeners) l.socket.close();
  const failed = outcomes.filter((o) => o.status < 200 || o.status > 299);
  const violations = await invariantViolations(c.postgres.url);

  report('Fault 4: rolling restart (SIGTERM, start, then the other) under steady load through nginx', {
    restarts,
    'requests sent': outcomes.length,
    'orders answered': tally(outcomes.filter((o) => o.kind === 'order')),
    'reads answered': tally(outcomes.filter((o) => o.kind !== 'order')),
    failed: failed.length,
    'codes of failures': [...new Set(failed.map((o) => codeOf(o) ?? o.error ?? o.status))],
    'slowest request (ms)': Math.max(...outcomes.map((o) => o.ms)),
    'socket connects per listener': listeners.map((l) => l.state.connects),
    'socket events per listener': listeners.map((l) => l.state.events),
    'listeners: notifications committed and seen': notifications,
    'notifications missed': missed.length,
    invariants: violations,
  });

  expect(failed).toEqual([]);
  expect(listeners.every((l) => l.state.connects >= 2)).toBe(true);
  expect(missed).toEqual([]);
  expect(Object.values(violations).every((n) => n === 0)).toBe(true);
});
