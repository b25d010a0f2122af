import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { connected, connectSocket, disconnected, nextEvent, record } from '../../test/sockets.ts';
import { createApiToken } from '../modules/auth/auth.service.ts';
import { factories, notifyEach } from '../../test/factories.ts';
import { notify } from '../modules/notifications/notifications.service.ts';

// One instance (PGlite by default, PostgreSQL with TEST_DATABASE_URL): the database announces new
// notifications and ended credentials; the socket of that user hears of them.
let t: TestApp;
let make: ReturnType<typeof factories>;
let url: string;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await t.app.realtime.ready;
  make = factories(t);
  // Two shoppers and an administrator of store 1, and a super administrator.
  const people = { ana: await make.shopper(), luis: await make.shopper(), admin: await make.admin(), super: await make.superAdmin() };
  for (const [who, u] of Object.entries(people)) {
    idOf[who] = u.id;
    sessions[who] = u.session;
  }
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

function socketOf(auth: Parameters<typeof connectSocket>[1]) {
  const socket = connectSocket(url, auth);
  open.push(socket);
  return socket;
}

describe('realtime notifications', () => {
  it('pushes systemNotification with the userId to that user only, after an administrator credits points', async () => {
    const ana = await connected(socketOf({ session: sessions.ana }));
    const luis = await connected(socketOf({ session: sessions.luis }));
    const luisEvents = record(luis, 'systemNotification');
    const event = nextEvent<{ userId: number }>(ana, 'systemNotification');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/points',
      headers: as(sessions.admin),
      payload: { userId: idOf.ana, value: 10, description: 'Realtime credit' },
    });
    expect(res.statusCode).toBe(200);
    expect(await event).toEqual({ userId: idOf.ana });
    await new Promise((r) => setTimeout(r, 100));
    expect(luisEvents).toEqual([]);
  });

  it('announces a statement that notifies many users once per user, and nothing for a rollback', async () => {
    const ana = await connected(socketOf({ session: sessions.ana }));
    const luis = await connected(socketOf({ session: sessions.luis }));
    const anaEvents = record<{ userId: number }>(ana, 'systemNotification');
    await t.db
      .transaction(async (tx) => {
        await notifyEach(tx, [{ userId: idOf.ana!, itemType: 'points', description: 'never' }]);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const both = Promise.all([nextEvent(ana, 'systemNotification'), nextEvent(luis, 'systemNotification')]);
    // One statement: two notifications for ana, one for luis.
    await notify(t.db, {
      to: [idOf.ana!, idOf.ana!, idOf.luis!],
      itemType: 'points',
      description: ['one', 'two', 'three'],
      at: t.clock.now(),
    });
    expect(await both).toEqual([{ userId: idOf.ana }, { userId: idOf.luis }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(anaEvents).toEqual([{ userId: idOf.ana }]);
  });

  it('accepts a personal API token in auth.token', async () => {
    const token = await createApiToken(t.db, { userId: idOf.luis!, name: 'socket', now: t.clock.now() });
    const luis = await connected(socketOf({ token: token.token, origin: 'https://integration.example' }));
    const event = nextEvent(luis, 'systemNotification');
    await notifyEach(t.db, [{ userId: idOf.luis!, itemType: 'orders', description: 'Order #1' }]);
    expect(await event).toEqual({ userId: idOf.luis });
  });

  it('refuses a handshake without credentials, with a bad one, or with a cookie from another origin', async () => {
    await expect(connected(socketOf({}))).rejects.toThrow('UNAUTHENTICATED');
    await expect(connected(socketOf({ session: 'not-a-session' }))).rejects.toThrow('SESSION_EXPIRED');
    await expect(connected(socketOf({ token: 'rs_nonsense' }))).rejects.toThrow('INVALID_TOKEN');
    await expect(connected(socketOf({ session: sessions.ana, origin: 'https://evil.example' }))).rejects.toThrow('ORIGIN_MISMATCH');
  });

  it('refuses the polling transport', async () => {
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
  });
});

describe('ended credentials', () => {
  it('disconnects the sockets of a session that signs out, and only those', async () => {
    // A second session of ana (another browser).
    const { session } = await make.session(idOf.ana!);
    const doomed = await connected(socketOf({ session }));
    const other = await connected(socketOf({ session: sessions.ana }));
    const gone = disconnected(doomed);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: as(session) });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 100));
    expect(other.connected).toBe(true);
    await expect(connected(socketOf({ session }))).rejects.toThrow('SESSION_EXPIRED');
  });

  it('disconnects a revoked API token', async () => {
    const token = await createApiToken(t.db, { userId: idOf.ana!, name: 'revoked', now: t.clock.now() });
    const socket = await connected(socketOf({ token: token.token }));
    const gone = disconnected(socket);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token.token}` } });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('disconnects every socket of a user who is deactivated', async () => {
    const luisToken = await createApiToken(t.db, { userId: idOf.luis!, name: 'deactivated', now: t.clock.now() });
    const bySession = await connected(socketOf({ session: sessions.luis }));
    const byToken = await connected(socketOf({ token: luisToken.token }));
    const gone = Promise.all([disconnected(bySession), disconnected(byToken)]);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${idOf.luis}`, headers: as(sessions.super) });
    expect(res.statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(connected(socketOf({ token: luisToken.token }))).rejects.toThrow('USER_INACTIVE');
    await t.app.inject({ method: 'PUT', url: `/api/users/activate/${idOf.luis}`, headers: as(sessions.super) });
  });
});
