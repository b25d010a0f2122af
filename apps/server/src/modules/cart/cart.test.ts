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
      { code: 'REMOVED_NO_STOCK', productId: gone.id, name: 'Agotado', nameEn: '' },
      { code: 'QUANTITY_LOWERED', productId: low.id, name: 'Escaso', nameEn: '' },
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

// Update, remove and clear (docs/architecture.md P5): the answers and the totals after each change, the owner rule (a
// user reaches only their own lines, whatever the body says), and bad input refused with stable codes.
describe('update, remove and clear', () => {
  const put = (h: Headers, id: number | string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/shoppingCart/${id}`, headers: h, payload: payload as object });
  const del = (h: Headers, id: number | string) => t.app.inject({ method: 'DELETE', url: `/api/shoppingCart/${id}`, headers: h });
  const removeMany = (h: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/shoppingCart/remove', headers: h, payload: payload as object });
  const quantityOf = async (lineId: number) =>
    (await t.db.select({ q: s.cartItems.quantity }).from(s.cartItems).where(eq(s.cartItems.id, lineId)))[0]?.q;

  /** A shopper with two lines: 2 x 150 and 1 x 40 (total 340). */
  async function twoLines() {
    const who = await make.shopper();
    const a = await make.product({ stock: 10, price: 150 });
    const b = await make.product({ stock: 10, price: 40 });
    const la = (await add(who.headers, a.id, 2)).json().data.id as number;
    const lb = (await add(who.headers, b.id, 1)).json().data.id as number;
    expect((await cart(who.headers)).json().total).toBe(340);
    return { ...who, a, b, la, lb };
  }

  it('update replaces the quantity and the total follows', async () => {
    const { headers, la, lb } = await twoLines();
    const res = await put(headers, lb, { quantity: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: lb, quantity: 4 } });
    const body = (await cart(headers)).json();
    expect(body.data.map((l: { id: number; quantity: number }) => [l.id, l.quantity])).toEqual([
      [la, 2],
      [lb, 4],
    ]);
    expect(body.total).toBe(2 * 150 + 4 * 40);
    // Lowering works the same way (replace, not add).
    expect((await put(headers, la, { quantity: 1 })).json().data.quantity).toBe(1);
    expect((await cart(headers)).json().total).toBe(150 + 4 * 40);
  });

  it('update caps at the stock and at the per-product maximum', async () => {
    const { headers } = await make.shopper();
    const scarce = await make.product({ stock: 3 });
    const plenty = await make.product({ stock: 100 });
    const ls = (await add(headers, scarce.id)).json().data.id;
    const lp = (await add(headers, plenty.id)).json().data.id;
    expect((await put(headers, ls, { quantity: 5 })).json().data.quantity).toBe(3);
    expect((await put(headers, lp, { quantity: 1000 })).json().data.quantity).toBe(CART_MAX_QUANTITY);
    expect(await quantityOf(ls)).toBe(3);
    expect(await quantityOf(lp)).toBe(CART_MAX_QUANTITY);
  });

  it('update of a line whose product ran out is OUT_OF_STOCK and leaves it as it was', async () => {
    const { headers } = await make.shopper();
    const p = await make.product({ stock: 4 });
    const line = (await add(headers, p.id, 2)).json().data.id;
    await setStock(t.db, p.id, 0);
    const res = await put(headers, line, { quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('OUT_OF_STOCK');
    expect(await quantityOf(line)).toBe(2);
  });

  it('update reaches only the user’s own line, whatever userId the body carries', async () => {
    const mine = await twoLines();
    const other = await make.shopper();
    // Another user: not found (the line's existence is not revealed), nothing changed.
    const theirs = await put(other.headers, mine.la, { quantity: 1, userId: mine.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOT_FOUND');
    expect(await quantityOf(mine.la)).toBe(2);
    // The spec's body (userId, productId, quantity) is accepted, but the session decides whose cart it is.
    const withOtherUser = await put(mine.headers, mine.la, { quantity: 3, userId: other.id, productId: mine.a.id });
    expect(withOtherUser.statusCode).toBe(200);
    expect(await quantityOf(mine.la)).toBe(3);
    expect((await cart(other.headers)).json()).toMatchObject({ data: [], total: 0 });
    // A line that does not exist at all answers the same as another user's.
    expect((await put(mine.headers, 2_000_000_000, { quantity: 1 })).json().code).toBe('NOT_FOUND');
  });

  it('update refuses bad input with VALIDATION_FAILED and the field, and is refused signed out', async () => {
    const { headers, la } = await twoLines();
    for (const payload of [
      { quantity: 0 },
      { quantity: -1 },
      { quantity: 1.5 },
      { quantity: 'three' },
      { quantity: 1001 },
      {},
      { quantity: null },
    ]) {
      const res = await put(headers, la, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain('body.quantity');
    }
    for (const id of ['abc', '0', '-3', '1.5', '2147483648']) {
      const res = await put(headers, id, { quantity: 1 });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const signedOut = await put(ORIGIN, la, { quantity: 1 });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe('UNAUTHENTICATED');
    expect(await quantityOf(la)).toBe(2);
  });

  it('remove takes one line out and subtracts it from the total; a second remove is NOT_FOUND', async () => {
    const { headers, la, lb } = await twoLines();
    const res = await del(headers, lb);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { removed: 1 } });
    const body = (await cart(headers)).json();
    expect(body.data.map((l: { id: number }) => l.id)).toEqual([la]);
    expect(body.total).toBe(300);
    const again = await del(headers, lb);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_FOUND');
  });

  it('remove reaches only the user’s own line; bad ids are VALIDATION_FAILED; signed out is 401', async () => {
    const mine = await twoLines();
    const other = await make.shopper();
    const theirs = await del(other.headers, mine.la);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOT_FOUND');
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await del(mine.headers, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await del(ORIGIN, mine.la)).json().code).toBe('UNAUTHENTICATED');
    expect((await cart(mine.headers)).json().total).toBe(340);
  });

  it('clear (remove all the ids) empties the cart with total 0; other users’ ids in the list are left alone', async () => {
    const mine = await twoLines();
    const other = await twoLines();
    const res = await removeMany(mine.headers, { ids: [mine.la, mine.lb, other.la], userId: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { removed: 2 } });
    expect((await cart(mine.headers)).json()).toEqual({ data: [], total: 0, warnings: [] });
    // The other user's line named in the list is untouched.
    expect((await cart(other.headers)).json().total).toBe(340);
    // Clearing an empty cart is not an error: nothing to remove.
    expect((await removeMany(mine.headers, { ids: [mine.la] })).json()).toEqual({ data: { removed: 0 } });
  });

  it('clear refuses bad input with VALIDATION_FAILED on ids, and is refused signed out', async () => {
    const { headers, la } = await twoLines();
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    for (const payload of [{}, { ids: [] }, { ids: tooMany }, { ids: ['x'] }, { ids: [0] }, { ids: la }, { ids: [1.5] }]) {
      const res = await removeMany(headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details[0].field).toMatch(/^body\.ids/);
    }
    const signedOut = await removeMany(ORIGIN, { ids: [la] });
    expect(signedOut.statusCode).toBe(401);
    expect((await cart(headers)).json().total).toBe(340);
  });

  it('asking whether a product is in the cart works for the user’s own id only', async () => {
    const mine = await twoLines();
    const other = await make.shopper();
    const ask = (h: Headers, userId: number, productId: number) =>
      t.app.inject({ method: 'GET', url: `/api/shoppingCart/${userId}/${productId}`, headers: h });
    expect((await ask(mine.headers, mine.id, mine.a.id)).json()).toEqual({ data: true });
    await del(mine.headers, mine.la);
    expect((await ask(mine.headers, mine.id, mine.a.id)).json()).toEqual({ data: false });
    const snoop = await ask(other.headers, mine.id, mine.b.id);
    expect(snoop.statusCode).toBe(403);
    expect(snoop.json().code).toBe('FORBIDDEN');
  });
});
