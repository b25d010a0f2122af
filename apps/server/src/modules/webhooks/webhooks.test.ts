import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createReceiver, sign, verifyWebhook, type WebhookEvent } from '../../../../../docs/integration/webhook-receiver.mjs';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { defaultCalendar } from '../../lib/calendar.ts';
import { runPointExpiry } from '../points/expiry.service.ts';
import { signWebhook, webhookHeaders } from './signing.ts';
import { checkWebhookUrl } from './url-guard.ts';
import {
  cleanUpWebhooks,
  deliverDueWebhooks,
  httpSender,
  WEBHOOK_BACKOFF_MS,
  webhookBackoffMs,
  type WebhookPassOptions,
} from './webhook-worker.ts';

/**
 * Signed webhooks (docs/architecture.md A6.19): every event type from its real API path, signed as the
 * reference receiver (docs/integration/webhook-receiver.mjs) verifies, retried with backoff against a real
 * local receiver, in order per subject with two workers at once, redelivered with the same id, cleaned
 * after 30 days; and the addresses refused.
 */

/** A real receiver on 127.0.0.1: the reference one, which can be told to answer 500 to the next attempts. */
class LocalReceiver {
  events: { id: string; event: WebhookEvent }[] = [];
  /** Every attempt that reached it, valid or not: webhook-id and the status answered. */
  hits: { id: string; status: number }[] = [];
  failNext = 0;
  delayMs = 0;
  url = '';
  secret = '';
  private server: ReturnType<typeof createReceiver>['server'] | null = null;
  constructor(private now: () => number) {}
  async start(secret: string) {
    this.secret = secret;
    const { server } = createReceiver({
      secret,
      now: this.now,
      onEvent: (event, id) => {
        this.events.push({ id, event });
      },
    });
    // Failures and delays come before the reference receiver sees the request.
    const handlers = server.listeners('request') as ((req: unknown, res: unknown) => void)[];
    server.removeAllListeners('request');
    server.on('request', async (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
      const id = String(req.headers['webhook-id']);
      if (this.delayMs) await new Promise((r) => setTimeout(r, Math.random() * this.delayMs));
      if (this.failNext > 0) {
        this.failNext--;
        req.resume();
        this.hits.push({ id, status: 500 });
        res.writeHead(500).end('not now');
        return;
      }
      res.on('finish', () => this.hits.push({ id, status: res.statusCode }));
      for (const h of handlers) h(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    this.server = server;
  }
  async stop() {
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}

let t: TestApp;
let admin: FactoryUser;
let superAdmin: FactoryUser;
let shopper: FactoryUser;
let colleague: FactoryUser;
const receiver = new LocalReceiver(() => t.clock.now().getTime());
let endpointId: number;
const send = httpSender({ production: false });
const pass = (extra: Partial<WebhookPassOptions> = {}) => deliverDueWebhooks(t.db, { send, now: t.clock.now(), ...extra });

/** Passes until nothing is due now. */
async function drain(extra: Partial<WebhookPassOptions> = {}) {
  for (let i = 0; i < 100; i++) if (!(await pass(extra)).claimed) return;
  throw new Error('still claiming after 100 passes');
}

/** A request as `who`, in a session opened now (the tests move the clock past sessions' lifetime). */
const api = async (
  who: FactoryUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...(await factories(t).session(who.id)).headers, ...headers }, payload });

async function eventTypes(): Promise<string[]> {
  const { rows } = await t.db.execute<{ type: string }>(sql`select type from webhook_events order by id`);
  return rows.map((r) => r.type);
}

beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  admin = await make.admin();
  superAdmin = await make.superAdmin();
  shopper = await make.shopper({ points: 5000 });
  colleague = await make.shopper();
});
afterAll(async () => {
  await receiver.stop();
  await t?.close();
});
afterEach(() => assertInvariants(t.db));

