import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { createApiToken } from '../auth/auth.service.ts';

// The administration of users (docs/architecture.md P2 /admin/users, P6, A6.1, A6.13): filters,
// deactivated users, one user, activate/deactivate with their scope rules (a deactivated user's sessions
// end at once), role edits with the legacy body, points from the users page.

let t: TestApp;
let make: ReturnType<typeof factories>;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
const emailOf: Record<string, string> = {};
/** The administrator's store, and two others (Luis's and María's). */
let home: typeof s.stores.$inferSelect;
let away: typeof s.stores.$inferSelect;
let far: typeof s.stores.$inferSelect;
let product: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  home = await make.store({ title: 'Oficina Puebla' });
  away = await make.store({ title: 'Oficina Mérida' });
  far = await make.store();
  const storeId = home.id;
  const people = {
    // Ana has signed in before and has 5,000 points.
    ana: await make.shopper({ storeId, name: 'Ana', lastName: 'García', is: 'IS-F1001', points: 5000, lastSignInAt: t.clock.now() }),
    admin: await make.admin({ stores: [storeId] }),
    super: await make.superAdmin({ storeId }),
    tienda: await make.storeAccount({ storeId }),
    inactivo: await make.shopper({ storeId, name: 'Iván', lastName: 'Inactivo', active: false }),
    // A shopper of the administrator's store whom the tests deactivate, credit and debit.
    nuevo: await make.shopper({ storeId }),
    luis: await make.shopper({ storeId: away.id }),
    maria: await make.shopper({ storeId: far.id }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    idOf[who] = u.id;
    emailOf[who] = u.email;
  }
  product = (await make.product({ storeId, stock: 5 })).id;
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));
/** The e-mails of these people, sorted as `emails` answers them. */
const sorted = (...who: string[]) => who.map((w) => emailOf[w]!).sort();

type Who = keyof typeof sessions | undefined;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Who, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? as(sessions[who]) : { origin: 'http://localhost:3000' }), ...headers },
    payload: payload as object,
  });
const get = (url: string, who?: Who) => send('GET', url, who);
const emails = (res: { json: () => { data: { email: string }[] } }) =>
  res
    .json()
    .data.map((u) => u.email)
    .sort();

describe('GET /api/users/all filters', () => {
  it('filters by role, active and store, with the search, within the stores one runs', async () => {
    const h = home.id;
    expect(emails(await get(`/api/users/all?role=2&storeId=${h}`, 'super'))).toEqual(sorted('admin', 'tienda'));
    expect(emails(await get(`/api/users/all?role=3&storeId=${h}`, 'super'))).toEqual(sorted('super'));
    expect(emails(await get(`/api/users/all?active=false&storeId=${h}`, 'super'))).toEqual(sorted('inactivo'));
    expect(emails(await get(`/api/users/all?active=true&role=1&storeId=${h}`, 'super'))).toEqual(sorted('ana', 'nuevo'));
    expect(emails(await get(`/api/users/all?storeId=${away.id}`, 'super'))).toEqual(sorted('luis'));
    expect(emails(await get('/api/users/all?role=1&search=garc', 'admin'))).toEqual(sorted('ana'));
    // The administrator's own scope: their store only, whatever the filters.
    expect(emails(await get('/api/users/all?role=1', 'admin'))).toEqual(sorted('ana', 'inactivo', 'nuevo'));
    const paged = (await get(`/api/users/all?role=1&storeId=${h}&pageSize=1&page=2`, 'super')).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 1, totalCount: 3, totalPages: 3 });
  });

  it('refuses bad filters with 400 and other stores with 403', async () => {
    for (const q of ['role=4', 'role=0', 'role=admin', 'active=maybe', 'storeId=-1', 'status=1']) {
      const res = await get(`/api/users/all?${q}`, 'super');
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get(`/api/users/all?storeId=${away.id}&role=1`, 'admin')).json().code).toBe('FORBIDDEN_STORE');
  });
});

