import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants, setStock } from '../../../test/invariants.ts';
import { createApiToken } from '../auth/auth.service.ts';

/** The file's catalogue in store 1: price and opening stock of each product. */
const catalogue = {
  termo: { price: 450, stock: 30 },
  lampara: { price: 800, stock: 10 },
  mouse: { price: 400, stock: 10 },
  maleta: { price: 1500, stock: 5 },
  gorra: { price: 300, stock: 60 },
  balon: { price: 600, stock: 30 },
  libreta: { price: 350, stock: 40 },
  taza: { price: 200, stock: 30 },
  hamaca: { price: 900, stock: 10 },
};
type Item = keyof typeof catalogue;

let t: TestApp;
let make: ReturnType<typeof factories>;
const who: Record<string, string> = {};
let anaId: number;
const productIds = {} as Record<Item, number>;
/** Another store than the shoppers', and a product of it. */
let otherStore: number;
let elsewhere: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  // Ana, a shopper of store 1 with 5,000 points; its administrator; Luis, a shopper of another store.
  const other = await make.store();
  otherStore = other.id;
  const ana = await make.shopper({ points: 5000 });
  anaId = ana.id;
  who.ana = ana.session;
  who.admin = (await make.admin()).session;
  who.luis = (await make.shopper({ storeId: other.id, points: 1000 })).session;
  for (const [item, { price, stock }] of Object.entries(catalogue)) productIds[item as Item] = (await make.product({ price, stock })).id;
  elsewhere = (await make.product({ storeId: other.id, stock: 5 })).id;
});
afterAll(() => t.close());

afterEach(() => assertInvariants(t.db));