describe('signing', () => {
  it('signs as Standard Webhooks does, and the reference receiver verifies it', () => {
    // Standard Webhooks' own test vector.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, id, 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(sign(secret, id, 1614265330, body)).toBe(signWebhook(secret, id, 1614265330, body));

    const at = new Date('2026-03-02T15:00:00Z');
    const headers = webhookHeaders(secret, id, at, body);
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000));
    const now = at.getTime();
    expect(verifyWebhook({ secret, headers, body, now })).toMatchObject({ ok: true, id, event: { test: 2432232314 } });
    // Another body, another secret, a stale or future timestamp, a missing header: refused.
    expect(verifyWebhook({ secret, headers, body: '{"test": 1}', now })).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyWebhook({ secret: 'whsec_' + Buffer.alloc(24, 1).toString('base64'), headers, body, now }).ok).toBe(false);
    expect(verifyWebhook({ secret, headers, body, now: now + 5 * 60_000 + 1000 })).toEqual({
      ok: false,
      reason: 'timestamp too old or too new',
    });
    expect(verifyWebhook({ secret, headers, body, now: now - 5 * 60_000 - 1000 }).ok).toBe(false);
    expect(verifyWebhook({ secret, headers, body, now: now + 4 * 60_000 }).ok).toBe(true);
    expect(verifyWebhook({ secret, headers: { ...headers, 'webhook-id': 'msg_other' }, body, now }).ok).toBe(false);
    expect(verifyWebhook({ secret, headers: { ...headers, 'webhook-signature': undefined }, body, now }).ok).toBe(false);
    // Several signatures (a rotation): any one that matches.
    expect(
      verifyWebhook({ secret, headers: { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` }, body, now }).ok,
    ).toBe(true);
  });

  it('backs off 5 s, 30 s, 2 min, 10 min, 1 h, then every 6 h, within 10 % either way', () => {
    const waits = [1, 2, 3, 4, 5, 6, 9].map((n) => webhookBackoffMs(n, undefined, undefined, () => 0.5));
    expect(waits).toEqual([...WEBHOOK_BACKOFF_MS, 6 * 3_600_000, 6 * 3_600_000]);
    expect(webhookBackoffMs(1, undefined, undefined, () => 0)).toBe(4500);
    expect(webhookBackoffMs(1, undefined, undefined, () => 0.999999)).toBe(5500);
  });
});

describe('addresses', () => {
  it('refuses http (but to loopback outside production) and private or internal addresses, with 422 codes', async () => {
    const tryUrl = async (url: string) => {
      const res = await api(admin, 'POST', '/api/webhooks', { storeId: 1, url, events: ['order.placed'] });
      return res.statusCode === 201 ? 'ok' : `${res.statusCode} ${res.json<{ code: string }>().code}`;
    };
    expect(await tryUrl('http://hooks.example.com/x')).toBe('422 WEBHOOK_URL_NOT_HTTPS');
    expect(await tryUrl('ftp://hooks.example.com/x')).toBe('422 WEBHOOK_URL_NOT_HTTPS');
    expect(await tryUrl('https://10.1.2.3/x')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('https://192.168.0.10/x')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('https://172.20.0.1/x')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('https://169.254.169.254/latest/meta-data')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('https://[fd00::1]/x')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('https://[::ffff:10.0.0.1]/x')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('https://0.0.0.0/x')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('http://10.0.0.1/x')).toBe('422 WEBHOOK_URL_PRIVATE');
    expect(await tryUrl('not a url')).toBe('400 VALIDATION_FAILED');
    expect(await tryUrl('https://user:pw@hooks.example.com/x')).toBe('400 VALIDATION_FAILED');
    // Loopback outside production (tests, the bench, the reference receiver); a public https address.
    expect(await tryUrl('http://127.0.0.1:4000/x')).toBe('ok');
    expect(await tryUrl('http://localhost:4000/x')).toBe('ok');
    expect(await tryUrl('https://hooks.example.com/x')).toBe('ok');
    // In production loopback is internal too.
    expect(() => checkWebhookUrl('http://127.0.0.1:4000/x', true)).toThrow('WEBHOOK_URL_PRIVATE');
    expect(() => checkWebhookUrl('https://localhost/x', true)).toThrow('WEBHOOK_URL_PRIVATE');
    expect(() => checkWebhookUrl('https://[::1]/x', true)).toThrow('WEBHOOK_URL_PRIVATE');
    expect(checkWebhookUrl('https://hooks.example.com/x#frag', true)).toBe('https://hooks.example.com/x');
    await t.db.delete(s.webhookEndpoints);
  });

  it('refuses, when connecting, an address a name resolves to that a webhook may not reach', async () => {
    const production = httpSender({ production: true });
    const refused = await production({ url: 'http://localhost:9/x', body: '{}', headers: {} });
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toMatch(/not allowed/);
    const literal = await production({ url: 'http://127.0.0.1:9/x', body: '{}', headers: {} });
    expect(literal.error).toMatch(/not allowed/);
  });
});

describe('the sender', () => {
  it('gives up after its time limit and never follows a redirect', async () => {
    const followed: string[] = [];
    const server = http.createServer((req, res) => {
      followed.push(req.url ?? '');
      if (req.url === '/slow') return; // never answers
      if (req.url === '/moved') return void res.writeHead(302, { location: '/elsewhere' }).end();
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const quick = httpSender({ production: false, timeoutMs: 300 });
      const slow = await quick({ url: `${base}/slow`, body: '{}', headers: {} });
      expect(slow).toMatchObject({ statusCode: null, error: 'Timed out after 300 ms' });
      expect(slow.durationMs).toBeGreaterThanOrEqual(290);
      const moved = await quick({ url: `${base}/moved`, body: '{}', headers: {} });
      expect(moved).toMatchObject({ statusCode: 302, error: null });
      expect(followed).toEqual(['/slow', '/moved']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('endpoints', () => {
  it('shows the secret once, lists without it, and keeps all-stores endpoints to super administrators', async () => {
    await receiver.start('whsec_placeholder');
    const created = await api(admin, 'POST', '/api/webhooks', {
      storeId: 1,
      url: receiver.url,
      description: 'ERP',
      events: ['recognition.given', 'order.placed', 'order.changed', 'points.credited', 'points.expired', 'user.deactivated'],
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json<{ data: { id: number; secret: string; secretPrefix: string } }>().data;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint.secret.startsWith(endpoint.secretPrefix)).toBe(true);
    endpointId = endpoint.id;
    await receiver.stop();
    await receiver.start(endpoint.secret);
    // The receiver's port changed: the endpoint follows it.
    expect((await api(admin, 'PUT', `/api/webhooks/${endpointId}`, { url: receiver.url })).statusCode).toBe(200);

    const list = await api(admin, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.json<{ data: { id: number }[] }>().data.map((e) => e.id)).toEqual([endpointId]);

    const everywhere = { storeId: null, url: 'https://hooks.example.com/all', events: ['user.deactivated'] };
    expect((await api(admin, 'POST', '/api/webhooks', everywhere)).json<{ code: string }>().code).toBe('FORBIDDEN');
    const all = await api(superAdmin, 'POST', '/api/webhooks', { ...everywhere, active: false });
    expect(all.statusCode).toBe(201);
    const allId = all.json<{ data: { id: number } }>().data.id;
    expect((await api(admin, 'GET', `/api/webhooks/${allId}`)).statusCode).toBe(403);
    expect((await api(superAdmin, 'GET', '/api/webhooks')).json<{ data: { id: number }[] }>().data.map((e) => e.id)).toEqual([
      endpointId,
      allId,
    ]);
    expect((await api(superAdmin, 'DELETE', `/api/webhooks/${allId}`)).statusCode).toBe(200);
  });

  it('writes no event while no active endpoint subscribes to its type', async () => {
    await api(admin, 'PUT', `/api/webhooks/${endpointId}`, { active: false });
    const product = await factories(t).product({ stock: 10 });
    const res = await api(shopper, 'POST', '/api/orders', { lines: [{ productId: product.id, quantity: 1 }] });
    expect(res.statusCode).toBe(201);
    expect(await eventTypes()).toEqual([]);
    await api(admin, 'PUT', `/api/webhooks/${endpointId}`, { active: true });
  });
});

describe('events from the real paths', () => {
  it('emits order.placed, order.changed, recognition.given, points.credited and user.deactivated, delivered signed', async () => {
    const make = factories(t);
    const product = await make.product({ stock: 10 });
    const placed = await api(shopper, 'POST', '/api/orders', { lines: [{ productId: product.id, quantity: 1 }] });
    const orderId = placed.json<{ data: { id: number } }>().data.id;
    expect((await api(admin, 'PUT', `/api/orders/${orderId}`, { status: 5, cause: 'Webhook test' })).statusCode).toBe(200);

    const [value] = await t.db.insert(s.companyValues).values({ storeId: 1, name: 'Webhooks value' }).returning();
    const given = await api(shopper, 'POST', '/api/recognitions', {
      recipients: [colleague.id],
      points: 5,
      message: 'Thank you for the webhooks',
      values: [value!.id],
    });
    expect(given.statusCode).toBe(201);

    const reward = await make.recognition({ areaId: (await make.area()).id });
    const load = await api(
      admin,
      'POST',
      '/api/loads',
      { storeId: 1, rewardId: reward.id, emails: [colleague.email], points: 25, reason: 'Webhook test' },
      { 'idempotency-key': 'webhooks-load-1' },
    );
    expect(load.statusCode).toBe(201);
    const doomed = await make.shopper();
    expect((await api(admin, 'PUT', `/api/users/deactivate/${doomed.id}`)).statusCode).toBe(200);

    const types = await eventTypes();
    for (const type of ['order.placed', 'order.changed', 'recognition.given', 'points.credited', 'user.deactivated'])
      expect(types).toContain(type);

    await drain();
    const byType = (type: string) => receiver.events.filter((e) => e.event.type === type).map((e) => e.event);
    expect(byType('order.placed')).toContainEqual(
      expect.objectContaining({
        subject: `order:${orderId}`,
        data: expect.objectContaining({ orderId, storeId: 1, status: 1, userId: shopper.id }),
      }),
    );
    expect(byType('order.changed')).toContainEqual(
      expect.objectContaining({
        subject: `order:${orderId}`,
        data: expect.objectContaining({ orderId, status: 5, previousStatus: 1, changes: expect.arrayContaining(['status']) }),
      }),
    );
    const recognition = byType('recognition.given')[0]!;
    expect(recognition.data).toMatchObject({
      giverId: shopper.id,
      points: 5,
      storeId: 1,
      recipients: [{ userId: colleague.id, storeId: 1 }],
    });
    expect(byType('points.credited')).toContainEqual(
      expect.objectContaining({
        subject: `user:${colleague.id}`,
        data: expect.objectContaining({ userId: colleague.id, points: 25, kind: 'load' }),
      }),
    );
    expect(byType('points.credited')).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ userId: colleague.id, points: 5, kind: 'recognition' }) }),
    );
    expect(byType('user.deactivated')).toEqual([
      expect.objectContaining({ subject: `user:${doomed.id}`, data: expect.objectContaining({ userId: doomed.id }) }),
    ]);
    // The order's refund is a credit too; the body names no secret.
    expect(JSON.stringify(receiver.events)).not.toContain(receiver.secret);
    // Every event was delivered once, and its id is the event's.
    const ids = receiver.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of receiver.events) expect(e.event.id).toBe(e.id);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where status <> 'delivered'`);
    expect(rows[0]!.n).toBe(0);
  });

  it('a test event, the deliveries list with its attempts, and a rotated secret', async () => {
    const sent = await api(admin, 'POST', `/api/webhooks/${endpointId}/test`);
    expect(sent.statusCode).toBe(201);
    const delivery = sent.json<{ data: { id: number; eventId: string; status: string } }>().data;
    expect(delivery).toMatchObject({ status: 'pending' });
    await drain();
    expect(receiver.events.at(-1)).toMatchObject({ id: delivery.eventId, event: { type: 'webhook.test', data: { endpointId } } });
    const list = await api(admin, 'GET', `/api/webhooks/${endpointId}/deliveries?status=delivered&pageSize=2`);
    expect(list.statusCode).toBe(200);
    const page = list.json<{ data: { id: number; attemptLog: { statusCode: number }[] }[]; totalCount: number }>();
    expect(page.data[0]).toMatchObject({ id: delivery.id, attemptLog: [{ statusCode: 200 }] });
    expect(page.totalCount).toBeGreaterThan(5);

    const rotated = await api(admin, 'POST', `/api/webhooks/${endpointId}/rotate`);
    const secret = rotated.json<{ data: { secret: string } }>().data.secret;
    expect(secret).not.toBe(receiver.secret);
    // The receiver still has the old secret: refused (401), retried later; with the new one, taken.
    await api(admin, 'POST', `/api/webhooks/${endpointId}/test`);
    await pass();
    expect(receiver.hits.at(-1)!.status).toBe(401);
    await receiver.stop();
    await receiver.start(secret);
    await api(admin, 'PUT', `/api/webhooks/${endpointId}`, { url: receiver.url });
    t.clock.advance(10_000);
    await drain();
    expect(receiver.hits.at(-1)!.status).toBe(200);
  });
});

