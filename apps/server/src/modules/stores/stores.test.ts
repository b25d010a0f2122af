import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, isNull } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import * as s from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { as, createTestApp, freshDatabase, PUBLIC_URL, signIn, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { createSession } from '../auth/auth.service.ts';
import { fillStoreTimeZones } from './stores.service.ts';

// Super administrators create, edit, (de)activate and delete the offices (docs/architecture.md P4, P6);
// everyone lists the active ones; nothing a store holds is lost by deleting it (409 STORE_IN_USE:
// deactivate instead).

let t: TestApp;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
/** Stores of this file: `ensenada` with every field set (site ENS), `away` (Luis's) and `far` (María's). */
let ensenada: typeof s.stores.$inferSelect;
let away: typeof s.stores.$inferSelect;
let far: typeof s.stores.$inferSelect;
/** Ana's store, which the administrator runs. */
let home: number;
/** The active stores, oldest first, once the file's own stores exist. */
let active: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  ensenada = await make.store({
    title: 'Oficina Ensenada',
    location: 'Calle Factoría 12, Ensenada, B.C.',
    lat: 31.8667,
    long: -116.5964,
    sedeId: 'ENS',
    inventoryId: 'INV-ENS',
  });
  away = await make.store({ title: 'Oficina Mexicali' });
  far = await make.store();
  const people = {
    ana: await make.shopper(),
    admin: await make.admin(),
    super: await make.superAdmin(),
    luis: await make.shopper({ storeId: away.id }),
    maria: await make.shopper({ storeId: far.id }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    idOf[who] = u.id;
  }
  home = people.ana.storeId!;
  active = (await t.db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.active, true)).orderBy(asc(s.stores.id))).map(
    (r) => r.id,
  );
});
afterAll(() => t.close());

type Who = 'ana' | 'admin' | 'super' | 'luis' | 'maria' | undefined;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Who, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? as(sessions[who]) : { origin: 'http://localhost:3000' }, payload: payload as object });
const get = (url: string, who?: Who) => send('GET', url, who);

const office = (patch: Record<string, unknown> = {}) => ({
  title: 'Oficina Monterrey',
  location: 'Av. Constitución 400, Monterrey, N.L.',
  lat: 25.6866,
  long: -100.3161,
  ...patch,
});
async function createStore(patch: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/stores', 'super', office(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; title: string; active: boolean; sedeId: string | null };
}

