import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import type { Dashboard } from '@rewards/shared/dashboard';
import { OrderStatus, Role } from '@rewards/shared/enums';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { insertCelebration } from '../../../test/celebration-rows.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { createApiToken } from '../auth/auth.service.ts';
import { createOrder, moveOrder } from '../orders/orders.service.ts';
import { runPointExpiry } from '../points/expiry.service.ts';
import { postPoints } from '../points/points.service.ts';
import { moveStock } from '../inventory/inventory.service.ts';
import { getDashboard } from './dashboard.service.ts';

/**
 * The dashboard's figures against hand-computed expectations, on a store this file builds (its own
 * users, products, recognitions, loads and orders), next to activity in a second store of its own (T)
 * that must not leak in. Program year of the test clock (UTC): 2025-11-01 to 2026-10-31.
 */
let t: TestApp;
const bearer: Record<string, Record<string, string>> = {};
let storeId: number;
/** The other store, T: a recognition load and an order of its own. */
let other: number;
const idOf: Record<string, number> = {};

const at = (iso: string) => new Date(iso);

async function token(userId: number) {
  const { token } = await createApiToken(t.db, { userId, name: 'dashboard test', now: at('2026-01-01T00:00:00Z'), days: 365 });
  return { authorization: `Bearer ${token}` };
}

type Query = Record<string, string | number | undefined>;

async function dashboard(who: string | null, query: Query = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
  ).toString();
  return t.app.inject({ method: 'GET', url: `/api/dashboard${qs ? `?${qs}` : ''}`, headers: who ? bearer[who] : {} });
}

