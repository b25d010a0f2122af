import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import * as s from '../../db/schema/index.ts';

// The wishlist: orderable products once each, newest first, paged in SQL, the user's own only.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

type Headers = Record<string, string>;
const list = (h: Headers, query = '') => t.app.inject({ method: 'GET', url: `/api/wishlists${query}`, headers: h });
const add = (h: Headers, productId: number) => t.app.inject({ method: 'POST', url: '/api/wishlists', headers: h, payload: { productId } });

describe('wishlist', () => {
  it('adds orderable products once each (409 after), lists them newest first with their first picture', async () => {
    const { headers } = await make.shopper();
    const a = await make.product({ stock: 1 });
    const b = await make.product({ stock: 0 }); // out of stock can still be wished for
    await t.db.insert(s.productImages).values({ productId: a.id, url: '/uploads/a.webp', position: 1 });
    expect((await add(headers, a.id)).statusCode).toBe(201);
    expect((await add(headers, b.id)).statusCode).toBe(201);
    const again = await add(headers, a.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual({ reason: 'ALREADY_IN_WISHLIST' });
    const body = (await list(headers)).json();
    expect(body).toMatchObject({ page: 1, totalCount: 2, totalPages: 1 });
    expect(body.data.map((i: { productId: number }) => i.productId)).toEqual([b.id, a.id]);
    expect(body.data[1].product).toMatchObject({ name: a.name, price: a.price, stock: 1, picture: '/uploads/a.webp' });
    expect(body.data[0].product.picture).toBeNull();
  });

  it('refuses products of another store or inactive ones, and leaves out ones deactivated later', async () => {
    const { headers } = await make.shopper();
    expect((await add(headers, (await make.product({ storeId: 2 })).id)).json().code).toBe('NOT_AVAILABLE_IN_STORE');
    expect((await add(headers, (await make.product({ active: false })).id)).statusCode).toBe(404);
    const later = await make.product();
    await add(headers, later.id);
    const off = await t.app.inject({ method: 'PUT', url: `/api/products/deactivate/${later.id}`, headers: (await make.admin()).headers });
    expect(off.statusCode, off.body).toBe(200);
    expect((await list(headers)).json()).toMatchObject({ data: [], totalCount: 0 });
  });

  it('pages in SQL', async () => {
    const { headers } = await make.shopper();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await make.product();
      ids.push(p.id);
      await add(headers, p.id);
    }
    const second = (await list(headers, '?page=2&pageSize=2')).json();
    expect(second).toMatchObject({ page: 2, pageSize: 2, totalCount: 5, totalPages: 3 });
    expect(second.data.map((i: { productId: number }) => i.productId)).toEqual([ids[2], ids[1]]);
  });

  it('answers whether one product is in it (its item, or none), for the user’s own list only', async () => {
    const me = await make.shopper();
    const other = await make.shopper();
    const [wished, notWished] = [await make.product(), await make.product()];
    await add(me.headers, (await make.product()).id);
    const item = (await add(me.headers, wished.id)).json().data;
    const one = (await list(me.headers, `?productId=${wished.id}&pageSize=1`)).json();
    expect(one).toMatchObject({ totalCount: 1, data: [{ id: item.id, productId: wished.id }] });
    expect((await list(me.headers, `?productId=${notWished.id}`)).json()).toMatchObject({ data: [], totalCount: 0 });
    expect((await list(other.headers, `?productId=${wished.id}`)).json()).toMatchObject({ data: [], totalCount: 0 });
    // Removed: no longer there, and adding it again is a plain add.
    await t.app.inject({ method: 'DELETE', url: `/api/wishlists/delete/${item.id}`, headers: me.headers });
    expect((await list(me.headers, `?productId=${wished.id}`)).json().totalCount).toBe(0);
    expect((await add(me.headers, wished.id)).statusCode).toBe(201);
    // A product id is a product id: anything else is a clear 400.
    for (const bad of ['0', 'abc', '1.5', '-3']) {
      const res = await list(me.headers, `?productId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('removes only the user’s own items; signed out is 401', async () => {
    const me = await make.shopper();
    const other = await make.shopper();
    const item = (await add(me.headers, (await make.product()).id)).json().data;
    const del = (h: Headers) => t.app.inject({ method: 'DELETE', url: `/api/wishlists/delete/${item.id}`, headers: h });
    expect((await del(other.headers)).statusCode).toBe(404);
    expect((await del(me.headers)).json().data).toEqual({ id: item.id });
    expect((await del(me.headers)).statusCode).toBe(404);
    expect((await list(ORIGIN)).statusCode).toBe(401);
  });
});
