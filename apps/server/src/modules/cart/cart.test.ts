import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_QUANTITY } from '@rewards/shared/constants';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants, setStock } from '../../../test/invariants.ts';
import * as s from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

// The cart (docs/architecture.md P5): one line per product, quantities capped at stock and CART_MAX_QUANTITY,
// adjusted when it loads (no stock: removed; less stock: lowered), each user's own lines only.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

type Headers = Record<string, string>;
const cart = (h: Headers) => t.app.inject({ method: 'GET', url: '/api/shoppingCart', headers: h });
const add = (h: Headers, productId: number, quantity?: number) =>
  t.app.inject({ method: 'POST', url: '/api/shoppingCart', headers: h, payload: { productId, quantity } });

describe('adding', () => {
  it('adds once, capped at stock and at the per-product maximum; a second add is ALREADY_IN_CART', async () => {
    const { headers } = await make.shopper();
    const few = await make.product({ stock: 2 });
    const many = await make.product({ stock: 50 });
    expect((await add(headers, few.id, 4)).json().data.quantity).toBe(2);
    expect((await add(headers, many.id, 40)).json().data.quantity).toBe(CART_MAX_QUANTITY);
    const again = await add(headers, few.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_IN_CART');
    const body = (await cart(headers)).json();
    expect(body.data.map((l: { productId: number }) => l.productId).sort()).toEqual([few.id, many.id].sort());
    expect(body.total).toBe(2 * few.price + CART_MAX_QUANTITY * many.price);
  });

  it('refuses what is out of stock, inactive, or of another store', async () => {
    const { headers } = await make.shopper();
    const empty = await make.product({ stock: 0 });
    const hidden = await make.product({ stock: 5, active: false });
    const elsewhere = await make.product({ stock: 5, storeId: 2 });
    expect((await add(headers, empty.id)).json().code).toBe('OUT_OF_STOCK');
    expect((await add(headers, hidden.id)).statusCode).toBe(404);
    expect((await add(headers, elsewhere.id)).json().code).toBe('NOT_AVAILABLE_IN_STORE');
    expect((await cart(headers)).json().data).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await cart(ORIGIN)).statusCode).toBe(401);
  });
});

describe('loading adjusts the cart', () => {
  it('removes a line whose product ran out and lowers one above the stock left, saying so', async () => {
    const { headers } = await make.shopper();
    const gone = await make.product({ stock: 3, name: 'Agotado' });
    const low = await make.product({ stock: 5, name: 'Escaso' });
    await add(headers, gone.id, 2);
    await add(headers, low.id, 4);
    await setStock(t.db, gone.id, 0);
    await setStock(t.db, low.id, 1);
    const body = (await cart(headers)).json();
    expect(body.warnings).toEqual([
      { code: 'REMOVED_NO_STOCK', productId: gone.id, name: 'Agotado' },
      { code: 'QUANTITY_LOWERED', productId: low.id, name: 'Escaso' },
    ]);
    expect(body.data).toMatchObject([{ productId: low.id, quantity: 1 }]);
    // The adjustment was written: the next load has nothing to say.
    expect((await cart(headers)).json().warnings).toEqual([]);
  });

  it('shows the first picture of each product', async () => {
    const { headers } = await make.shopper();
    const p = await make.product({ stock: 3 });
    await t.db.insert(s.productImages).values([
      { productId: p.id, url: '/uploads/second.webp', position: 2 },
      { productId: p.id, url: '/uploads/first.webp', position: 1 },
    ]);
    await add(headers, p.id);
    expect((await cart(headers)).json().data[0].product.picture).toBe('/uploads/first.webp');
  });
});

describe('changing and removing', () => {
  it('changes a quantity within the caps; someone else’s line is NOT_FOUND', async () => {
    const me = await make.shopper();
    const other = await make.shopper();
    const p = await make.product({ stock: 3 });
    const line = (await add(me.headers, p.id)).json().data;
    const put = (h: Headers, quantity: number) =>
      t.app.inject({ method: 'PUT', url: `/api/shoppingCart/${line.id}`, headers: h, payload: { quantity } });
    expect((await put(me.headers, 9)).json().data).toEqual({ id: line.id, quantity: 3 });
    expect((await put(other.headers, 1)).statusCode).toBe(404);
    expect((await put(me.headers, 0)).statusCode).toBe(400);
  });

  it('removes one line or several; only the user’s own', async () => {
    const me = await make.shopper();
    const other = await make.shopper();
    const [a, b, c] = [await make.product({ stock: 3 }), await make.product({ stock: 3 }), await make.product({ stock: 3 })];
    const la = (await add(me.headers, a.id)).json().data.id;
    const lb = (await add(me.headers, b.id)).json().data.id;
    const lc = (await add(other.headers, c.id)).json().data.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shoppingCart/${la}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shoppingCart/${la}`, headers: me.headers })).statusCode).toBe(200);
    const many = await t.app.inject({ method: 'POST', url: '/api/shoppingCart/remove', headers: me.headers, payload: { ids: [lb, lc] } });
    expect(many.statusCode).toBe(200);
    expect((await cart(me.headers)).json().data).toEqual([]);
    const theirs = await t.db.select().from(s.cartItems).where(eq(s.cartItems.id, lc));
    expect(theirs).toHaveLength(1);
  });
});

describe('one line', () => {
  it('reads one of the user’s own lines; another user’s line, or none, is NOT_FOUND', async () => {
    const me = await make.shopper();
    const other = await make.shopper();
    const p = await make.product({ stock: 4, price: 120, name: 'Línea sola' });
    const line = (await add(me.headers, p.id, 2)).json().data;
    const read = (h: Headers, id: number) => t.app.inject({ method: 'GET', url: `/api/shoppingCart/${id}`, headers: h });
    const mine = await read(me.headers, line.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      id: line.id,
      productId: p.id,
      quantity: 2,
      product: { name: 'Línea sola', price: 120, stock: 4, categoryId: p.categoryId, picture: null },
    });
    expect((await read(other.headers, line.id)).statusCode).toBe(404);
    expect((await read(me.headers, 999999)).statusCode).toBe(404);
    expect((await read(ORIGIN, line.id)).statusCode).toBe(401);
  });
});
