import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { FEED_EVENT, SYSTEM_NOTIFICATION_EVENT, type FeedEventPayload } from '@rewards/shared/constants';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { connected, connectSocket, nextEvent, record } from '../../../test/sockets.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';

// The live feed (docs/architecture.md A6.16) over a real Socket.IO connection (PGlite by default,
// PostgreSQL with TEST_DATABASE_URL): each write to a recognition reaches every signed-in socket when it is
// public, and only its giver's, its recipients' and their stores' administrators' sockets when it is private.
// The instance that wrote emits it once the write has committed: a refused write tells nobody. Across two
// instances (through Redis): plugins/realtime.redis.test.ts.

let t: TestApp;
let make: ReturnType<typeof factories>;
let url: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await t.app.realtime.ready;
  make = factories(t);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => t?.close());

const socketOf = (u: FactoryUser) => {
  const socket = connectSocket(url, { session: u.session });
  open.push(socket);
  return connected(socket);
};
const MESSAGE = 'Gracias por tu ayuda con el cierre del trimestre';
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('the feed event', () => {
  it('a public recognition and what follows it reach every signed-in socket; the recipient also gets their notification', async () => {
    const storeB = await make.store();
    const giver = await make.shopper();
    const recipient = await make.shopper();
    const elsewhere = await make.shopper({ storeId: storeB.id });
    const [g, r, e] = await Promise.all([socketOf(giver), socketOf(recipient), socketOf(elsewhere)]);
    const heard = [
      nextEvent<FeedEventPayload>(g, FEED_EVENT),
      nextEvent<FeedEventPayload>(r, FEED_EVENT),
      nextEvent<FeedEventPayload>(e, FEED_EVENT),
    ];
    const notified = nextEvent<{ userId: number }>(r, SYSTEM_NOTIFICATION_EVENT);
    const tells = record<{ userId: number }>(r, SYSTEM_NOTIFICATION_EVENT);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recognitions',
      headers: giver.headers,
      payload: { recipients: [recipient.id], points: 5, message: MESSAGE },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    for (const event of await Promise.all(heard)) expect(event).toEqual({ kind: 'recognition', recognitionId: id });
    expect(await notified).toEqual({ userId: recipient.id });

    const next = nextEvent<FeedEventPayload>(e, FEED_EVENT);
    await t.app.inject({
      method: 'POST',
      url: `/api/recognitions/${id}/comments`,
      headers: elsewhere.headers,
      payload: { message: 'Bravo' },
    });
    expect(await next).toEqual({ kind: 'comment', recognitionId: id });
    const reacted = nextEvent<FeedEventPayload>(e, FEED_EVENT);
    await t.app.inject({ method: 'PUT', url: `/api/recognitions/${id}/reactions/party`, headers: elsewhere.headers });
    expect(await reacted).toEqual({ kind: 'reaction', recognitionId: id });
    const added = nextEvent<FeedEventPayload>(e, FEED_EVENT);
    await t.app.inject({ method: 'POST', url: `/api/recognitions/${id}/addons`, headers: elsewhere.headers, payload: { points: 2 } });
    expect(await added).toEqual({ kind: 'addon', recognitionId: id });
    // A reaction that changes nothing is not announced, nor a give that is refused (nothing was written).
    await settle();
    const quiet = record<FeedEventPayload>(g, FEED_EVENT);
    await t.app.inject({ method: 'PUT', url: `/api/recognitions/${id}/reactions/party`, headers: elsewhere.headers });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/recognitions',
      headers: elsewhere.headers,
      payload: { recipients: [recipient.id], points: 1000, message: MESSAGE },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'ALLOWANCE_EXCEEDED']);
    await settle();
    expect(quiet).toEqual([]);
    // The give and the add-on each told the recipient once: by this instance after the commit, not also by the
    // database (rs_give switches its NOTIFY off, decision 0048).
    expect(tells).toEqual([{ userId: recipient.id }, { userId: recipient.id }]);
  });

  it('a private recognition reaches its giver, recipients and their stores administrators only, once each', async () => {
    const storeA = await make.store();
    const storeB = await make.store();
    const giver = await make.shopper({ storeId: storeA.id });
    const recipient = await make.shopper({ storeId: storeB.id });
    const colleague = await make.shopper({ storeId: storeA.id });
    const adminA = await make.admin({ stores: [storeA.id] });
    const adminBoth = await make.admin({ stores: [storeA.id, storeB.id] });
    const adminOther = await make.admin({ stores: [1] });
    const superAdmin = await make.superAdmin();
    const sockets = {
      giver: await socketOf(giver),
      recipient: await socketOf(recipient),
      colleague: await socketOf(colleague),
      adminA: await socketOf(adminA),
      adminBoth: await socketOf(adminBoth),
      adminOther: await socketOf(adminOther),
      superAdmin: await socketOf(superAdmin),
    };
    const events = Object.fromEntries(Object.entries(sockets).map(([who, socket]) => [who, record<FeedEventPayload>(socket, FEED_EVENT)]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recognitions',
      headers: giver.headers,
      payload: { recipients: [recipient.id], points: 5, message: MESSAGE, private: true },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    await t.app.inject({
      method: 'POST',
      url: `/api/recognitions/${id}/comments`,
      headers: recipient.headers,
      payload: { message: 'Gracias' },
    });
    await settle();
    const expected = [
      { kind: 'recognition', recognitionId: id },
      { kind: 'comment', recognitionId: id },
    ];
    for (const who of ['giver', 'recipient', 'adminA', 'adminBoth', 'superAdmin']) expect(events[who], who).toEqual(expected);
    for (const who of ['colleague', 'adminOther']) expect(events[who], who).toEqual([]);
  });
});