const product = async (item: Item) => (await t.db.select().from(s.products).where(eq(s.products.id, productIds[item])))[0]!;
const user = async (id: number) => (await t.db.select().from(s.users).where(eq(s.users.id, id)))[0]!;
const order = (who_: string | Record<string, string>, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...(typeof who_ === 'string' ? as(who[who_]) : who_), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

/** A shopper of store 1 with a ledger-backed balance and an API token. */
async function shopper(n: string, points: number): Promise<Record<string, string>> {
  const u = await make.shopper({ points, name: `Buyer ${n}`, lastName: null, email: `buyer-${n}@factory.test` });
  // Tokens expire (90 days by default): this one must outlive the tests that move the clock to October.
  const { token } = await createApiToken(t.db, { userId: u.id, name: 'test', now: t.clock.now(), days: 365 });
  return { authorization: `Bearer ${token}` };
}

describe('cart', () => {
  it('adds with the cart rules and adjusts lines on load', async () => {
    const termo = await product('termo');
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/shoppingCart/', headers: as(who.ana), payload });
    const added = await add({ productId: termo.id, quantity: 9, userId: 999 });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.quantity).toBe(5); // capped at 5
    expect((await add({ productId: termo.id })).json().code).toBe('ALREADY_IN_CART');
    expect((await add({ productId: elsewhere })).json().code).toBe('NOT_AVAILABLE_IN_STORE');
    const lamp = await product('lampara');
    await add({ productId: lamp.id, quantity: 3 });
    const mouse = await product('mouse');
    await add({ productId: mouse.id, quantity: 2 });
    await setStock(t.db, mouse.id, 0);
    await setStock(t.db, lamp.id, 2);
    expect((await add({ productId: mouse.id })).json().code).toBe('OUT_OF_STOCK');
    const cart = (await t.app.inject({ method: 'GET', url: '/api/shoppingCart/', headers: as(who.ana) })).json();
    expect(cart.warnings).toEqual([
      { code: 'QUANTITY_LOWERED', productId: lamp.id, name: lamp.name, nameEn: '' },
      { code: 'REMOVED_NO_STOCK', productId: mouse.id, name: mouse.name, nameEn: '' },
    ]);
    expect(cart.data.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [termo.id, 5],
      [lamp.id, 2],
    ]);
    expect(cart.total).toBe(termo.price * 5 + lamp.price * 2);
    expect((await t.app.inject({ method: 'GET', url: '/api/shoppingCart/', headers: as(who.luis) })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/shoppingCart/', payload: { productId: termo.id } })).statusCode).toBe(401);
  });
});

describe('orders', () => {
  it('places an order from the cart: points, stock, ledger, lines, tracking and cart change together', async () => {
    const ana = await user(anaId);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/shoppingCart/', headers: as(who.ana) })).json();
    const termoBefore = await product('termo');
    const res = await order('ana', { fromCart: true });
    expect(res.statusCode).toBe(201);
    const placed = res.json().data;
    expect(placed).toMatchObject({ status: 1, total: cart.total, userId: ana.id });
    expect(placed.lines).toHaveLength(2);
    expect(placed.tracking.map((x: { status: number }) => x.status)).toEqual([1]);
    expect((await user(anaId)).points).toBe(ana.points - cart.total);
    expect((await product('termo')).stock).toBe(termoBefore.stock - 5);
    const [tx] = await t.db.select().from(s.pointTransactions).where(eq(s.pointTransactions.refId, placed.id));
    expect(tx).toMatchObject({ value: -cart.total, kind: 'order', description: `Order #${placed.id}` });
    expect((await t.app.inject({ method: 'GET', url: '/api/shoppingCart/', headers: as(who.ana) })).json().data).toEqual([]);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/orders/user', headers: as(who.ana) })).json();
    expect(mine.data[0].id).toBe(placed.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/detail/${placed.id}`, headers: as(who.luis) })).statusCode).toBe(404);
  });

  it('refuses too few points with NOT_ENOUGH_POINTS and writes nothing', async () => {
    const buyer = await shopper('poor', 100);
    const maleta = await product('maleta');
    const before = await t.db.$count(s.orders);
    const res = await order(buyer, { lines: [{ productId: maleta.id, quantity: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'NOT_ENOUGH_POINTS', message: 'No tienes suficientes puntos para realizar esta compra' });
    expect(await t.db.$count(s.orders)).toBe(before);
    expect((await product('maleta')).stock).toBe(maleta.stock);
  });

  it('shows the new availability on the product page at once after an order and a cancellation', async () => {
    const buyer = await shopper('viewer', 3000);
    const gorra = await product('gorra');
    const stockOnPage = async () => (await t.app.inject({ method: 'GET', url: `/api/products/slug/${gorra.slug}` })).json().data.stock;
    expect(await stockOnPage()).toBe(gorra.stock); // now cached
    const placed = (await order(buyer, { lines: [{ productId: gorra.id, quantity: 2 }] })).json().data;
    expect(await stockOnPage()).toBe(gorra.stock - 2);
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/orders/${placed.id}`, headers: as(who.admin), payload: { status: 5 } });
    expect(cancel.json().data?.status, cancel.body).toBe(5);
    expect((await product('gorra')).stock).toBe(gorra.stock);
    expect(await stockOnPage()).toBe(gorra.stock);
  });

  it('replays the first order for the same Idempotency-Key', async () => {
    const buyer = await shopper('retry', 2000);
    const gorra = await product('gorra');
    const first = await order(buyer, { lines: [{ productId: gorra.id, quantity: 1 }] }, 'key-0001-retry');
    const again = await order(buyer, { lines: [{ productId: gorra.id, quantity: 1 }] }, 'key-0001-retry');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await product('gorra')).stock).toBe(gorra.stock - 1);
  });

  it('moves through the allowed states; cancel refunds and restocks; lines follow; bad moves are 409', async () => {
    const buyer = await shopper('mover', 3000);
    const balon = await product('balon');
    const placed = (await order(buyer, { lines: [{ productId: balon.id, quantity: 2 }] })).json().data;
    const move = (status: number, u = 'admin') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/orders/${placed.id}`,
        headers: as(who[u]),
        payload: { status, cause: 'test', comment: 'ok' },
      });
    expect((await move(2, 'ana')).statusCode).toBe(403);
    expect((await move(4)).json()).toMatchObject({ statusCode: 409, code: 'INVALID_STATUS_MOVE' });
    const approved = (await move(2)).json().data;
    expect(approved.status).toBe(2);
    expect(approved.lines.every((l: { status: number }) => l.status === 2)).toBe(true);
    const [mail] = await t.db
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.kind, 'orderApproved'), eq(s.emailOutbox.refId, placed.id)));
    // Queued for the customer; rendered in their language when sent (modules/mail).
    expect(mail).toMatchObject({ userId: placed.userId, status: 'pending' });
    const canceled = (await move(5)).json().data;
    expect(canceled.tracking.map((x: { status: number }) => x.status)).toEqual([1, 2, 5]);
    expect((await product('balon')).stock).toBe(balon.stock);
    expect((await move(3)).statusCode).toBe(409);
    // The buyer (and only the buyer) is told of each move of this order: approved, then canceled.
    const notes = await t.db
      .select({ userId: s.notifications.userId, description: s.notifications.description, url: s.notifications.url })
      .from(s.notifications)
      .where(and(eq(s.notifications.itemType, 'ordersUpdate'), like(s.notifications.description, `Order #${placed.id}:%`)))
      .orderBy(asc(s.notifications.id));
    expect(notes).toEqual([
      { userId: placed.userId, description: `Order #${placed.id}: status 2`, url: '/myOrders' },
      { userId: placed.userId, description: `Order #${placed.id}: status 5`, url: '/myOrders' },
    ]);
  });

  it('lists orders for administrators of the store, with status, customer, store and date filters', async () => {
    const buyer = await shopper('filter', 2000);
    const gorra = await product('gorra');
    const placed = (await order(buyer, { lines: [{ productId: gorra.id, quantity: 1 }] })).json().data;
    expect(placed.customer).toEqual({ name: 'Buyer filter', email: 'buyer-filter@factory.test' });
    const list = async (query: string, u = 'admin') =>
      (await t.app.inject({ method: 'GET', url: `/api/orders/?${query}`, headers: as(who[u]) })).json();
    const found = await list('search=BUYER-FILTER&status=1');
    expect(found.data.map((o: { id: number }) => o.id)).toEqual([placed.id]);
    expect(found.data[0].customer.email).toBe('buyer-filter@factory.test');
    expect((await list('search=nobody%25here')).data).toEqual([]);
    expect((await list('search=buyer-filter&status=2')).data).toEqual([]);
    // The test clock is 2 Mar 2026 15:00 UTC.
    expect((await list('search=buyer-filter&from=2026-03-02&to=2026-03-02')).totalCount).toBe(1);
    expect((await list('search=buyer-filter&from=2026-03-03')).totalCount).toBe(0);
    expect((await list(`storeId=${otherStore}`)).code).toBe('FORBIDDEN_STORE');
    expect((await list('status=1', 'ana')).statusCode).toBe(403);
    expect((await list('color=red')).statusCode).toBe(400);
  });

  it('buys again: a past order goes back into the cart with the cart rules, only for its customer', async () => {
    const buyer = await shopper('again', 5000);
    const [libreta, termo] = [await product('libreta'), await product('termo')];
    const placed = (
      await order(buyer, {
        lines: [
          { productId: libreta.id, quantity: 2 },
          { productId: termo.id, quantity: 1 },
        ],
      })
    ).json().data;
    await t.app.inject({ method: 'POST', url: '/api/shoppingCart/', headers: buyer, payload: { productId: termo.id } });
    const again = await t.app.inject({ method: 'POST', url: `/api/shoppingCart/fromOrder/${placed.id}`, headers: buyer });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({
      added: [libreta.id],
      skipped: [{ productId: termo.id, name: termo.name, nameEn: '', code: 'ALREADY_IN_CART' }],
    });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/shoppingCart/', headers: buyer })).json();
    expect(cart.data.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity]).sort()).toEqual(
      [
        [libreta.id, 2],
        [termo.id, 1],
      ].sort(),
    );
    // Somebody else's order is not found.
    expect((await t.app.inject({ method: 'POST', url: `/api/shoppingCart/fromOrder/${placed.id}`, headers: as(who.ana) })).statusCode).toBe(
      404,
    );
  });

  it('refuses orders outside the redemption window (16 Oct onwards)', async () => {
    const buyer = await shopper('late', 1000);
    const gorra = await product('gorra');
    const now = t.clock.now();
    t.clock.set('2026-10-16T12:00:00Z');
    const res = await order(buyer, { lines: [{ productId: gorra.id, quantity: 1 }] });
    t.clock.set(now);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('REDEMPTION_CLOSED');
  });

  it('leaves nothing behind when a step fails in the middle of the order', async () => {
    const buyer = await shopper('crash', 2000);
    const taza = await product('taza');
    await t.db.execute(
      sql`create or replace function fail_order_notice() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
    );
    await t.db.execute(
      sql`create trigger fail_order_notice before insert on notifications for each row execute function fail_order_notice()`,
    );
    try {
      const orders = await t.db.$count(s.orders);
      const transactions = await t.db.$count(s.pointTransactions);
      const res = await order(buyer, { lines: [{ productId: taza.id, quantity: 2 }] });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('injected');
      expect(await t.db.$count(s.orders)).toBe(orders);
      expect(await t.db.$count(s.pointTransactions)).toBe(transactions);
      expect((await product('taza')).stock).toBe(taza.stock);
    } finally {
      await t.db.execute(sql`drop trigger fail_order_notice on notifications`);
    }
  });
});

describe('orders under concurrency', () => {
  it('50 buyers racing for a product with stock 10: exactly 10 sold, stock 0', async () => {
    const item = await product('hamaca');
    await setStock(t.db, item.id, 10);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => shopper(`race-${i}`, 5000)));
    const results = await Promise.all(buyers.map((b) => order(b, { lines: [{ productId: item.id, quantity: 1 }] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.json().code === 'OUT_OF_STOCK')).toBe(true);
    expect((await product('hamaca')).stock).toBe(0);
    const [sold] = (await t.db.execute(sql`select coalesce(sum(quantity), 0)::int as n from order_lines where product_id = ${item.id}`))
      .rows as { n: number }[];
    expect(sold!.n).toBe(10);
  });

  it('one user firing 20 concurrent orders that each cost 60% of the balance: exactly one succeeds', async () => {
    const buyer = await shopper('greedy', 1000);
    const libreta = await product('libreta'); // 350 points: 2 of them = 700 = 70%
    await setStock(t.db, libreta.id, 100);
    const results = await Promise.all(Array.from({ length: 20 }, () => order(buyer, { lines: [{ productId: libreta.id, quantity: 2 }] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'NOT_ENOUGH_POINTS')).toBe(true);
    expect((await t.db.select({ p: s.users.points }).from(s.users).where(eq(s.users.email, 'buyer-greedy@factory.test')))[0]!.p).toBe(300);
  });
});

describe('wishlist', () => {
  it('adds once, lists, and removes only your own items', async () => {
    const termo = await product('termo');
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/wishlists/',
      headers: as(who.ana),
      payload: { productId: termo.id, userId: 1 },
    });
    expect(add.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/wishlists/', headers: as(who.ana), payload: { productId: termo.id } })).statusCode,
    ).toBe(409);
    const list = (await t.app.inject({ method: 'GET', url: '/api/wishlists/', headers: as(who.ana) })).json();
    expect(list.data.map((w: { productId: number }) => w.productId)).toContain(termo.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile/counters', headers: as(who.ana) })).json().data.wishlist).toBe(1);
    const id = add.json().data.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wishlists/delete/${id}`, headers: as(who.luis) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wishlists/delete/${id}`, headers: as(who.ana) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlists/', headers: as(who.ana) })).json().totalCount).toBe(0);
  });
});

describe('account statement', () => {
  it('gives balance and year figures, movements by period, and a PDF statement in the user language', async () => {
    const ana = await user(anaId);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/accounts/statistics/', headers: as(who.ana) })).json().data;
    expect(stats).toMatchObject({ user: { id: ana.id }, balance: ana.points, since: '2025-11-01' });
    expect(stats.spent).toBeGreaterThan(0);
    const moves = (await t.app.inject({ method: 'GET', url: '/api/accounts/myMovements/?pageSize=50', headers: as(who.ana) })).json();
    expect(moves.data.map((m: { kind: string }) => m.kind)).toEqual(expect.arrayContaining(['order']));
    expect(moves.data.reduce((n: number, m: { value: number }) => n + m.value, 0)).toBe(ana.points);
    const none = (
      await t.app.inject({ method: 'GET', url: '/api/accounts/myMovements/?from=2020-01-01&to=2020-12-31', headers: as(who.ana) })
    ).json();
    expect(none.totalCount).toBe(0);
    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/myMovements/?format=pdf',
      headers: { ...as(who.ana), 'accept-language': 'en' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(/attachment; filename="statement_/);
  });

  it('shows another user statement only to administrators of their store', async () => {
    const ana = await user(anaId);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/accounts/movements/?userId=${ana.id}`, headers: as(who.luis) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/accounts/myMovementsAdmin/?userId=${ana.id}`, headers: as(who.luis) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/accounts/myMovementsAdmin/?userId=${ana.id}`, headers: as(who.admin) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/accounts/statistics/?userId=${ana.id}`, headers: as(who.admin) })).json().data.user
        .id,
    ).toBe(ana.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/myMovements/' })).statusCode).toBe(401);
  });
});