describe('GET /api/users/deactivated', () => {
  it('pages the inactive users of the stores one runs', async () => {
    const admin = (await get('/api/users/deactivated', 'admin')).json();
    expect(admin).toMatchObject({ page: 1, pageSize: 20, totalCount: 1, totalPages: 1 });
    expect(admin.data[0]).toMatchObject({ email: emailOf.inactivo, active: 0, storeId: home.id, role: 1 });
    // An inactive user of another store: the super administrator sees both (and every other inactive
    // user of every store), the administrator still one.
    await t.db.update(s.users).set({ active: 0 }).where(eq(s.users.id, idOf.maria!));
    const everywhere = (await get('/api/users/deactivated?pageSize=100', 'super')).json();
    expect(everywhere.data.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining(sorted('inactivo', 'maria')));
    const [inactive] = await t.db.select({ n: count() }).from(s.users).where(eq(s.users.active, 0));
    expect(everywhere.totalCount).toBe(inactive!.n);
    expect(emails(await get(`/api/users/deactivated?storeId=${far.id}`, 'super'))).toEqual(sorted('maria'));
    expect(emails(await get('/api/users/deactivated', 'admin'))).toEqual(sorted('inactivo'));
    await t.db.update(s.users).set({ active: 1 }).where(eq(s.users.id, idOf.maria!));
    expect((await get('/api/users/deactivated?search=iv%C3%A1n', 'admin')).json().totalCount).toBe(1);
    expect((await get(`/api/users/deactivated?storeId=${home.id}&pageSize=1&page=2`, 'super')).json()).toMatchObject({
      data: [],
      totalCount: 1,
    });
  });

  it('is for administrators, within their stores', async () => {
    expect((await get('/api/users/deactivated')).statusCode).toBe(401);
    expect((await get('/api/users/deactivated', 'ana')).statusCode).toBe(403);
    expect((await get(`/api/users/deactivated?storeId=${far.id}`, 'admin')).json().code).toBe('FORBIDDEN_STORE');
    expect((await get('/api/users/deactivated?active=true', 'admin')).statusCode).toBe(400);
  });
});