async function figures(who: string, query: Query = {}): Promise<Dashboard> {
  const res = await dashboard(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Dashboard;
}

async function credit(userId: number, value: number, kind: 'load' | 'challenge' | 'adjustment', when: string) {
  await postPoints(t.db, {
    entries: [{ userId, value }],
    kind,
    description: `Test ${kind}`,
    descriptionKey: 'adjustment',
    descriptionValues: { reason: `Test ${kind}` },
    refType: 'test',
    now: at(when),
  });
}

/** A bulk load as the loads module writes it: the group, one entry per receiver, a ledger credit each. */
async function bulkLoad(store: number, rewardId: number, points: number, receivers: { id: number; email: string }[], when: string) {
  const [load] = await t.db
    .insert(s.loads)
    .values({
      storeId: store,
      rewardId,
      reason: 'Test load',
      points,
      receivers: receivers.length,
      totalPoints: points * receivers.length,
      createdBy: idOf.admin!,
      createdAt: at(when),
    })
    .returning();
  for (const r of receivers) {
    await credit(r.id, points, 'load', when);
    await t.db
      .insert(s.loadEntries)
      .values({ loadId: load!.id, userId: r.id, rewardId, email: r.email, points, receiverStoreId: store, createdAt: at(when) });
  }
}

async function order(userId: number, lines: { productId: number; quantity: number }[], when: string) {
  const { order } = await createOrder(t.db, { userId, input: { lines }, now: at(when), calendar: t.config.calendar, cache: t.cache });
  return order.id;
}

async function move(orderId: number, to: number[], when: string) {
  for (const status of to) await moveOrder(t.db, { orderId, to: status, actorId: idOf.admin!, now: at(when), cache: t.cache });
}

beforeAll(async () => {
  t = await createTestApp();
  const [store] = await t.db
    .insert(s.stores)
    .values({ title: 'Oficina Tablero', location: 'Calle 1, Monterrey', lat: 25.67, long: -100.31 })
    .returning();
  storeId = store!.id;
  const users = await t.db
    .insert(s.users)
    .values([
      { email: 'dash-a@dashboard.test', name: 'Alicia', storeId },
      { email: 'dash-b@dashboard.test', name: 'Bruno', storeId },
      { email: 'dash-c@dashboard.test', name: 'Carla', storeId },
      { email: 'dash-d@dashboard.test', name: 'Diego', storeId },
      { email: 'dash-admin@dashboard.test', name: 'Dana', storeId, role: Role.Admin },
    ])
    .returning();
  const [a, b, c, d, admin] = users;
  Object.assign(idOf, { a: a!.id, b: b!.id, c: c!.id, d: d!.id, admin: admin!.id });
  await t.db.insert(s.userAdminStores).values({ userId: admin!.id, storeId });
  const [category] = await t.db
    .insert(s.categories)
    .values({ storeId, title: 'Varios', slug: 'varios', description: 'Varios' })
    .returning();
  const product = async (name: string, price: number, stock: number, active = true) => {
    const [p] = await t.db
      .insert(s.products)
      .values({ storeId, categoryId: category!.id, name, slug: `dash-${name.toLowerCase()}`, description: name, price, active })
      .returning();
    if (stock > 0) await moveStock(t.db, { productId: p!.id, delta: stock, reason: 'Test stock', now: at('2025-10-01T00:00:00Z') });
    return p!.id;
  };
  idOf.taza = await product('Taza', 60, 10);
  idOf.libreta = await product('Libreta', 40, 10);
  idOf.audifonos = await product('Audifonos', 100, 3);
  idOf.gorra = await product('Gorra', 30, 5, false); // inactive: never low stock
  idOf.mochila = await product('Mochila', 200, 0);
  const rewards = await t.db
    .insert(s.rewards)
    .values([
      { storeId, code: 'collab', name: 'Colaboración', description: 'x', points: 200, frequencyLimit: 2, frequencyPeriod: 'year' as const },
      {
        storeId,
        code: 'voice',
        name: 'Voz del cliente',
        description: 'x',
        points: 50,
        frequencyLimit: 1,
        frequencyPeriod: 'month' as const,
      },
    ])
    .returning();
  idOf.collab = rewards[0]!.id;
  idOf.voice = rewards[1]!.id;

  // Store T: a shopper and an administrator of it; a super administrator.
  const make = factories(t);
  other = (await make.store({ title: 'Oficina Otra' })).id;
  const shopperT = await make.shopper({ storeId: other });
  bearer.admin = await token(admin!.id);
  bearer.otherAdmin = await token((await make.admin({ stores: [other] })).id);
  bearer.super = await token((await make.superAdmin()).id);
  bearer.shopper = await token(shopperT.id);

  const A = { id: a!.id, email: a!.email };
  const B = { id: b!.id, email: b!.email };
  // The day before the program year: counted in no figure of the year, only in C's balance.
  await credit(c!.id, 1000, 'load', '2025-10-31T23:59:59Z');
  await bulkLoad(storeId, idOf.collab, 200, [A, B], '2025-11-03T10:00:00Z');
  // D is credited, then deactivated: the points count, the user is no longer an active account.
  await credit(d!.id, 70, 'load', '2025-11-05T10:00:00Z');
  await t.db.update(s.users).set({ active: 0 }).where(eq(s.users.id, d!.id));
  await bulkLoad(storeId, idOf.voice, 50, [A], '2025-11-20T10:00:00Z');
  await credit(B.id, 150, 'challenge', '2025-12-05T10:00:00Z');
  await credit(A.id, 65, 'adjustment', '2026-01-10T10:00:00Z');
  await credit(B.id, -20, 'adjustment', '2026-01-10T11:00:00Z');
  const o1 = await order(
    A.id,
    [
      { productId: idOf.taza, quantity: 2 },
      { productId: idOf.libreta, quantity: 1 },
    ],
    '2026-02-01T10:00:00Z',
  ); // 160
  await move(o1, [OrderStatus.InProgress, OrderStatus.OnTheWay, OrderStatus.Completed], '2026-02-03T10:00:00Z');
  await order(B.id, [{ productId: idOf.taza, quantity: 1 }], '2026-02-15T10:00:00Z'); // 60, pending
  const o3 = await order(A.id, [{ productId: idOf.libreta, quantity: 3 }], '2026-02-20T10:00:00Z'); // 120, then canceled
  await move(o3, [OrderStatus.Canceled], '2026-02-21T10:00:00Z');
  const o4 = await order(B.id, [{ productId: idOf.audifonos, quantity: 1 }], '2026-03-01T10:00:00Z'); // 100
  await move(o4, [OrderStatus.InProgress], '2026-03-01T12:00:00Z');

  // Store T in the same period: a load of one of its recognitions and an order, which store S must not see.
  const otherReward = await make.recognition({ storeId: other, areaId: null, code: 'collaboration', name: 'Colaboración', points: 300 });
  await bulkLoad(other, otherReward.id, 300, [{ id: shopperT.id, email: shopperT.email }], '2025-11-10T10:00:00Z');
  const termo = await make.product({ storeId: other, name: 'Termo', price: 50, stock: 20 });
  await order(shopperT.id, [{ productId: termo.id, quantity: 4 }], '2026-02-01T10:00:00Z');
  t.clock.set('2026-03-02T15:00:00Z');
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

describe('GET /api/dashboard: the figures of a store', () => {
  it('adds up the program year of the store by SQL, as computed by hand', async () => {
    const f = await figures('admin', { storeId });
    expect(f.storeId).toBe(storeId);
    expect(f.period).toEqual({
      from: '2025-11-01',
      to: '2026-10-31',
      timeZone: 'UTC',
      programYear: { from: '2025-11-01', to: '2026-10-31' },
      bucket: 'month',
    });
    expect(f.points).toEqual({
      issued: 735, // loads 200 + 200 + 70 + 50, challenge 150, adjustment +65
      issuedByKind: { load: 520, challenge: 150, recognition: 0, celebration: 0, award: 0, adjustment: 65 },
      redeemed: 320, // orders 160 + 60 + 120 + 100, less the 120 refunded
      ordered: 440,
      refunded: 120,
      expired: 0,
      deducted: 20,
      outstanding: 1395, // A 155, B 170, C 1000 (from before the year), D 70
    });
    // What the year added to the balances: everything but C's credit of the year before.
    expect(f.points.issued - f.points.redeemed - f.points.expired - f.points.deducted).toBe(f.points.outstanding - 1000);
    expect(f.orders).toEqual({
      count: 4,
      byStatus: [
        { status: OrderStatus.Pending, count: 1, points: 60 },
        { status: OrderStatus.InProgress, count: 1, points: 100 },
        { status: OrderStatus.OnTheWay, count: 0, points: 0 },
        { status: OrderStatus.Completed, count: 1, points: 160 },
        { status: OrderStatus.Canceled, count: 1, points: 120 },
      ],
    });
    // The canceled order's three notebooks are not sales.
    expect(f.topProducts).toEqual([
      { productId: idOf.taza, storeId, name: 'Taza', nameEn: '', units: 3, points: 180 },
      { productId: idOf.audifonos, storeId, name: 'Audifonos', nameEn: '', units: 1, points: 100 },
      { productId: idOf.libreta, storeId, name: 'Libreta', nameEn: '', units: 1, points: 40 },
    ]);
    expect(f.topRecognitions).toEqual([
      { rewardId: idOf.collab, storeId, name: 'Colaboración', nameEn: '', entries: 2, points: 400 },
      { rewardId: idOf.voice, storeId, name: 'Voz del cliente', nameEn: '', entries: 1, points: 50 },
    ]);
    expect(f.loadsOverTime).toHaveLength(12);
    expect(f.loadsOverTime.slice(0, 3)).toEqual([
      { period: '2025-11-01', load: 520, challenge: 0, recognition: 0 },
      { period: '2025-12-01', load: 0, challenge: 150, recognition: 0 },
      { period: '2026-01-01', load: 0, challenge: 0, recognition: 0 },
    ]);
    expect(f.loadsOverTime.at(-1)).toEqual({ period: '2026-10-01', load: 0, challenge: 0, recognition: 0 });
    // A, B and C and the administrator are active accounts; only A and B moved points this year.
    expect(f.users).toEqual({ total: 4, active: 2 });
    expect(f.lowStock).toEqual({
      threshold: 5,
      count: 2,
      products: [
        { productId: idOf.mochila, storeId, name: 'Mochila', nameEn: '', stock: 0 },
        { productId: idOf.audifonos, storeId, name: 'Audifonos', nameEn: '', stock: 2 },
      ],
    });
  });

  it('covers any period of whole days, by week when it is short', async () => {
    const f = await figures('admin', { storeId, from: '2025-11-01', to: '2025-11-30' });
    expect(f.period).toMatchObject({ from: '2025-11-01', to: '2025-11-30', bucket: 'week' });
    // ISO weeks start on Monday: the first bucket begins before the period does.
    expect(f.loadsOverTime).toEqual([
      { period: '2025-10-27', load: 0, challenge: 0, recognition: 0 },
      { period: '2025-11-03', load: 470, challenge: 0, recognition: 0 },
      { period: '2025-11-10', load: 0, challenge: 0, recognition: 0 },
      { period: '2025-11-17', load: 50, challenge: 0, recognition: 0 },
      { period: '2025-11-24', load: 0, challenge: 0, recognition: 0 },
    ]);
    expect(f.points).toMatchObject({ issued: 520, redeemed: 0, outstanding: 1395 });
    expect(f.orders.count).toBe(0);
    expect(f.orders.byStatus.map((x) => x.count)).toEqual([0, 0, 0, 0, 0]);
    expect(f.topProducts).toEqual([]);
    expect(f.topRecognitions.map((r) => [r.name, r.entries])).toEqual([
      ['Colaboración', 2],
      ['Voz del cliente', 1],
    ]);
    // One day: only the first bulk load.
    const day = await figures('admin', { storeId, from: '2025-11-03', to: '2025-11-03' });
    expect(day.points.issuedByKind.load).toBe(400);
    expect(day.users.active).toBe(2);
    expect(day.loadsOverTime).toEqual([{ period: '2025-11-03', load: 400, challenge: 0, recognition: 0 }]);
  });

  it('refuses a period that is reversed, too long or outside the accepted dates', async () => {
    const refused: Query[] = [
      { storeId, from: '2026-02-01', to: '2026-01-31' },
      { storeId, from: '2027-01-01' }, // after the end of the program year it defaults to
      { storeId, from: '2024-01-01', to: '2026-01-02' },
      { storeId, from: '1999-12-31' },
      { storeId, from: '2026-02-30' },
      { storeId, extra: 1 },
      { storeId: 0 },
      { storeId: 'x' },
    ];
    for (const query of refused) {
      const res = await dashboard('admin', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    // Two program years is the longest period.
    expect((await dashboard('admin', { storeId, from: '2024-11-01', to: '2026-10-31' })).statusCode).toBe(200);
  });
});

describe('GET /api/dashboard: who sees which store', () => {
  it('answers only administrators of the store: 401 signed out, 403 shopper, 403 another store', async () => {
    const anonymous = await dashboard(null, { storeId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const shopper = await dashboard('shopper', { storeId: other });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe('FORBIDDEN');
    // The administrator of store T and the administrator of store S, each at the other's store.
    for (const [who, store] of [
      ['otherAdmin', storeId],
      ['admin', other],
    ] as const) {
      const res = await dashboard(who, { storeId: store });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN_STORE', details: { storeId: store } });
    }
    // Every store is for super administrators: an administrator names the store.
    const all = await dashboard('admin');
    expect(all.statusCode).toBe(400);
    expect(all.json().details).toEqual([expect.objectContaining({ field: 'querystring.storeId' })]);
    // A super administrator may name any store, but it must exist.
    expect((await dashboard('super', { storeId })).statusCode).toBe(200);
    expect((await dashboard('super', { storeId: 999_999 })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'querystring.storeId' }],
    });
  });

  it('store T sees its own activity and none of store S', async () => {
    const f = await figures('otherAdmin', { storeId: other });
    expect(f.topRecognitions).toEqual([expect.objectContaining({ storeId: other, name: 'Colaboración', entries: 1, points: 300 })]);
    expect(f.orders.byStatus[0]).toMatchObject({ status: OrderStatus.Pending, count: 1 });
    expect(f.topProducts).toEqual([expect.objectContaining({ storeId: other, name: 'Termo', units: 4 })]);
    expect(f.lowStock.products.every((p) => p.storeId === other)).toBe(true);
  });

  it('gives a super administrator every store: the sum of the stores, each figure', async () => {
    const all = await figures('super');
    expect(all.storeId).toBeNull();
    const stores = await t.db.select({ id: s.stores.id }).from(s.stores);
    // Every user has a store here, so the stores add up to the whole.
    expect(await t.db.$count(s.users, isNull(s.users.storeId))).toBe(0);
    const each = await Promise.all(stores.map((st) => figures('super', { storeId: st.id })));
    const sum = (pick: (f: Dashboard) => number) => each.reduce((n, f) => n + pick(f), 0);
    for (const key of ['issued', 'redeemed', 'ordered', 'refunded', 'expired', 'deducted', 'outstanding'] as const)
      expect(all.points[key], key).toBe(sum((f) => f.points[key]));
    expect(all.orders.count).toBe(sum((f) => f.orders.count));
    all.orders.byStatus.forEach((row, i) => expect(row.count).toBe(sum((f) => f.orders.byStatus[i]!.count)));
    expect(all.users).toEqual({ total: sum((f) => f.users.total), active: sum((f) => f.users.active) });
    expect(all.lowStock.count).toBe(sum((f) => f.lowStock.count));
    all.loadsOverTime.forEach((row, i) => expect(row.load).toBe(sum((f) => f.loadsOverTime[i]!.load)));
    // Top lists across stores: store T's four thermoses first, then store S's three mugs.
    expect(all.topProducts.slice(0, 2).map((p) => [p.storeId, p.units])).toEqual([
      [other, 4],
      [storeId, 3],
    ]);
    // By entries, then points: store S's two collaborations, store T's one (300), store S's voice (50).
    expect(all.topRecognitions.map((r) => [r.storeId, r.entries, r.points])).toEqual([
      [storeId, 2, 400],
      [other, 1, 300],
      [storeId, 1, 50],
    ]);
  });
});

describe('GET /api/dashboard: peer recognition', () => {
  it('counts what colleagues gave as issued points of kind recognition, by week, with the tiles of the period', async () => {
    const make = factories(t);
    const store = (await make.store({ title: 'Oficina Reconoce' })).id;
    const admin = await make.admin({ stores: [store] });
    const [a, b, c] = [
      await make.shopper({ storeId: store }),
      await make.shopper({ storeId: store }),
      await make.shopper({ storeId: store }),
    ];
    await make.shopper({ storeId: store });
    await make.storeAccount({ storeId: store });
    const outsider = await make.shopper({ storeId: other });
    const send = (u: typeof a, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: u.headers, payload });
    const message = 'Gracias por todo el apoyo de esta semana';
    // Two recipients of 20 each (40), one of 15, an add-on of 5 to both of the first (10); from store T, 30 to A.
    const first = await send(a, '/api/recognitions', { recipients: [b.id, c.id], points: 20, message });
    expect(first.statusCode, first.body).toBe(201);
    expect((await send(b, '/api/recognitions', { recipients: [a.id], points: 15, message })).statusCode).toBe(201);
    const addon = await send(outsider, `/api/recognitions/${first.json().data.id}/addons`, { points: 5 });
    expect(addon.statusCode, addon.body).toBe(201);
    expect((await send(outsider, '/api/recognitions', { recipients: [a.id], points: 30, message })).statusCode).toBe(201);
    // The company's celebrations of C (docs/architecture.md A6.17), in the feed and in private, are nobody's
    // give: their points are issued points of their own kind.
    await insertCelebration(t.db, { userId: c.id, kind: 'birthday', points: 50, onDate: '2026-03-02', at: '2026-03-02T15:00:00Z' });
    const welcome = { kind: 'welcome', points: 100, onDate: '2026-03-02', at: '2026-03-02T15:00:00Z', choice: 'private' } as const;
    await insertCelebration(t.db, { userId: c.id, ...welcome });
    // A company-funded award of 40 to C from the store's budget (A6.19): issued points of kind award, no give.
    const budget = await t.app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: admin.headers,
      payload: { scope: 'store', storeId: store, amount: 1000, period: 'none' },
    });
    expect(budget.statusCode, budget.body).toBe(201);
    const award = await t.app.inject({
      method: 'POST',
      url: '/api/awards',
      headers: { ...admin.headers, 'idempotency-key': 'dashboard-award-1' },
      payload: { recipients: [c.id], points: 40, message, budgetId: budget.json().data.id },
    });
    expect(award.statusCode, award.body).toBe(201);

    const f = await figures('super', { storeId: store, from: '2026-03-01', to: '2026-03-31' });
    // Received by the store's people: 20 + 20 + 15 + 5 + 5 + 30 from colleagues, 50 + 100 and an award of 40 from the company.
    expect(f.points.issuedByKind).toEqual({ load: 0, challenge: 0, recognition: 95, celebration: 150, award: 40, adjustment: 0 });
    expect(f.points.issued).toBe(285);
    expect(f.loadsOverTime.find((r) => r.period === '2026-03-02')).toEqual({
      period: '2026-03-02',
      load: 0,
      challenge: 0,
      recognition: 95,
    });
    // Given by its people: A and B of its five active people (four shoppers and its administrator, not the store account).
    expect(f.peer).toEqual({ people: 5, givers: 2, giverShare: 0.4, recognitions: 2, addons: 0, points: 55 });
    const fromT = await figures('super', { storeId: other, from: '2026-03-01', to: '2026-03-31' });
    expect(fromT.peer).toMatchObject({ givers: 1, recognitions: 1, addons: 1, points: 40 });
  });
});

describe('GET /api/dashboard: expiry and the program time zone', () => {
  it('counts the yearly expiry as expired and leaves nothing outstanding', async () => {
    expect((await runPointExpiry(t.db, at('2026-10-16T12:00:00Z'), t.config.calendar)).ran).toBe(true);
    t.clock.set('2026-10-20T12:00:00Z');
    const f = await figures('admin', { storeId });
    expect(f.points).toMatchObject({ issued: 735, redeemed: 320, expired: 1395, deducted: 20, outstanding: 0 });
    expect(f.points.issued - f.points.redeemed - f.points.expired - f.points.deducted).toBe(f.points.outstanding - 1000);
    // The expiry is not activity: C is still not an active user.
    expect(f.users).toEqual({ total: 4, active: 2 });
  });

  it('reads days in the program time zone', async () => {
    // 1 Nov 2026 03:00 UTC is still 31 Oct in Mexico City: the old program year there, the new one in UTC.
    await credit(idOf.b!, 40, 'load', '2026-11-01T03:00:00Z');
    const utc = await figures('admin', { storeId });
    expect(utc.points.issuedByKind.load).toBe(520);
    const mexico = await getDashboard(t.db, {
      storeId,
      now: t.clock.now(),
      rules: { ...t.config.calendar, timeZone: 'America/Mexico_City' },
    });
    expect(mexico.period).toMatchObject({ from: '2025-11-01', to: '2026-10-31', timeZone: 'America/Mexico_City' });
    expect(mexico.points.issuedByKind.load).toBe(560);
    expect(mexico.loadsOverTime.at(-1)).toEqual({ period: '2026-10-01', load: 40, challenge: 0, recognition: 0 });
    t.clock.set('2026-11-02T12:00:00Z');
    const next = await figures('admin', { storeId });
    expect(next.period.programYear).toEqual({ from: '2026-11-01', to: '2027-10-31' });
    expect(next.points).toMatchObject({ issued: 40, redeemed: 0, expired: 0, outstanding: 40 });
    expect(next.users).toEqual({ total: 4, active: 1 });
    expect(next.orders.count).toBe(0);
  });
});
