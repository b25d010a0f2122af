import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { assertInvariants } from '../../../test/invariants.ts';

let t: TestApp;
const sessions: Record<string, string> = {};
let ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['ana', 'admin', 'super', 'tienda', 'luis']) sessions[who] = (await signIn(t.app, `${who}@rewards.test`)).session!;
  const users = await t.db.select({ id: s.users.id, email: s.users.email }).from(s.users);
  ids = Object.fromEntries(users.map((u) => [u.email.split('@')[0]!, u.id]));
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? as(sessions[who]) : {} });
const put = (url: string, who: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: as(sessions[who]), payload: payload as object });

describe('session user and header', () => {
  it('gives each demo account its role, stores and store flag', async () => {
    const admin = (await get('/api/users/profile/', 'admin')).json().data;
    expect(admin).toMatchObject({ role: 2, adminStores: [1], isStore: false });
    const superUser = (await get('/api/users/profile', 'super')).json().data;
    expect(superUser).toMatchObject({ role: 3, adminStores: [] });
    const store = (await get('/api/users/profile', 'tienda')).json().data;
    expect(store).toMatchObject({ isStore: true, role: 2, adminStores: [1] });
  });

  it('answers the store check for store accounts only', async () => {
    expect((await get('/api/users/store/?storeId=1', 'tienda')).json()).toEqual({ data: true });
    expect((await get('/api/users/store/?storeId=2', 'tienda')).json()).toEqual({ data: false });
    expect((await get('/api/users/store', 'ana')).json()).toEqual({ data: false });
  });

  it('counts cart lines, wishlist items and unseen notifications of the session user only', async () => {
    const [product] = await t.db.select().from(s.products).limit(1);
    await t.db.insert(s.cartItems).values({ userId: ids.ana!, productId: product!.id, quantity: 1 });
    await t.db.insert(s.wishlistItems).values({ userId: ids.luis!, productId: product!.id });
    await t.db.insert(s.notifications).values([
      { userId: ids.ana!, itemType: 'points', description: 'x' },
      { userId: ids.ana!, itemType: 'points', description: 'seen', active: 0 },
    ]);
    expect((await get('/api/users/profile/counters', 'ana')).json().data).toEqual({ cart: 1, wishlist: 0, notifications: 1 });
    expect((await get('/api/users/profile/counters', 'luis')).json().data).toEqual({ cart: 0, wishlist: 1, notifications: 0 });
  });
});

describe('role and store guards', () => {
  it('signed out: 401 on user, admin and super routes', async () => {
    for (const url of ['/api/users/profile', '/api/users/all', '/api/users/store']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${ids.ana}`, payload: { role: 2 } });
    expect(res.statusCode).toBe(401);
  });

  it('a shopper gets 403 on administrator routes', async () => {
    const res = await get('/api/users/all', 'ana');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('an administrator sees only the users of their stores', async () => {
    const own = (await get('/api/users/all?storeId=1', 'admin')).json();
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((u: { storeId: number }) => u.storeId === 1)).toBe(true);
    const scoped = (await get('/api/users/all', 'admin')).json();
    expect(scoped.data.some((u: { email: string }) => u.email === 'luis@rewards.test')).toBe(false);
    const other = await get('/api/users/all?storeId=2', 'admin');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN_STORE', details: { storeId: 2 } });
  });

  it('a super administrator sees every store and pages the list', async () => {
    const page = (await get('/api/users/all?pageSize=2&page=2', 'super')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 2, totalCount: 7, totalPages: 4 });
    expect(page.data).toHaveLength(2);
    expect((await get('/api/users/all?storeId=2', 'super')).statusCode).toBe(200);
    const search = (await get('/api/users/all?search=MART', 'super')).json();
    expect(search.data.map((u: { email: string }) => u.email)).toEqual(['luis@rewards.test']);
  });

  it('only a super administrator changes roles and administered stores', async () => {
    const byAdmin = await put(`/api/users/${ids.luis}`, 'admin', { role: 2, adminStores: [2] });
    expect(byAdmin.statusCode).toBe(403);
    const bySuper = await put(`/api/users/${ids.luis}`, 'super', { role: 2, adminStores: [2] });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().data).toMatchObject({ role: 2, adminStores: [2] });
    // Luis's existing session now carries the new role.
    expect((await get('/api/users/all?storeId=2', 'luis')).statusCode).toBe(200);
    expect((await get('/api/users/all?storeId=1', 'luis')).statusCode).toBe(403);
    await put(`/api/users/${ids.luis}`, 'super', { role: 1 });
    expect((await get('/api/users/all', 'luis')).statusCode).toBe(403);
    const [row] = await t.db.select().from(s.userAdminStores).where(eq(s.userAdminStores.userId, ids.luis!));
    expect(row).toBeUndefined();
  });

  it('refuses role updates that make no sense, with clear codes', async () => {
    const unknownStore = await put(`/api/users/${ids.luis}`, 'super', { role: 2, adminStores: [99] });
    expect(unknownStore.statusCode).toBe(422);
    expect(unknownStore.json()).toMatchObject({ code: 'BUSINESS_RULE', details: { unknownStores: [99] } });
    const selfDemotion = await put(`/api/users/${ids.super}`, 'super', { role: 1 });
    expect(selfDemotion.statusCode).toBe(422);
    const badRole = await put(`/api/users/${ids.luis}`, 'super', { role: 7 });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().code).toBe('VALIDATION_FAILED');
    expect(badRole.json().details[0].field).toBe('body.role');
    const missing = await put('/api/users/99999', 'super', { role: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});
