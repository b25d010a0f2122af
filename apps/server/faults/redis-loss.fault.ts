// Fault 3 (README.md, "Fault tests"): Redis stopped under load, started again 5 s later. The server keeps serving
// (the response cache and the rate limits fall back to this process, sockets stay or reconnect and
// keep receiving their notifications) and uses Redis again once it is back; nothing answers 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { io, type Socket } from 'socket.io-client';
import { SYSTEM_NOTIFICATION_EVENT } from '@rewards/shared/constants';
import { codeOf, invariantViolations, placeOrder, report, request, sleep, startCluster, tally, type Cluster, type Outcome } from './lib.ts';

let c: Cluster;
beforeAll(async () => {
  c = await startCluster(3, { shoppers: 20 });
});
afterAll(async () => {
  await c?.stop();
});

const redisCli = (port: number, ...args: string[]) =>
  spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout.trim();

it('keeps serving without Redis and uses it again when it returns', async () => {
  const { nginx, seeded, redis } = c;
  // Four shoppers listen on sockets through the proxy, as the web app does (websocket, reconnecting).
  const listeners = seeded.shoppers.slice(0, 4).map((s) => {
    const socket: Socket = io(nginx.base, {
      transports: ['websocket'],
      auth: { token: s.token },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    const seen = { events: 0, disconnects: [] as string[] };
    socket.on(SYSTEM_NOTIFICATION_EVENT, () => seen.events++);
    socket.on('disconnect', (reason) => seen.disconnects.push(reason));
    return { socket, seen };
  });
  await Promise.all(listeners.map((l) => new Promise((r) => (l.socket.connected ? r(null) : l.socket.once('connect', () => r(null))))));

  let phase: 'before' | 'down' | 'back' = 'before';
  let stop = false;
  const outcomes: (Outcome & { phase: string; kind: string })[] = [];
  const writers = seeded.shoppers.map(async (s, i) => {
    for (let n = 0; !stop; n++) {
      const at = phase;
      const o = await placeOrder(nginx.base, s.token, randomUUID(), seeded.products, i + n);
      outcomes.push({ ...o, phase: at, kind: 'order' });
      await sleep(50);
    }
  });
  const readers = Array.from({ length: 5 }, async (_, i) => {
    for (let n = 0; !stop; n++) {
      const at = phase;
      const o = await request(nginx.base, { path: `/api/products?page=${(n % 3) + 1}&pageSize=12` });
      outcomes.push({ ...o, phase: at, kind: 'read' });
      const me = await request(nginx.base, { path: '/api/notifications', token: seeded.shoppers[i]!.token });
      outcomes.push({ ...me, phase: at, kind: 'read' });
    }
  });

  await sleep(2000);
  const keysBefore = Number(redisCli(redis!.port, 'dbsize'));
  phase = 'down';
  await redis!.stop();
  const eventsBefore = listeners.reduce((n, l) => n + l.seen.events, 0);
  await sleep(5000);
  const eventsWhileDown = listeners.reduce((n, l) => n + l.seen.events, 0) - eventsBefore;
  await redis!.start();
  phase = 'back';
  await sleep(4000);
  stop = true;
  await Promise.all([...writers, ...readers]);
  const keysAfter = Number(redisCli(redis!.port, 'dbsize'));
  const cacheSubscribers = Number(redisCli(redis!.port, 'pubsub', 'numsub', 'rewards:catalog-invalidate').split('\n')[1]);
  const connected = listeners.filter((l) => l.socket.connected).length;
  const disconnects = listeners.flatMap((l) => l.seen.disconnects);
  for (const l of listeners) l.socket.close();
  const violations = await invariantViolations(c.postgres.url);

  const by = (p: string, k: string) => outcomes.filter((o) => o.phase === p && o.kind === k);
  report('Fault 3: Redis stopped for 5 s under load (orders and reads through nginx, 4 sockets)', {
    'requests sent': outcomes.length,
    'orders before / while down / after': [by('before', 'order'), by('down', 'order'), by('back', 'order')].map((l) => tally(l)),
    'reads before / while down / after': [by('before', 'read'), by('down', 'read'), by('back', 'read')].map((l) => tally(l)),
    'failed (not 2xx)': outcomes.filter((o) => o.status < 200 || o.status > 299).length,
    'codes of failures': [...new Set(outcomes.filter((o) => o.status >= 400).map(codeOf))],
    'slowest request (ms)': Math.max(...outcomes.map((o) => o.ms)),
    'socket notifications while Redis was down': eventsWhileDown,
    'socket disconnects meanwhile': disconnects,
    'sockets connected at the end': `${connected} of ${listeners.length}`,
    'Redis keys before (rate limits)': keysBefore,
    'Redis keys after it returned (empty)': keysAfter,
    'cache invalidation subscribers after': cacheSubscribers,
    invariants: violations,
  });

  expect(outcomes.filter((o) => o.status === 500 || o.status === 0)).toEqual([]);
  expect(outcomes.filter((o) => o.status < 200 || o.status > 299)).toEqual([]);
  expect(by('down', 'order').length).toBeGreaterThan(0);
  expect(eventsWhileDown).toBeGreaterThan(0);
  expect(connected).toBe(listeners.length);
  expect(disconnects).toEqual([]);
  expect(keysAfter).toBeGreaterThan(0);
  expect(cacheSubscribers).toBe(2);
  expect(Object.values(violations).every((n) => n === 0)).toBe(true);
});
