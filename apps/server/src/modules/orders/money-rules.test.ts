import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { INT32_MAX } from '@rewards/shared/common';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, multipart, png, signIn, type TestApp } from '../../../test/harness.ts';
import { assertInvariants, setStock } from '../../../test/invariants.ts';
import { createApiToken } from '../auth/auth.service.ts';
import { postPoints } from '../points/points.service.ts';

/**
 * Money rules (docs/architecture.md A6.3-A6.5): the per-product cap, one "orderable" rule, one owner of stock, sums that
 * never overflow, and an Idempotency-Key bound to its request. Each test builds its own data.
 */
let t: TestApp;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['ana', 'admin']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

let seq = 0;
type Headers = Record<string, string>;

/** A shopper of store 1 with a ledger-backed balance and an API token. */
async function makeShopper(points: number): Promise<{ id: number; headers: Headers }> {
  const n = ++seq;
  const [u] = await t.db
    .insert(s.users)
    .values({ email: `money-${n}@rewards.test`, name: `Money ${n}`, storeId: 1, points })
    .returning();
  if (points > 0) await t.db.insert(s.pointTransactions).values({ userId: u!.id, value: points, kind: 'load', description: 'Test load' });
  const { token } = await createApiToken(t.db, { userId: u!.id, name: 'test', now: t.clock.now() });
  return { id: u!.id, headers: { authorization: `Bearer ${token}` } };
}

async function makeCategory(storeId = 1) {
  const n = ++seq;
  const [c] = await t.db
    .insert(s.categories)
    .values({ storeId, title: `Money ${n}`, slug: `money-${n}`, description: 'Test category' })
    .returning();
  return c!;
}

/** A product; its stock goes in through the stock ledger like any other. */
async function makeProduct(p: { categoryId: number; price?: number; stock?: number; storeId?: number }) {
  const n = ++seq;
  const [row] = await t.db
    .insert(s.products)
    .values({
      storeId: p.storeId ?? 1,
      categoryId: p.categoryId,
      name: `Money product ${n}`,
      slug: `money-product-${n}`,
      description: 'Test product',
      price: p.price ?? 100,
    })
    .returning();
  if (p.stock) await setStock(t.db, row!.id, p.stock);
  return (await t.db.select().from(s.products).where(eq(s.products.id, row!.id)))[0]!;
}

const order = (headers: Headers, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const adminPost = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url, headers: as(who.admin), payload });
const stockOf = async (id: number) => (await t.db.select({ v: s.products.stock }).from(s.products).where(eq(s.products.id, id)))[0]!.v;
const pointsOf = async (id: number) => (await t.db.select({ v: s.users.points }).from(s.users).where(eq(s.users.id, id)))[0]!.v;
const lastMovement = async (productId: number) =>
  (
    await t.db
      .select()
      .from(s.inventoryMovements)
      .where(eq(s.inventoryMovements.productId, productId))
      .orderBy(desc(s.inventoryMovements.id))
      .limit(1)
  )[0]!;