describe('delivery', () => {
  /** Events of the test's own, written as the triggers write them (the fan-out makes the deliveries). */
  async function events(subjects: string[]) {
    const { rows } = await t.db.execute<{ msg_id: string }>(sql`
      insert into webhook_events (type, subject, store_id, payload, created_at)
      select 'points.credited', x.subject, 1, jsonb_build_object('n', x.n), ${t.clock.now().toISOString()}::timestamptz
      from unnest(${`{${subjects.join(',')}}`}::text[]) with ordinality as x(subject, n)
      order by x.n
      returning msg_id`);
    return rows.map((r) => r.msg_id);
  }

  it('retries with backoff until the receiver takes it, recording each attempt, and gives up after 3 days', async () => {
    const [id] = await events(['user:900001']);
    receiver.failNext = 2;
    const before = receiver.hits.length;
    expect(await pass()).toMatchObject({ claimed: 1, retried: 1 });
    // Not due again before its backoff (5 s, 10 % either way).
    t.clock.advance(4_000);
    expect((await pass()).claimed).toBe(0);
    t.clock.advance(1_600);
    expect(await pass()).toMatchObject({ claimed: 1, retried: 1 });
    t.clock.advance(26_000);
    expect((await pass()).claimed).toBe(0);
    t.clock.advance(8_000);
    expect(await pass()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.hits.slice(before).map((h) => [h.id, h.status])).toEqual([
      [id, 500],
      [id, 500],
      [id, 200],
    ]);
    const { rows } = await t.db.execute<{ status_code: number; error: string | null }>(sql`
      select a.status_code, a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
      join webhook_events ev on ev.id = d.event_id where ev.msg_id = ${id!} order by a.id`);
    expect(rows.map((r) => Number(r.status_code))).toEqual([500, 500, 200]);

    // A receiver that never answers 2xx: failed once 3 days have passed since the first attempt.
    const [doomed] = await events(['user:900002']);
    receiver.failNext = 1000;
    const start = t.clock.now().getTime();
    let attempts = 0;
    for (;;) {
      const r = await pass();
      attempts += r.claimed;
      if (r.failed) break;
      t.clock.advance(6.7 * 3_600_000);
      if (t.clock.now().getTime() - start > 4 * 86_400_000) throw new Error('never gave up');
    }
    receiver.failNext = 0;
    expect(attempts).toBeGreaterThan(5);
    const { rows: d } = await t.db.execute<{ status: string }>(sql`
      select d.status from webhook_deliveries d join webhook_events ev on ev.id = d.event_id where ev.msg_id = ${doomed!}`);
    expect(d[0]!.status).toBe('failed');
  });

  it('keeps the order per subject with two workers at once', async () => {
    const subjects = Array.from({ length: 60 }, (_, i) => `user:${910000 + (i % 6)}`);
    const ids = await events(subjects);
    receiver.delayMs = 15;
    const start = receiver.events.length;
    for (let i = 0; i < 200; i++) {
      const [a, b] = await Promise.all([pass({ batch: 4 }), pass({ batch: 4 })]);
      if (!a.claimed && !b.claimed) break;
    }
    receiver.delayMs = 0;
    const got = receiver.events.slice(start);
    expect(got.map((e) => e.id).sort()).toEqual([...ids].sort());
    for (const subject of new Set(subjects)) {
      const order = got.filter((e) => e.event.subject === subject).map((e) => (e.event.data as { n: number }).n);
      expect(order).toEqual([...order].sort((x, y) => x - y));
      expect(order).toHaveLength(10);
    }
  });

  it('does not send a subject’s next event while an earlier one is waiting for its retry', async () => {
    const [first, second] = await events(['order:920001', 'order:920001']);
    receiver.failNext = 1;
    await pass();
    t.clock.advance(1_000);
    expect((await pass()).claimed).toBe(0);
    t.clock.advance(10_000);
    await drain();
    const got = receiver.events.filter((e) => e.event.subject === 'order:920001').map((e) => e.id);
    expect(got).toEqual([first, second]);
  });

  it('sends again, with the same id, what a worker that died mid-pass had claimed, once its lease ends', async () => {
    const [id] = await events(['user:925001']);
    // A worker that dies after claiming: its pass never settles (the sender never comes back).
    await expect(
      pass({
        send: () => {
          throw new Error('the process died');
        },
      }),
    ).rejects.toThrow('the process died');
    expect((await pass()).claimed).toBe(0);
    t.clock.advance(61_000);
    await drain();
    expect(receiver.events.filter((e) => e.id === id)).toHaveLength(1);
  });

  it('redelivers with the same event id, after the pending deliveries of its subject', async () => {
    const [id] = await events(['user:930001']);
    await drain();
    const { rows } = await t.db.execute<{ id: number }>(sql`
      select d.id from webhook_deliveries d join webhook_events ev on ev.id = d.event_id where ev.msg_id = ${id!}`);
    const redone = await api(admin, 'POST', `/api/webhooks/deliveries/${rows[0]!.id}/redeliver`);
    expect(redone.statusCode).toBe(201);
    expect(redone.json<{ data: { eventId: string; redeliveryOf: number; status: string } }>().data).toMatchObject({
      eventId: id,
      redeliveryOf: Number(rows[0]!.id),
      status: 'pending',
    });
    const hits = receiver.hits.length;
    await drain();
    // The same webhook-id again: the reference receiver knows it and answers 200 without handling it twice.
    expect(receiver.hits.slice(hits)).toEqual([{ id, status: 200 }]);
    expect(receiver.events.filter((e) => e.id === id)).toHaveLength(1);
    expect((await api(admin, 'POST', '/api/webhooks/deliveries/999999/redeliver')).statusCode).toBe(404);
  });

  it('removes attempts, finished deliveries and their events after 30 days, never a pending one', async () => {
    await events(['user:940001']);
    await t.db.update(s.webhookEndpoints).set({ active: false });
    t.clock.advance(31 * 86_400_000);
    const removed = await cleanUpWebhooks(t.db, t.clock.now());
    expect(removed.deliveries).toBeGreaterThan(10);
    expect(removed.attempts).toBeGreaterThan(10);
    expect(removed.events).toBeGreaterThan(10);
    const { rows } = await t.db.execute<{ status: string; subject: string }>(sql`select status, subject from webhook_deliveries`);
    expect(rows).toEqual([{ status: 'pending', subject: 'user:940001' }]);
    await t.db.update(s.webhookEndpoints).set({ active: true });
    await drain();
  });
});

describe('expiry', () => {
  it('emits points.expired for the expiry job’s rows of the endpoint’s store', async () => {
    const { rows: held } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where points > 0 and store_id = 1`);
    t.clock.set('2026-10-16T12:00:00Z');
    const r = await runPointExpiry(t.db, t.clock.now(), defaultCalendar);
    expect(r.ran).toBe(true);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events where type = 'points.expired'`);
    expect(rows[0]!.n).toBe(held[0]!.n);
    await drain();
    const expired = receiver.events.filter((e) => e.event.type === 'points.expired');
    expect(expired).toHaveLength(held[0]!.n);
    expect(expired.find((e) => e.event.data.userId === shopper.id)?.event.data).toMatchObject({ kind: 'expiry', storeId: 1 });
  });
});