describe('GET /api/users/one/{id}', () => {
  it("answers a user of the administrator's store, with the store's name", async () => {
    const res = await get(`/api/users/one/${idOf.ana}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: idOf.ana,
      email: emailOf.ana,
      name: 'Ana',
      lastName: 'García',
      storeId: home.id,
      storeName: 'Oficina Puebla',
      points: 5000,
      role: 1,
      active: 1,
      is: 'IS-F1001',
      adminStores: [],
      lastSignInAt: expect.any(String),
    });
    expect((await get(`/api/users/one/${idOf.tienda}`, 'admin')).json().data).toMatchObject({
      isStore: true,
      role: 2,
      adminStores: [home.id],
    });
    expect((await get(`/api/users/one/${idOf.luis}`, 'super')).json().data).toMatchObject({ storeName: 'Oficina Mérida' });
  });

  it('answers 403 outside the stores one runs, 404 for nobody, 401 and 403 to others', async () => {
    const outside = await get(`/api/users/one/${idOf.luis}`, 'admin');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN_STORE', details: { storeId: away.id } });
    expect((await get('/api/users/one/999999', 'admin')).statusCode).toBe(404);
    expect((await get('/api/users/one/x', 'admin')).statusCode).toBe(400);
    expect((await get(`/api/users/one/${idOf.ana}`)).statusCode).toBe(401);
    expect((await get(`/api/users/one/${idOf.ana}`, 'ana')).json().code).toBe('FORBIDDEN');
  });
});

describe('PUT /api/users/activate|deactivate/{id}', () => {
  it("ends a deactivated user's sessions at once: their next request is 401 USER_INACTIVE; tokens stop too", async () => {
    const { token } = await createApiToken(t.db, { userId: idOf.nuevo!, name: 'integration', now: t.clock.now() });
    expect((await get('/api/users/profile', 'nuevo')).statusCode).toBe(200);
    const res = await send('PUT', `/api/users/deactivate/${idOf.nuevo}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: idOf.nuevo, email: emailOf.nuevo, active: 0 });
    const [row] = await t.db.select({ modifiedBy: s.users.modifiedBy }).from(s.users).where(eq(s.users.id, idOf.nuevo!));
    expect(row!.modifiedBy).toBe(idOf.admin);
    // Revoked in the database, not only refused on the next request.
    const open = await t.db
      .select()
      .from(s.sessions)
      .where(and(eq(s.sessions.userId, idOf.nuevo!), isNull(s.sessions.revokedAt)));
    expect(open).toEqual([]);

    const next = await get('/api/users/profile', 'nuevo');
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ code: 'USER_INACTIVE', message: expect.stringContaining('inactivo') });
    // The cookie stays, so that whatever the page sends next says the same (reactivation ends it as expired).
    expect(next.cookies.find((c) => c.name === 'rs_session')).toBeUndefined();
    const write = await send('POST', '/api/wishlists', 'nuevo', { productId: product });
    expect(write.json().code).toBe('USER_INACTIVE');
    const bearer = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json().code).toBe('USER_INACTIVE');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: as(sessions.nuevo) })).json()).toEqual({
      data: null,
      reason: 'USER_INACTIVE',
    });
    // Through the real sign-in (the bundled provider finds any user of the users table).
    expect((await signIn(t.app, emailOf.nuevo!)).landing).toBe('/login?error=USER_INACTIVE');
    expect(emails(await get('/api/users/deactivated', 'admin'))).toContain(emailOf.nuevo);

    // Activated again: the old session stays ended, a new sign-in works, the token works again.
    const back = await send('PUT', `/api/users/activate/${idOf.nuevo}`, 'admin');
    expect(back.json().data).toMatchObject({ id: idOf.nuevo, active: 1 });
    expect((await get('/api/users/profile', 'nuevo')).json().code).toBe('SESSION_EXPIRED');
    sessions.nuevo = (await signIn(t.app, emailOf.nuevo!)).session!;
    expect((await get('/api/users/profile', 'nuevo')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
  });

  it('keeps an administrator to the shoppers of their stores', async () => {
    const outside = await send('PUT', `/api/users/deactivate/${idOf.luis}`, 'admin');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN_STORE', details: { storeId: away.id } });
    for (const who of ['tienda', 'super'] as const) {
      for (const path of ['deactivate', 'activate']) {
        const res = await send('PUT', `/api/users/${path}/${idOf[who]}`, 'admin');
        expect(res.statusCode, `${path} ${who}`).toBe(403);
        expect(res.json().code).toBe('ADMIN_USERS_SUPER_ONLY');
      }
    }
    const self = await send('PUT', `/api/users/deactivate/${idOf.admin}`, 'admin');
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: 'CANNOT_DEACTIVATE_SELF', message: 'No puedes desactivar tu propia cuenta' });
    const [luis, tienda, superUser, admin] = await Promise.all(
      ['luis', 'tienda', 'super', 'admin'].map(async (who) => (await get('/api/users/profile', who)).statusCode),
    );
    expect({ luis, tienda, superUser, admin }).toEqual({ luis: 200, tienda: 200, superUser: 200, admin: 200 });
  });

  it('lets a super administrator (de)activate anyone but themselves', async () => {
    expect((await send('PUT', `/api/users/deactivate/${idOf.super}`, 'super')).json().code).toBe('CANNOT_DEACTIVATE_SELF');
    const off = await send('PUT', `/api/users/deactivate/${idOf.tienda}`, 'super');
    expect(off.json().data).toMatchObject({ email: emailOf.tienda, active: 0 });
    expect((await get('/api/users/profile', 'tienda')).json().code).toBe('USER_INACTIVE');
    expect((await send('PUT', `/api/users/deactivate/${idOf.luis}`, 'super')).json().data.active).toBe(0);
    // Deactivating twice is harmless; activating an active user too.
    expect((await send('PUT', `/api/users/deactivate/${idOf.luis}`, 'super')).statusCode).toBe(200);
    for (const who of ['tienda', 'luis', 'ana'] as const) {
      expect((await send('PUT', `/api/users/activate/${idOf[who]}`, 'super')).json().data.active).toBe(1);
      // Their sessions ended with the deactivation: they sign in again.
      if (who !== 'ana') sessions[who] = (await make.session(idOf[who]!)).session;
    }
    expect((await get('/api/users/profile', 'tienda')).statusCode).toBe(200);
  });

  it('answers 401, 403, 404 and 400 as it should', async () => {
    for (const path of ['activate', 'deactivate']) {
      expect((await send('PUT', `/api/users/${path}/${idOf.ana}`)).statusCode).toBe(401);
      const shopper = await send('PUT', `/api/users/${path}/${idOf.nuevo}`, 'ana');
      expect(shopper.statusCode).toBe(403);
      expect(shopper.json().code).toBe('FORBIDDEN');
      expect((await send('PUT', `/api/users/${path}/999999`, 'super')).statusCode).toBe(404);
      expect((await send('PUT', `/api/users/${path}/0`, 'super')).statusCode).toBe(400);
    }
    expect((await get('/api/users/profile', 'nuevo')).statusCode).toBe(200);
  });
});

