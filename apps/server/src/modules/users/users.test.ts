import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

// The file's people, made for it: a shopper, an administrator, a super administrator and a store account
// of store 1, and a shopper of another store (`other`) with a surname nobody else has.
let t: TestApp;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  other = (await make.store()).id;
  const people = {
    ana: await make.shopper(),
    admin: await make.admin(),
    super: await make.superAdmin(),
    tienda: await make.storeAccount(),
    luis: await make.shopper({ storeId: other, lastName: 'Xochitlquetzal' }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    idOf[who] = u.id;
  }
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? as(sessions[who]) : {} });
const put = (url: string, who: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: as(sessions[who]), payload: payload as object });
const emailOf = async (userId: number) =>
  (await t.db.select({ email: s.users.email }).from(s.users).where(eq(s.users.id, userId)))[0]!.email;

describe('session user and header', () => {
  it('gives each kind of account its role, stores and store flag', async () => {
    const admin = (await get('/api/users/profile/', 'admin')).json().data;
    expect(admin).toMatchObject({ role: 2, adminStores: [1], isStore: false });
    const superUser = (await get('/api/users/profile', 'super')).json().data;
    expect(superUser).toMatchObject({ role: 3, adminStores: [] });
    const store = (await get('/api/users/profile', 'tienda')).json().data;
    expect(store).toMatchObject({ isStore: true, role: 2, adminStores: [1] });
  });

  it('answers the store check for store accounts only', async () => {
    expect((await get('/api/users/store/?storeId=1', 'tienda')).json()).toEqual({ data: true });
    expect((await get(`/api/users/store/?storeId=${other}`, 'tienda')).json()).toEqual({ data: false });
    expect((await get('/api/users/store', 'ana')).json()).toEqual({ data: false });
  });

  it('counts cart lines, wishlist items and unseen notifications of the session user only', async () => {
    const product = await factories(t).product({ stock: 5 });
    await t.db.insert(s.cartItems).values({ userId: idOf.ana!, productId: product!.id, quantity: 1 });
    await t.db.insert(s.wishlistItems).values({ userId: idOf.luis!, productId: product!.id });
    await t.db.insert(s.notifications).values([
      { userId: idOf.ana!, itemType: 'points', description: 'x' },
      { userId: idOf.ana!, itemType: 'points', description: 'seen', active: 0 },
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
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${idOf.ana}`, payload: { role: 2 } });
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
    expect(scoped.data.some((u: { id: number }) => u.id === idOf.luis)).toBe(false);
    const outside = await get(`/api/users/all?storeId=${other}`, 'admin');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN_STORE', details: { storeId: other } });
  });

  it('a super administrator sees every store and pages the list', async () => {
    // Every user of every store.
    const [everyone] = await t.db.select({ n: count() }).from(s.users);
    const page = (await get('/api/users/all?pageSize=2&page=2', 'super')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 2, totalCount: everyone!.n, totalPages: Math.ceil(everyone!.n / 2) });
    expect(page.data).toHaveLength(2);
    expect((await get(`/api/users/all?storeId=${other}`, 'super')).statusCode).toBe(200);
    const search = (await get('/api/users/all?search=XOCHITL', 'super')).json();
    expect(search.data.map((u: { email: string }) => u.email)).toEqual([await emailOf(idOf.luis!)]);
  });

  it('only a super administrator changes roles and administered stores', async () => {
    const byAdmin = await put(`/api/users/${idOf.luis}`, 'admin', { role: 2, adminStores: [other] });
    expect(byAdmin.statusCode).toBe(403);
    const bySuper = await put(`/api/users/${idOf.luis}`, 'super', { role: 2, adminStores: [other] });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().data).toMatchObject({ role: 2, adminStores: [other] });
    // Luis's existing session now carries the new role.
    expect((await get(`/api/users/all?storeId=${other}`, 'luis')).statusCode).toBe(200);
    expect((await get('/api/users/all?storeId=1', 'luis')).statusCode).toBe(403);
    await put(`/api/users/${idOf.luis}`, 'super', { role: 1 });
    expect((await get('/api/users/all', 'luis')).statusCode).toBe(403);
    const [row] = await t.db.select().from(s.userAdminStores).where(eq(s.userAdminStores.userId, idOf.luis!));
    expect(row).toBeUndefined();
  });

  it('refuses role updates that make no sense, with clear codes', async () => {
    const unknownStore = await put(`/api/users/${idOf.luis}`, 'super', { role: 2, adminStores: [99_999] });
    expect(unknownStore.statusCode).toBe(422);
    expect(unknownStore.json()).toMatchObject({ code: 'BUSINESS_RULE', details: { unknownStores: [99_999] } });
    const selfDemotion = await put(`/api/users/${idOf.super}`, 'super', { role: 1 });
    expect(selfDemotion.statusCode).toBe(422);
    const badRole = await put(`/api/users/${idOf.luis}`, 'super', { role: 7 });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().code).toBe('VALIDATION_FAILED');
    expect(badRole.json().details[0].field).toBe('body.role');
    const missing = await put('/api/users/99999', 'super', { role: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});