describe('GET /api/stores', () => {
  it('lists the active stores to everyone, paged in SQL, oldest first', async () => {
    const all = (await get('/api/stores')).json();
    expect(all).toMatchObject({ page: 1, pageSize: 20, totalCount: active.length, totalPages: 1 });
    expect(all.data.map((st: { id: number }) => st.id)).toEqual(active);
    expect(all.data.find((st: { id: number }) => st.id === ensenada.id)).toEqual({
      id: ensenada.id,
      title: 'Oficina Ensenada',
      location: 'Calle Factoría 12, Ensenada, B.C.',
      lat: 31.8667,
      long: -116.5964,
      sedeId: 'ENS',
      inventoryId: 'INV-ENS',
      active: true,
      timeZone: 'America/Tijuana',
    });
    const second = (await get('/api/stores/?pageSize=2&page=2')).json();
    expect(second).toMatchObject({ page: 2, pageSize: 2, totalCount: active.length, totalPages: Math.ceil(active.length / 2) });
    expect(second.data.map((st: { id: number }) => st.id)).toEqual(active.slice(2, 4));
    const search = (await get('/api/stores?search=factor%C3%ADa')).json();
    expect(search.data.map((st: { title: string }) => st.title)).toEqual(['Oficina Ensenada']);
  });

  it('lets administrators, and only them, list inactive stores', async () => {
    const closed = await createStore({ title: 'Oficina cerrada' });
    expect((await send('PUT', `/api/stores/deactivate/${closed.id}`, 'super')).statusCode).toBe(200);
    expect((await get('/api/stores')).json().data.some((st: { id: number }) => st.id === closed.id)).toBe(false);
    for (const who of [undefined, 'ana'] as const) {
      const res = await get('/api/stores?status=inactive', who);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    for (const who of ['admin', 'super'] as const) {
      const inactive = (await get('/api/stores?status=inactive', who)).json();
      expect(inactive.data.map((st: { id: number }) => st.id)).toEqual([closed.id]);
      const all = (await get('/api/stores?status=all&pageSize=100', who)).json();
      expect(all.data.map((st: { id: number }) => st.id)).toEqual(expect.arrayContaining([...active, closed.id]));
    }
    expect((await send('DELETE', `/api/stores/delete/${closed.id}`, 'super')).statusCode).toBe(200);
  });

  it('refuses unknown filters and bad paging with 400', async () => {
    for (const url of ['/api/stores?status=closed', '/api/stores?pageSize=101', '/api/stores?page=0', '/api/stores?active=false']) {
      const res = await get(url, 'super');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/stores/{id}', () => {
  it('answers one store; an inactive one only to administrators', async () => {
    expect((await get(`/api/stores/${away.id}`)).json().data).toMatchObject({ id: away.id, title: 'Oficina Mexicali' });
    const closed = await createStore({ title: 'Oficina temporal' });
    await send('PUT', `/api/stores/deactivate/${closed.id}`, 'super');
    expect((await get(`/api/stores/${closed.id}`)).statusCode).toBe(404);
    expect((await get(`/api/stores/${closed.id}`, 'ana')).statusCode).toBe(404);
    expect((await get(`/api/stores/${closed.id}`, 'admin')).json().data).toMatchObject({ id: closed.id, active: false });
    expect((await get('/api/stores/999999')).statusCode).toBe(404);
    expect((await get('/api/stores/abc')).statusCode).toBe(400);
    await send('DELETE', `/api/stores/delete/${closed.id}`, 'super');
  });
});

describe('POST /api/stores', () => {
  it('lets a super administrator create a store, recorded as theirs', async () => {
    const res = await send('POST', '/api/stores', 'super', office({ sedeId: 'QRO', inventoryId: '', createdBy: 1, modifiedBy: 1 }));
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ ...office(), sedeId: 'QRO', inventoryId: null, active: true });
    const [row] = await t.db.select().from(s.stores).where(eq(s.stores.id, created.id));
    expect(row).toMatchObject({ createdBy: idOf.super, modifiedBy: idOf.super, createdAt: t.clock.now() });
    expect((await get('/api/stores?pageSize=100')).json().data.map((st: { id: number }) => st.id)).toContain(created.id);
    await send('DELETE', `/api/stores/delete/${created.id}`, 'super');
  });

  it('is for super administrators only', async () => {
    const stores = async () => (await get('/api/stores?status=all&pageSize=100', 'super')).json().totalCount as number;
    const before = await stores();
    const anonymous = await send('POST', '/api/stores', undefined, office());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    for (const who of ['ana', 'admin'] as const) {
      const res = await send('POST', '/api/stores', who, office());
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await stores()).toBe(before);
  });

  it('validates every field, with details per field', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ title: '' }, 'body.title', 'Required field'],
      [{ title: 'x' }, 'body.title', 'Too short!'],
      [{ title: 'x'.repeat(121) }, 'body.title', 'Too long!'],
      [{ title: 'Ofi\u0000cina' }, 'body.title'],
      [{ location: undefined }, 'body.location', 'Required field'],
      [{ location: 'ab' }, 'body.location', 'Too short!'],
      [{ lat: 90.5 }, 'body.lat'],
      [{ lat: -91 }, 'body.lat'],
      [{ lat: undefined }, 'body.lat', 'Required field'],
      [{ lat: '' }, 'body.lat', 'Required field'],
      [{ lat: 'north' }, 'body.lat'],
      [{ long: 180.01 }, 'body.long'],
      [{ long: -181 }, 'body.long'],
      [{ sedeId: 'x'.repeat(41) }, 'body.sedeId', 'Too long!'],
      [{ active: false }, 'body'],
      [{ createdBy: 0 }, 'body.createdBy'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await send('POST', '/api/stores', 'super', office(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      const detail = (res.json().details as { field: string; message: string }[]).find((d) => d.field === field);
      expect(detail, `${JSON.stringify(patch)} -> ${res.body}`).toBeDefined();
      if (message) expect(detail!.message).toBe(message);
    }
    // The bounds themselves are fine.
    const edge = await createStore({ title: 'Polo', lat: -90, long: 180 });
    expect(edge).toMatchObject({ lat: -90, long: 180 });
    await send('DELETE', `/api/stores/delete/${edge.id}`, 'super');
  });
});

describe('PUT /api/stores/{id}', () => {
  it('edits the fields given, including active; the legacy call sends title, sedeId and inventoryId only', async () => {
    const store = await createStore();
    const full = await send('PUT', `/api/stores/${store.id}`, 'super', {
      title: 'Oficina Monterrey Centro',
      location: 'Padre Mier 100, Monterrey',
      lat: 25.67,
      long: -100.31,
      active: false,
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().data).toMatchObject({
      title: 'Oficina Monterrey Centro',
      location: 'Padre Mier 100, Monterrey',
      lat: 25.67,
      active: false,
    });
    const legacy = await send('PUT', `/api/stores/${store.id}`, 'super', {
      title: 'Oficina MTY',
      sedeId: 'MTY-CENTRO',
      inventoryId: 'INV-MTY',
      modifiedBy: 4,
    });
    expect(legacy.json().data).toMatchObject({
      title: 'Oficina MTY',
      location: 'Padre Mier 100, Monterrey',
      sedeId: 'MTY-CENTRO',
      inventoryId: 'INV-MTY',
      active: false,
    });
    const [row] = await t.db.select().from(s.stores).where(eq(s.stores.id, store.id));
    expect(row!.modifiedBy).toBe(idOf.super);
    await send('DELETE', `/api/stores/delete/${store.id}`, 'super');
  });

  it('validates, answers 404 for an unknown store, and is for super administrators only', async () => {
    const bad = await send('PUT', `/api/stores/${ensenada.id}`, 'super', { lat: 100, long: -200 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.lat', 'body.long']);
    expect((await send('PUT', `/api/stores/${ensenada.id}`, 'super', { owner: 'me' })).statusCode).toBe(400);
    expect((await send('PUT', '/api/stores/999999', 'super', { title: 'Nada' })).statusCode).toBe(404);
    expect((await send('PUT', `/api/stores/${ensenada.id}`, undefined, { title: 'Nada' })).statusCode).toBe(401);
    for (const who of ['ana', 'admin'] as const) {
      expect((await send('PUT', `/api/stores/${ensenada.id}`, who, { title: 'Tomada' })).statusCode).toBe(403);
    }
    expect((await get(`/api/stores/${ensenada.id}`)).json().data.title).toBe('Oficina Ensenada');
  });
});

describe("the store's stored time zone (docs/architecture.md A6.17)", () => {
  const zoneOf = async (id: number) => (await t.db.select({ z: s.stores.timeZone }).from(s.stores).where(eq(s.stores.id, id)))[0]!.z;

  it('is written from the coordinates on create and on every change of them, one coordinate or both', async () => {
    const store = await createStore();
    expect(await zoneOf(store.id)).toBe('America/Monterrey');
    await send('PUT', `/api/stores/${store.id}`, 'super', { lat: 40.4168, long: -3.7038 });
    expect(await zoneOf(store.id)).toBe('Europe/Madrid');
    const moved = await send('PUT', `/api/stores/${store.id}`, 'super', { long: -8 });
    expect(moved.json().data).toMatchObject({ lat: 40.4168, long: -8, timeZone: 'Europe/Lisbon' });
    expect(await zoneOf(store.id)).toBe('Europe/Lisbon');
    await send('PUT', `/api/stores/${store.id}`, 'super', { title: 'Oficina Lisboa' });
    expect(await zoneOf(store.id)).toBe('Europe/Lisbon');
    await send('DELETE', `/api/stores/delete/${store.id}`, 'super');
  });

  it('is filled for the stores that have none by fillStoreTimeZones, once; a zone already written is kept', async () => {
    expect(await zoneOf(ensenada.id)).toBeNull();
    await t.db.update(s.stores).set({ timeZone: 'Europe/Madrid' }).where(eq(s.stores.id, away.id));
    const missing = (await t.db.select({ id: s.stores.id }).from(s.stores).where(isNull(s.stores.timeZone))).length;
    expect(missing).toBeGreaterThan(0);
    expect(await fillStoreTimeZones(t.db)).toBe(missing);
    expect(await zoneOf(ensenada.id)).toBe('America/Tijuana');
    expect(await zoneOf(away.id)).toBe('Europe/Madrid');
    expect((await t.db.select({ id: s.stores.id }).from(s.stores).where(isNull(s.stores.timeZone))).length).toBe(0);
    expect(await fillStoreTimeZones(t.db)).toBe(0);
  });
});

describe('the corporate site code (sedeId)', () => {
  it('names one store: another store with the same code, in any case or spacing, is SEDE_ID_TAKEN on sedeId', async () => {
    // The Ensenada store is the ENS site.
    expect((await get(`/api/stores/${ensenada.id}`)).json().data.sedeId).toBe('ENS');
    const taken = await send('POST', '/api/stores', 'super', office({ sedeId: ' ens ' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SEDE_ID_TAKEN', details: [{ field: 'body.sedeId', code: 'taken' }] });
    const store = await createStore({ sedeId: 'ZPX' });
    expect(store.sedeId).toBe('ZPX');
    const moved = await send('PUT', `/api/stores/${store.id}`, 'super', { sedeId: 'Ens' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('SEDE_ID_TAKEN');
    expect((await get(`/api/stores/${store.id}`, 'super')).json().data.sedeId).toBe('ZPX');
    // Saving a store with its own code, or changing its case, is not a clash.
    const same = await send('PUT', `/api/stores/${store.id}`, 'super', { sedeId: 'zpx', title: 'Oficina Puebla' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ sedeId: 'zpx', title: 'Oficina Puebla' });
    // An empty field clears it; stores without a code do not clash with each other.
    expect((await send('PUT', `/api/stores/${store.id}`, 'super', { sedeId: '' })).json().data.sedeId).toBeNull();
    const other = await createStore({ sedeId: '' });
    expect(other.sedeId).toBeNull();
    // The freed code can be taken by another store; the list finds a store by its code.
    expect((await send('PUT', `/api/stores/${other.id}`, 'super', { sedeId: 'ZPX' })).json().data.sedeId).toBe('ZPX');
    const found = (await get('/api/stores?status=all&search=zpx', 'super')).json().data;
    expect(found.map((st: { id: number }) => st.id)).toEqual([other.id]);
    for (const id of [store.id, other.id]) await send('DELETE', `/api/stores/delete/${id}`, 'super');
  });

  it('the database refuses a repeated code too (the unique index behind the check)', async () => {
    const [first] = await t.db.select().from(s.stores).where(eq(s.stores.id, ensenada.id));
    await expect(
      t.db.insert(s.stores).values({ title: 'Duplicada', location: 'Calle 1', lat: 0, long: 0, sedeId: first!.sedeId!.toLowerCase() }),
    ).rejects.toThrow();
  });
});

describe('PUT /api/stores/activate|deactivate/{id}', () => {
  it('moves a store between active and inactive (super administrators only)', async () => {
    const store = await createStore();
    const off = await send('PUT', `/api/stores/deactivate/${store.id}`, 'super');
    expect(off.json().data).toMatchObject({ id: store.id, active: false });
    // Idempotent: deactivating again keeps it inactive.
    expect((await send('PUT', `/api/stores/deactivate/${store.id}`, 'super')).json().data.active).toBe(false);
    expect((await get(`/api/stores/${store.id}`)).statusCode).toBe(404);
    const on = await send('PUT', `/api/stores/activate/${store.id}`, 'super');
    expect(on.json().data).toMatchObject({ id: store.id, active: true });
    expect((await get(`/api/stores/${store.id}`)).statusCode).toBe(200);
    for (const path of ['activate', 'deactivate']) {
      expect((await send('PUT', `/api/stores/${path}/${store.id}`)).statusCode).toBe(401);
      expect((await send('PUT', `/api/stores/${path}/${store.id}`, 'ana')).statusCode).toBe(403);
      expect((await send('PUT', `/api/stores/${path}/${store.id}`, 'admin')).statusCode).toBe(403);
      expect((await send('PUT', `/api/stores/${path}/999999`, 'super')).statusCode).toBe(404);
    }
    await send('DELETE', `/api/stores/delete/${store.id}`, 'super');
  });
});

describe('DELETE /api/stores/delete/{id}', () => {
  it('refuses a store in use with 409 STORE_IN_USE, the counts and a localized message; it stays', async () => {
    // A store with two shoppers, an administrator (of it, and in it) and a product in a category.
    const make = factories(t);
    const busy = await createStore({ title: 'Oficina ocupada' });
    await make.shopper({ storeId: busy.id });
    await make.shopper({ storeId: busy.id });
    await make.admin({ stores: [busy.id] });
    await make.product({ storeId: busy.id, stock: 2 });
    const res = await send('DELETE', `/api/stores/delete/${busy.id}`, 'super');
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('STORE_IN_USE');
    expect(body.message).toBe('Esta tienda tiene usuarios, productos, categorías o pedidos y no se puede eliminar: desactívala');
    expect(body.details).toMatchObject({ users: 3, administrators: 1, categories: 1, products: 1, orders: 0 });
    const english = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/delete/${busy.id}`,
      headers: { ...as(sessions.super), 'accept-language': 'en' },
    });
    expect(english.json().message).toBe(
      'This store has users, products, categories or orders and cannot be deleted: deactivate it instead',
    );
    expect((await get(`/api/stores/${busy.id}`)).statusCode).toBe(200);
  });

  it('refuses a store with only a user, only an administrator or only a banner', async () => {
    const withUser = await createStore({ title: 'Con usuario' });
    const solo = await factories(t).shopper({ storeId: withUser.id });
    const withAdmin = await createStore({ title: 'Con administrador' });
    expect((await send('PUT', `/api/users/${idOf.luis}`, 'super', { role: 2, adminStores: [withAdmin.id] })).statusCode).toBe(200);
    const withBanner = await createStore({ title: 'Con banner' });
    await t.db.insert(s.banners).values({ storeId: withBanner.id, title: 'Hola', picture: '/uploads/banners/x-1200.webp' });
    const expected: [number, Record<string, number>][] = [
      [withUser.id, { users: 1, administrators: 0, other: 0 }],
      [withAdmin.id, { users: 0, administrators: 1, other: 0 }],
      [withBanner.id, { users: 0, administrators: 0, other: 1 }],
    ];
    for (const [id, details] of expected) {
      const res = await send('DELETE', `/api/stores/delete/${id}`, 'super');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STORE_IN_USE', details: { ...details, products: 0, categories: 0, orders: 0 } });
    }
    // Emptied, they go.
    await t.db.delete(s.users).where(eq(s.users.id, solo.id));
    await send('PUT', `/api/users/${idOf.luis}`, 'super', { role: 1 });
    await t.db.delete(s.banners).where(eq(s.banners.storeId, withBanner.id));
    for (const [id] of expected) expect((await send('DELETE', `/api/stores/delete/${id}`, 'super')).statusCode).toBe(200);
  });

  it('deletes an empty store (super administrators only); then it is gone', async () => {
    const store = await createStore({ title: 'Oficina por error' });
    expect((await send('DELETE', `/api/stores/delete/${store.id}`)).statusCode).toBe(401);
    expect((await send('DELETE', `/api/stores/delete/${store.id}`, 'ana')).statusCode).toBe(403);
    expect((await send('DELETE', `/api/stores/delete/${store.id}`, 'admin')).statusCode).toBe(403);
    const res = await send('DELETE', `/api/stores/delete/${store.id}`, 'super');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: store.id, title: 'Oficina por error' });
    expect((await get(`/api/stores/${store.id}`, 'super')).statusCode).toBe(404);
    expect((await send('DELETE', `/api/stores/delete/${store.id}`, 'super')).statusCode).toBe(404);
  });
});

describe('GET /api/stores/user', () => {
  it("answers the session user's own store", async () => {
    expect((await get('/api/stores/user/', 'ana')).json().data).toMatchObject({ id: home });
    expect((await get('/api/stores/user', 'luis')).json().data).toMatchObject({ id: away.id, title: 'Oficina Mexicali' });
    expect((await get('/api/stores/user')).statusCode).toBe(401);
  });

  it("lets administrators read the store of a user of their stores, and super administrators anyone's", async () => {
    expect((await get(`/api/stores/user?userId=${idOf.ana}`, 'admin')).json().data).toMatchObject({ id: home });
    const outside = await get(`/api/stores/user?userId=${idOf.luis}`, 'admin');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN_STORE', details: { storeId: away.id } });
    expect((await get(`/api/stores/user?userId=${idOf.maria}`, 'super')).json().data).toMatchObject({ id: far.id });
    const shopper = await get(`/api/stores/user?userId=${idOf.luis}`, 'ana');
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe('FORBIDDEN');
    expect((await get(`/api/stores/user?userId=${idOf.ana}`, 'ana')).statusCode).toBe(200);
    expect((await get('/api/stores/user?userId=999999', 'super')).statusCode).toBe(404);
    expect((await get('/api/stores/user?userId=0', 'super')).statusCode).toBe(400);
    expect((await get('/api/stores/user?user=1', 'super')).statusCode).toBe(400);
  });

  it('answers null for a user without a store (super administrators only)', async () => {
    const nobody = await factories(t).shopper({ storeId: null });
    expect((await get(`/api/stores/user?userId=${nobody.id}`, 'super')).json()).toEqual({ data: null });
    expect((await get(`/api/stores/user?userId=${nobody.id}`, 'admin')).statusCode).toBe(403);
  });
});

describe('an empty database (production has no demo data)', () => {
  it('is given its first office through the API, and the first employee to sign in belongs to it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-test-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'silent' });
    const { database, drop } = await freshDatabase();
    const clock = fixedClock('2026-03-02T15:00:00Z');
    const app = await buildApp({ config, database, db: database.db, clock }, { logger: false });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/stores' })).json()).toMatchObject({ data: [], totalCount: 0, totalPages: 0 });
      // The first super administrator is made by the operator (the CLI does this), then signs in.
      const [operator] = await database.db
        .insert(s.users)
        .values({ email: 'ops@empresa.test', name: 'Ops', role: Role.SuperAdmin })
        .returning();
      const { token } = await createSession(database.db, { userId: operator!.id, now: clock.now(), ttlMs: config.session.ttlMs });
      const created = await app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: as(token),
        payload: { title: 'Oficina Central', location: 'Av. Insurgentes Sur 1000, CDMX', lat: 19.37, long: -99.17 },
      });
      expect(created.statusCode).toBe(201);
      const store = created.json().data;
      expect((await app.inject({ method: 'GET', url: '/api/stores' })).json().data).toEqual([store]);
      // A new employee's first sign-in puts them in the only store.
      await signIn(app, 'nuevo@rewards.test');
      const [nuevo] = await database.db.select().from(s.users).where(eq(s.users.email, 'nuevo@rewards.test'));
      expect(nuevo!.storeId).toBe(store.id);
    } finally {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