describe('the cap of 5 per product', () => {
  it('refuses a product repeated over several lines (400 naming the line) instead of adding them up', async () => {
    const category = await makeCategory();
    const product = await makeProduct({ categoryId: category.id, price: 10, stock: 50 });
    const buyer = await makeShopper(10_000);
    const line = { productId: product.id, quantity: 5 };
    const res = await order(buyer.headers, { lines: [line, line, line] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['body.lines.1.productId', 'body.lines.2.productId']);
    expect(await stockOf(product.id)).toBe(50);
    expect(await pointsOf(buyer.id)).toBe(10_000);
    // The number of lines is bounded too.
    const many = Array.from({ length: 51 }, (_, i) => ({ productId: 1_000_000 + i, quantity: 1 }));
    expect((await order(buyer.headers, { lines: many })).statusCode).toBe(400);
    // One line of 5 is fine.
    expect((await order(buyer.headers, { lines: [line] })).statusCode).toBe(201);
  });
});

describe('one rule for "orderable": product active, category active, the user\'s store', () => {
  it('a product of a deactivated category is 404 in the shop, the cart, the wishlist, orders and orderDetail', async () => {
    const category = await makeCategory();
    const product = await makeProduct({ categoryId: category.id, price: 100, stock: 20 });
    const buyer = await makeShopper(5_000);
    const cheap = await makeProduct({ categoryId: (await makeCategory()).id, price: 10, stock: 20 });
    const placed = (await order(buyer.headers, { lines: [{ productId: cheap.id, quantity: 1 }] })).json().data;
    // In the cart while the category is still active.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/shoppingCart/', headers: buyer.headers, payload: { productId: product.id } }))
        .statusCode,
    ).toBe(201);
    await t.db.update(s.categories).set({ active: false }).where(eq(s.categories.id, category.id));

    expect((await t.app.inject({ method: 'GET', url: `/api/products/slug/${product.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/stock/${product.id}/1` })).statusCode).toBe(404);
    // Ordering it by id, from the cart or by hand.
    const fromCart = await order(buyer.headers, { fromCart: true });
    expect(fromCart.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', details: { productId: product.id } });
    const byId = await order(buyer.headers, { lines: [{ productId: product.id, quantity: 1 }] });
    expect(byId.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', details: { productId: product.id } });
    // Loading the cart drops the line, with its warning.
    const cart = (await t.app.inject({ method: 'GET', url: '/api/shoppingCart/', headers: buyer.headers })).json();
    expect(cart.data).toEqual([]);
    expect(cart.warnings).toEqual([{ code: 'REMOVED_NO_STOCK', productId: product.id, name: product.name, nameEn: '' }]);
    const cartAdd = await t.app.inject({
      method: 'POST',
      url: '/api/shoppingCart/',
      headers: buyer.headers,
      payload: { productId: product.id },
    });
    expect(cartAdd.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const wish = await t.app.inject({ method: 'POST', url: '/api/wishlists/', headers: buyer.headers, payload: { productId: product.id } });
    expect(wish.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const detail = await adminPost('/api/orders/orderDetail', { orderId: placed.id, productId: product.id, quantity: 1 });
    expect(detail.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(await stockOf(product.id)).toBe(20);
    expect(await pointsOf(buyer.id)).toBe(5_000 - 10);

    // Active again: orderable again, everywhere.
    await t.db.update(s.categories).set({ active: true }).where(eq(s.categories.id, category.id));
    expect((await order(buyer.headers, { lines: [{ productId: product.id, quantity: 1 }] })).statusCode).toBe(201);
    expect((await adminPost('/api/orders/orderDetail', { orderId: placed.id, productId: product.id, quantity: 1 })).statusCode).toBe(201);
  });

  it('a cart line of another store is dropped on load (the user moved to another office)', async () => {
    const buyer = await makeShopper(1_000);
    const product = await makeProduct({ categoryId: (await makeCategory()).id, stock: 5 });
    await t.app.inject({ method: 'POST', url: '/api/shoppingCart/', headers: buyer.headers, payload: { productId: product.id } });
    await t.db.update(s.users).set({ storeId: 2 }).where(eq(s.users.id, buyer.id));
    const cart = (await t.app.inject({ method: 'GET', url: '/api/shoppingCart/', headers: buyer.headers })).json();
    expect(cart.data).toEqual([]);
    expect(cart.warnings.map((w: { productId: number }) => w.productId)).toEqual([product.id]);
  });
});

describe('stock has one owner: every change is a movement', () => {
  it('orders, cancellations, orderDetail, the legacy stock-out, restocks, product creation and edits all keep stock = SUM(movements)', async () => {
    await assertInvariants(t.db); // the demo seed
    const category = await makeCategory();
    const product = await makeProduct({ categoryId: category.id, price: 10, stock: 30 });
    const buyer = await makeShopper(5_000);

    const placed = (await order(buyer.headers, { lines: [{ productId: product.id, quantity: 3 }] })).json().data;
    expect(await lastMovement(product.id)).toMatchObject({ delta: -3, stockAfter: 27, reason: `Order #${placed.id}`, createdBy: buyer.id });
    await assertInvariants(t.db);

    const added = await adminPost('/api/orders/orderDetail', { orderId: placed.id, productId: product.id, quantity: 2 });
    expect(added.statusCode).toBe(201);
    expect(await lastMovement(product.id)).toMatchObject({ delta: -2, stockAfter: 25, reason: `Order #${placed.id}` });
    await assertInvariants(t.db);

    expect((await adminPost(`/api/orders/${placed.id}`, { status: 5 }, 'PUT')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(30);
    const restocked = await t.db
      .select()
      .from(s.inventoryMovements)
      .where(and(eq(s.inventoryMovements.productId, product.id), eq(s.inventoryMovements.reason, `Order #${placed.id} canceled`)));
    expect(restocked.map((m) => m.delta).sort()).toEqual([2, 3]);
    await assertInvariants(t.db);

    expect((await adminPost('/api/products/', { productId: product.id, quantity: 4 }, 'PUT')).statusCode).toBe(200);
    expect((await adminPost('/api/inventory', { productId: product.id, delta: 9, reason: 'Reposición' })).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(35);
    await assertInvariants(t.db);

    // Product creation with an initial stock, then an edit that changes it.
    const form = await multipart(
      { name: 'Money grinder', description: 'A grinder for the money tests.', categoryId: category.id, price: 100, stock: 6, storeId: 1 },
      [{ field: 'pictures', name: 'a.png', data: await png(), type: 'image/png' }],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...as(who.admin), ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const createdId = created.json().data.id;
    expect(await lastMovement(createdId)).toMatchObject({ delta: 6, stockAfter: 6 });
    const edit = await multipart({ stock: 2 });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/image/${createdId}`,
      headers: { ...as(who.admin), ...edit.headers },
      payload: edit.payload,
    });
    expect(edited.json().data.stock).toBe(2);
    expect(await lastMovement(createdId)).toMatchObject({ delta: -4, stockAfter: 2 });
  });
});

describe('sums past int32 answer 422, never 500', () => {
  it('an order whose total passes int32 (many lines of a 10,000,000-point product) is NOT_ENOUGH_POINTS', async () => {
    const category = await makeCategory();
    const products = [];
    for (let i = 0; i < 50; i++) products.push(await makeProduct({ categoryId: category.id, price: 10_000_000, stock: 5 }));
    const buyer = await makeShopper(1_000_000);
    const res = await order(buyer.headers, { lines: products.map((p) => ({ productId: p.id, quantity: 5 })) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'NOT_ENOUGH_POINTS', details: { total: 2_500_000_000, balance: 1_000_000 } });
    expect(await stockOf(products[0]!.id)).toBe(5);
  });

  it('orderDetail adding 1000 of an expensive product is CUSTOMER_NOT_ENOUGH_POINTS; an order total past int32 is AMOUNT_TOO_LARGE', async () => {
    const category = await makeCategory();
    const cheap = await makeProduct({ categoryId: category.id, price: 1, stock: 10 });
    const expensive = await makeProduct({ categoryId: category.id, price: 10_000_000, stock: 1000 });
    const buyer = await makeShopper(5_000);
    const placed = (await order(buyer.headers, { lines: [{ productId: cheap.id, quantity: 1 }] })).json().data;
    const thousand = await adminPost('/api/orders/orderDetail', { orderId: placed.id, productId: expensive.id, quantity: 1000 });
    expect(thousand.statusCode).toBe(422);
    expect(thousand.json()).toMatchObject({ code: 'CUSTOMER_NOT_ENOUGH_POINTS', details: { total: 10_000_000_000, balance: 4_999 } });

    // A customer with the largest balance there is: 210 x 10,000,000 fits, and after a new load the
    // order's total would pass int32.
    const rich = await makeShopper(INT32_MAX);
    const lines = [];
    for (let i = 0; i < 42; i++)
      lines.push({ productId: (await makeProduct({ categoryId: category.id, price: 10_000_000, stock: 5 })).id, quantity: 5 });
    const big = await order(rich.headers, { lines });
    expect(big.statusCode).toBe(201);
    expect(big.json().data.total).toBe(2_100_000_000);
    await postPoints(t.db, {
      entries: [{ userId: rich.id, value: 100_000_000 }],
      kind: 'load',
      description: 'Test load',
      descriptionKey: 'adjustment',
      descriptionValues: { reason: 'Test load' },
      now: t.clock.now(),
    });
    const past = await adminPost('/api/orders/orderDetail', { orderId: big.json().data.id, productId: expensive.id, quantity: 5 });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ code: 'AMOUNT_TOO_LARGE', message: 'La cantidad es demasiado grande' });
    expect(await pointsOf(rich.id)).toBe(INT32_MAX - 2_100_000_000 + 100_000_000);
    expect(await stockOf(expensive.id)).toBe(1000);
  });

  it('a restock that would take stock past int32 is AMOUNT_TOO_LARGE and writes nothing', async () => {
    const product = await makeProduct({ categoryId: (await makeCategory()).id, stock: INT32_MAX - 10 });
    const moves = await t.db.$count(s.inventoryMovements);
    const res = await adminPost('/api/inventory', { productId: product.id, delta: 1_000, reason: 'Reposición enorme' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'AMOUNT_TOO_LARGE', details: { productId: product.id } });
    expect(await stockOf(product.id)).toBe(INT32_MAX - 10);
    expect(await t.db.$count(s.inventoryMovements)).toBe(moves);
    expect((await adminPost('/api/inventory', { productId: product.id, delta: 10, reason: 'Hasta el tope' })).statusCode).toBe(201);
  });

  it('a credit that would take a balance past int32 is AMOUNT_TOO_LARGE and writes nothing', async () => {
    const user = await makeShopper(INT32_MAX - 10);
    const transactions = await t.db.$count(s.pointTransactions);
    const res = await adminPost('/api/users/points', { userId: user.id, value: 1_000, description: 'Carga enorme' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'AMOUNT_TOO_LARGE', message: 'La cantidad es demasiado grande' });
    expect(await pointsOf(user.id)).toBe(INT32_MAX - 10);
    expect(await t.db.$count(s.pointTransactions)).toBe(transactions);
    expect((await adminPost('/api/users/points', { userId: user.id, value: 10, description: 'Hasta el tope' })).statusCode).toBe(200);
    expect(await pointsOf(user.id)).toBe(INT32_MAX);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first order for the same request, and refuses a different request with IDEMPOTENCY_KEY_REUSED', async () => {
    const category = await makeCategory();
    const [a, b] = [await makeProduct({ categoryId: category.id, stock: 10 }), await makeProduct({ categoryId: category.id, stock: 10 })];
    const buyer = await makeShopper(5_000);
    const lines = [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 2 },
    ];
    const first = await order(buyer.headers, { lines }, 'key-money-0001');
    expect(first.statusCode).toBe(201);
    // The same request (lines in another order) replays the first order.
    const again = await order(buyer.headers, { lines: [...lines].reverse() }, 'key-money-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    // Another request with that key is refused, and writes nothing.
    for (const payload of [{ lines: [{ productId: a.id, quantity: 3 }] }, { lines: [lines[0]] }, { fromCart: true }]) {
      const res = await order({ ...buyer.headers, 'accept-language': 'en' }, payload, 'key-money-0001');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different request',
      });
    }
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([9, 8]);
    expect(await pointsOf(buyer.id)).toBe(5_000 - a.price - 2 * b.price);
    // A new key is a new order.
    expect((await order(buyer.headers, { lines: [{ productId: a.id, quantity: 3 }] }, 'key-money-0002')).statusCode).toBe(201);
  });
});
