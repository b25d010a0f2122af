import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants, setStock } from '../../../test/invariants.ts';

/** The legacy money endpoints of docs/architecture.md P7: administrators of the store only, atomic each. */
let t: TestApp;
let make: ReturnType<typeof factories>;
const who: Record<string, string> = {};
const ids: Record<string, number> = {};
/** Products of store 1 by name, and one of Luis's store. */
const productIds: Record<'termo' | 'lampara' | 'mouse', number> = { termo: 0, lampara: 0, mouse: 0 };
let elsewhere: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  // Ana, a shopper of store 1 with 5,000 points, its administrator, a super administrator, and Luis,
  // a shopper of another store with 1,200 points.
  const other = await make.store();
  const people = {
    ana: await make.shopper({ points: 5000 }),
    admin: await make.admin(),
    super: await make.superAdmin(),
    luis: await make.shopper({ storeId: other.id, points: 1200 }),
  };
  for (const [u, made] of Object.entries(people)) {
    who[u] = made.session;
    ids[u] = made.id;
  }
  productIds.termo = (await make.product({ price: 450, stock: 30 })).id;
  productIds.lampara = (await make.product({ price: 800, stock: 10 })).id;
  productIds.mouse = (await make.product({ price: 400, stock: 10 })).id;
  elsewhere = (await make.product({ storeId: other.id, price: 300, stock: 10 })).id;
});
afterAll(() => t.close());
afterEach(async () => {
  t.clock.set('2026-03-02T15:00:00Z');
  await assertInvariants(t.db);
  const orders = await t.db.execute(sql`
    select o.id from orders o left join order_lines l on l.order_id = o.id
    group by o.id having o.total <> coalesce(sum(l.price * l.quantity), 0)`);
  expect(orders.rows).toEqual([]);
});

const product = async (name: keyof typeof productIds) =>
  (await t.db.select().from(s.products).where(eq(s.products.id, productIds[name])))[0]!;
const user = async (who_: string) => (await t.db.select().from(s.users).where(eq(s.users.id, ids[who_]!)))[0]!;
const post = (session: string, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url, headers: as(session), payload });

describe('GET /api/program', () => {
  it('shows the program year with its windows, for anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/program' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      today: '2026-03-02',
      accrual: { from: '2025-11-01', to: '2026-09-30', open: true },
      redemption: { to: '2026-10-15', open: true },
      expiresOn: '2026-10-16',
    });
    t.clock.set('2026-10-10T12:00:00Z');
    const october = (await t.app.inject({ method: 'GET', url: '/api/program' })).json().data;
    expect([october.accrual.open, october.redemption.open]).toEqual([false, true]);
  });
});