describe('PUT /api/users/{id} (role and administered stores)', () => {
  it('accepts the legacy body with the id, which must be the one in the path', async () => {
    const ok = await send('PUT', `/api/users/${idOf.maria}`, 'super', { id: idOf.maria, role: 2, adminStores: [far.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ id: idOf.maria, role: 2, adminStores: [far.id] });
    const mismatch = await send('PUT', `/api/users/${idOf.maria}`, 'super', { id: idOf.luis, role: 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([{ field: 'body.id', message: 'Must be the id in the path', code: 'custom' }]);
    expect((await send('PUT', `/api/users/${idOf.maria}`, 'super', { id: idOf.maria, role: 1 })).json().data).toMatchObject({
      role: 1,
      adminStores: [],
    });
  });

  it('never lets an administrator raise a role, their own included', async () => {
    for (const [target, body] of [
      [idOf.ana, { role: 2, adminStores: [home.id] }],
      [idOf.admin, { role: 3 }],
      [idOf.admin, { role: 2, adminStores: [home.id, away.id] }],
    ] as const) {
      const res = await send('PUT', `/api/users/${target}`, 'admin', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await get('/api/users/profile', 'admin')).json().data).toMatchObject({ role: 2, adminStores: [home.id] });
    expect((await get('/api/users/profile', 'ana')).json().data).toMatchObject({ role: 1 });
  });
});

describe('POST /api/users/points from the users page', () => {
  const points = (who: Who, body: Record<string, unknown>) => send('POST', '/api/users/points', who, body);
  const balance = async (userId: number) =>
    (await t.db.select({ points: s.users.points }).from(s.users).where(eq(s.users.id, userId)))[0]!.points;

  it('loads and adjusts a shopper of the store, answering the new balance', async () => {
    const start = await balance(idOf.nuevo!);
    expect((await points('admin', { userId: idOf.nuevo, value: 300, description: 'Bienvenida' })).json().data).toEqual({
      userId: idOf.nuevo,
      value: start + 300,
    });
    expect((await points('admin', { userId: idOf.nuevo, value: -100, description: 'Corrección' })).json().data.value).toBe(start + 200);
    const kinds = await t.db
      .select({ kind: s.pointTransactions.kind, value: s.pointTransactions.value })
      .from(s.pointTransactions)
      .where(eq(s.pointTransactions.userId, idOf.nuevo!));
    expect(kinds.slice(-2)).toEqual([
      { kind: 'load', value: 300 },
      { kind: 'adjustment', value: -100 },
    ]);
  });

  it('refuses a missing description, zero, a balance below 0 and users outside the store, with clear codes', async () => {
    const before = await balance(idOf.nuevo!);
    const noDescription = await points('admin', { userId: idOf.nuevo, value: 10 });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().details[0]).toMatchObject({ field: 'body.description', message: 'Required field' });
    expect((await points('admin', { userId: idOf.nuevo, value: 0, description: 'Nada' })).json().details[0].message).toBe(
      'Must not be zero',
    );
    const below = await points('admin', { userId: idOf.nuevo, value: -(before + 1), description: 'Demasiado' });
    expect(below.statusCode).toBe(422);
    // Worded for the administrator: whose balance it is and what it holds (docs/architecture.md P8).
    expect(below.json()).toMatchObject({ code: 'ADJUSTMENT_BELOW_ZERO', details: { userId: idOf.nuevo, balance: before } });
    expect(below.json().message).toMatch(/^Este ajuste dejaría a .+ con un saldo negativo \(saldo actual [\d,]+\)$/);
    expect((await points('admin', { userId: idOf.luis, value: 10, description: 'Fuera' })).json().code).toBe('FORBIDDEN_STORE');
    expect((await points('ana', { userId: idOf.nuevo, value: 10, description: 'Regalo' })).json().code).toBe('FORBIDDEN');
    expect(await balance(idOf.nuevo!)).toBe(before);
  });
});
