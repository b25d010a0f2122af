import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, notifyEach } from '../../../test/factories.ts';

let t: TestApp;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  // Two shoppers and an administrator of store 1.
  for (const [who, u] of Object.entries({ ana: await make.shopper(), luis: await make.shopper(), admin: await make.admin() })) {
    sessions[who] = u.session;
    idOf[who] = u.id;
  }
});
afterAll(() => t.close());

const get = (who: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? as(sessions[who]) : {} });
const put = (who: string | null, url: string) => t.app.inject({ method: 'PUT', url, headers: who ? as(sessions[who]) : {} });

/** A user with a clean slate of notifications: the earlier tests of this file leave some. */
async function resetNotifications(userId: number) {
  await t.db.delete(s.notifications).where(eq(s.notifications.userId, userId));
}

describe('GET /api/notifications/', () => {
  it('needs a session', async () => {
    const res = await get(null, '/api/notifications/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('lists only the user’s own notifications, newest first, paged, with the active count', async () => {
    await resetNotifications(idOf.ana!);
    await resetNotifications(idOf.luis!);
    const base = t.clock.now().getTime();
    await notifyEach(
      t.db,
      Array.from({ length: 5 }, (_, i) => ({
        userId: idOf.ana!,
        itemType: 'points' as const,
        description: `Credit ${i}`,
        url: '/account',
        createdAt: new Date(base - (5 - i) * 60_000),
      })),
    );
    await notifyEach(t.db, [{ userId: idOf.luis!, itemType: 'orders', description: 'Order #999999' }]);

    const first = await get('ana', '/api/notifications/?page=1&pageSize=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, totalCount: 5, totalPages: 3, activeCount: 5 });
    expect(body.data.map((n: { description: string }) => n.description)).toEqual(['Credit 4', 'Credit 3']);
    expect(body.data[0]).toMatchObject({ userId: idOf.ana, itemType: 'points', active: 1, seen: false, seenAt: null, url: '/account' });

    const last = (await get('ana', '/api/notifications/?page=3&pageSize=2')).json();
    expect(last.data.map((n: { description: string }) => n.description)).toEqual(['Credit 0']);

    const luis = (await get('luis', '/api/notifications/')).json();
    expect(luis.totalCount).toBe(1);
    expect(luis.data[0].description).toBe('Order #999999');
  });

  it('filters by active and keeps counting the active ones', async () => {
    const all = (await get('ana', '/api/notifications/')).json();
    const one = all.data[0].id as number;
    expect((await put('ana', `/api/notifications/viewed/${one}`)).statusCode).toBe(200);
    const seen = (await get('ana', '/api/notifications/?active=false')).json();
    expect(seen.data.map((n: { id: number }) => n.id)).toEqual([one]);
    expect(seen.activeCount).toBe(4);
    const active = (await get('ana', '/api/notifications/?active=true')).json();
    expect(active.totalCount).toBe(4);
    expect(active.data.every((n: { active: number }) => n.active === 1)).toBe(true);
  });

  it('refuses unknown filters and out-of-range paging with 400 in the envelope', async () => {
    for (const url of [
      '/api/notifications/?foo=1',
      '/api/notifications/?pageSize=101',
      '/api/notifications/?page=0',
      '/api/notifications/?active=maybe',
    ]) {
      const res = await get('ana', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', requestId: expect.any(String) });
    }
  });
});

describe('PUT /api/notifications/viewed/{id}', () => {
  it('marks one as seen, idempotently, and lowers the header count', async () => {
    await resetNotifications(idOf.ana!);
    const [id] = await notifyEach(t.db, [{ userId: idOf.ana!, itemType: 'ordersUpdate', description: 'Order #7: status 2' }]);
    const counters = async () => (await get('ana', '/api/users/profile/counters')).json().data.notifications as number;
    expect(await counters()).toBe(1);

    const res = await put('ana', `/api/notifications/viewed/${id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id, active: 0, seen: true, seenAt: t.clock.now().toISOString() });
    expect(await counters()).toBe(0);

    t.clock.advance(60_000);
    const again = await put('ana', `/api/notifications/viewed/${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.seenAt).toBe(data.seenAt);
  });

  it('answers 404 for another user’s notification or one that does not exist, and leaves it unseen', async () => {
    const [luisId] = await notifyEach(t.db, [{ userId: idOf.luis!, itemType: 'points', description: 'Secret' }]);
    const res = await put('ana', `/api/notifications/viewed/${luisId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    const [row] = await t.db.select({ active: s.notifications.active }).from(s.notifications).where(eq(s.notifications.id, luisId!));
    expect(row!.active).toBe(1);
    expect((await put('ana', '/api/notifications/viewed/2147483647')).statusCode).toBe(404);
  });

  it('refuses ids that are not positive int32 (400) and strangers (401)', async () => {
    for (const id of ['0', '-1', 'abc', '2147483648', '1.5']) {
      const res = await put('ana', `/api/notifications/viewed/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await put(null, '/api/notifications/viewed/1')).statusCode).toBe(401);
  });

  it('refuses a cookie-carrying write from another origin (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/viewed/1',
      headers: { cookie: `rs_session=${sessions.ana}`, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORIGIN_MISMATCH');
  });
});

describe('PUT /api/notifications/viewed', () => {
  it('marks all of the user’s notifications as seen and no one else’s', async () => {
    await resetNotifications(idOf.ana!);
    await notifyEach(t.db, [
      { userId: idOf.ana!, itemType: 'points', description: 'A' },
      { userId: idOf.ana!, itemType: 'challenge', description: 'B' },
    ]);
    const luisBefore = (await get('luis', '/api/notifications/')).json().activeCount as number;
    const res = await put('ana', '/api/notifications/viewed');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 2, activeCount: 0 });
    expect((await get('ana', '/api/notifications/')).json().activeCount).toBe(0);
    expect((await get('luis', '/api/notifications/')).json().activeCount).toBe(luisBefore);
    expect((await put('ana', '/api/notifications/viewed')).json().data.updated).toBe(0);
  });
});

describe('notifications written by the other modules', () => {
  it('an administrator’s credit notifies the user with the typed reason', async () => {
    await resetNotifications(idOf.ana!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/points',
      headers: as(sessions.admin),
      payload: { userId: idOf.ana, value: 25, description: 'Trivia winner' },
    });
    expect(res.statusCode).toBe(200);
    const list = (await get('ana', '/api/notifications/')).json();
    expect(list.data[0]).toMatchObject({ itemType: 'points', description: 'Trivia winner', url: '/account', active: 1 });
  });
});