describe('POST /api/orders/orderDetail', () => {
  it('adds a line to a pending order: stock, points, total and ledger change together', async () => {
    const [termo, lamp] = [await product('termo'), await product('lampara')];
    const ana = await user('ana');
    const placed = (await post(who.ana!, '/api/orders', { lines: [{ productId: termo.id, quantity: 1 }] })).json().data;
    const res = await post(who.admin!, '/api/orders/orderDetail', {
      orderId: placed.id,
      productId: lamp.id,
      quantity: 2,
      price: lamp.price,
      stock: 999,
      categoryId: lamp.categoryId,
      userId: ana.id,
      status: 1,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.total).toBe(termo.price + lamp.price * 2);
    expect(order.lines.map((l: { productId: number; quantity: number; status: number }) => [l.productId, l.quantity, l.status])).toEqual([
      [termo.id, 1, 1],
      [lamp.id, 2, 1],
    ]);
    expect((await product('lampara')).stock).toBe(lamp.stock - 2);
    expect((await user('ana')).points).toBe(ana.points - termo.price - lamp.price * 2);

    // Cancelling refunds the whole order, the added line included.
    await post(who.admin!, `/api/orders/${placed.id}`, { status: 5 }, 'PUT');
    expect((await user('ana')).points).toBe(ana.points);
    expect((await product('lampara')).stock).toBe(lamp.stock);
  });

  it('refuses mismatches, closed orders and what the customer cannot pay, writing nothing', async () => {
    const termo = await product('termo');
    const placed = (await post(who.ana!, '/api/orders', { lines: [{ productId: termo.id, quantity: 1 }] })).json().data;
    const add = (payload: object, session = who.admin!) =>
      post(session, '/api/orders/orderDetail', { orderId: placed.id, productId: termo.id, quantity: 1, ...payload });
    const before = await t.db.select().from(s.orderLines).where(eq(s.orderLines.orderId, placed.id));

    expect((await add({ status: 2 })).json()).toMatchObject({ statusCode: 409, code: 'STATUS_MISMATCH' });
    expect((await add({ price: termo.price + 1 })).json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect((await add({ userId: 999 })).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect((await add({ quantity: 0 })).statusCode).toBe(400);
    await setStock(t.db, termo.id, 0);
    expect((await add({})).json()).toMatchObject({ statusCode: 422, code: 'STOCK_BELOW_ZERO' });
    await setStock(t.db, termo.id, termo.stock);
    const expensive = await make.product({ categoryId: termo.categoryId, name: 'Caro', price: 999_999 });
    // The administrator is told about the customer and the product, not given the shop's messages.
    expect((await add({ productId: expensive.id })).json()).toMatchObject({ statusCode: 422, code: 'CUSTOMER_NOT_ENOUGH_POINTS' });
    expect((await add({ productId: elsewhere })).json().code).toBe('PRODUCT_OTHER_STORE');

    // Shoppers never write order lines; administrators of another store neither.
    expect((await add({}, who.ana!)).statusCode).toBe(403);
    const luisOrder = (await post(who.luis!, '/api/orders', { lines: [{ productId: elsewhere, quantity: 1 }] })).json().data;
    expect(
      (await post(who.admin!, '/api/orders/orderDetail', { orderId: luisOrder.id, productId: elsewhere, quantity: 1 })).json(),
    ).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN_STORE',
    });
    expect((await post(who.admin!, '/api/orders/orderDetail', { orderId: 999_999, productId: termo.id, quantity: 1 })).statusCode).toBe(
      404,
    );

    await post(who.admin!, `/api/orders/${placed.id}`, { status: 2 }, 'PUT');
    expect((await add({})).json()).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_PENDING' });
    expect(await t.db.select().from(s.orderLines).where(eq(s.orderLines.orderId, placed.id))).toHaveLength(before.length);
  });
});

describe('PUT /api/products/', () => {
  it('takes an order line out of stock as an inventory movement, never below 0', async () => {
    const mouse = await product('mouse');
    const placed = (await post(who.ana!, '/api/orders', { lines: [{ productId: mouse.id, quantity: 1 }] })).json().data;
    const res = await post(
      who.admin!,
      '/api/products/',
      { productId: mouse.id, quantity: 2, orderId: placed.id, price: mouse.price },
      'PUT',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ productId: mouse.id, delta: -2, stockAfter: mouse.stock - 3, reason: `Order #${placed.id}` });
    expect((await product('mouse')).stock).toBe(mouse.stock - 3);

    expect((await post(who.admin!, '/api/products/', { productId: mouse.id, quantity: 10_000 }, 'PUT')).json()).toMatchObject({
      statusCode: 422,
      code: 'STOCK_BELOW_ZERO',
    });
    expect((await post(who.ana!, '/api/products/', { productId: mouse.id, quantity: 1 }, 'PUT')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/products/', payload: { productId: mouse.id, quantity: 1 } })).statusCode).toBe(
      401,
    );
    expect((await post(who.admin!, '/api/products/', { productId: elsewhere, quantity: 1 }, 'PUT')).json().code).toBe('FORBIDDEN_STORE');
    expect((await post(who.admin!, '/api/products/', { productId: mouse.id, quantity: 1, orderId: 999_999 }, 'PUT')).statusCode).toBe(404);
    expect((await post(who.admin!, '/api/products/', { productId: mouse.id, quantity: 1, color: 'red' }, 'PUT')).statusCode).toBe(400);
    expect((await product('mouse')).stock).toBe(mouse.stock - 3);
  });
});

describe('POST /api/users/points', () => {
  it('loads and adjusts points of a user of the store, answering the ledger sum', async () => {
    const ana = await user('ana');
    const load = await post(who.admin!, '/api/users/points', { userId: ana.id, value: 250, description: 'Carga manual' });
    expect(load.statusCode).toBe(200);
    expect(load.json().data).toEqual({ userId: ana.id, value: ana.points + 250 });
    const adjust = await post(who.admin!, '/api/users/points', { userId: ana.id, value: -50, description: 'Corrección' });
    expect(adjust.json().data.value).toBe(ana.points + 200);
    const rows = await t.db
      .select({ kind: s.pointTransactions.kind, value: s.pointTransactions.value })
      .from(s.pointTransactions)
      .where(and(eq(s.pointTransactions.userId, ana.id), eq(s.pointTransactions.refType, 'admin')));
    expect(rows).toEqual([
      { kind: 'load', value: 250 },
      { kind: 'adjustment', value: -50 },
    ]);
    const [sum] = (await t.db.execute(sql`select sum(value)::int as v from point_transactions where user_id = ${ana.id}`)).rows as {
      v: number;
    }[];
    expect(sum!.v).toBe(adjust.json().data.value);
  });

  it('refuses debits below 0, loads outside the accrual window, self-service and other stores', async () => {
    const [ana, luis, admin] = [await user('ana'), await user('luis'), await user('admin')];
    const send = (payload: object, session = who.admin!) => post(session, '/api/users/points', { description: 'Prueba', ...payload });
    expect((await send({ userId: ana.id, value: -(ana.points + 1) })).json()).toMatchObject({
      statusCode: 422,
      code: 'ADJUSTMENT_BELOW_ZERO',
    });
    expect((await send({ userId: ana.id, value: 0 })).statusCode).toBe(400);
    expect((await send({ userId: ana.id, value: 10 }, who.ana!)).statusCode).toBe(403);
    expect((await send({ userId: admin.id, value: 10 })).json().code).toBe('FORBIDDEN');
    expect((await send({ userId: luis.id, value: 10 })).json().code).toBe('FORBIDDEN_STORE');
    expect((await send({ userId: 999_999, value: 10 })).statusCode).toBe(404);
    expect((await send({ userId: luis.id, value: 10 }, who.super!)).statusCode).toBe(200);

    t.clock.set('2026-10-05T12:00:00Z');
    // The administrator signs in again in October.
    const { session: october } = await make.session(admin.id);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/users/points',
      headers: { ...as(october), 'accept-language': 'es' },
      payload: { userId: ana.id, value: 10, description: 'Fuera de plazo' },
    });
    expect(closed.json()).toMatchObject({
      statusCode: 422,
      code: 'ACCRUAL_CLOSED',
      message: 'No se pueden acreditar puntos fuera del periodo de acumulación',
    });
    // Adjustments (debits) are still allowed: they are not accrual.
    expect((await send({ userId: ana.id, value: -10 }, october)).statusCode).toBe(200);
    expect((await user('ana')).points).toBe(ana.points - 10);
  });
});
