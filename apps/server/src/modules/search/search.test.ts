import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, multipart, png, signIn, type TestApp } from '../../../test/harness.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { factories } from '../../../test/factories.ts';
import { catalogueSource, listShopProducts, suggestProducts } from '../products/products.service.ts';
import { CatalogSearch } from './search.service.ts';

// Search served from the per-store index (docs/decisions/0009-search-index.md), compared with
// the PostgreSQL path it replaces for stores within SEARCH_INDEX_MAX_PRODUCTS, on the seeded catalogue.
let t: TestApp;
let make: ReturnType<typeof factories>;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  for (const u of ['ana', 'admin', 'luis']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

type Page = { data: { id: number; name: string; stock: number }[]; totalCount: number; totalPages: number; page: number };
const get = (url: string, u?: string) => t.app.inject({ method: 'GET', url, headers: u ? as(who[u]) : {} });
const fromIndex = async (query: string): Promise<Page> => {
  const res = await get(`/api/products/all/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const fromPostgres = (p: { storeId: number; search: string; page?: number; pageSize?: number; order?: 'date' | 'price_asc' }) =>
  listShopProducts(t.db, { page: 1, pageSize: 100, ...p }) as Promise<Page>;
const ids = (page: Page) => page.data.map((p) => p.id).sort((a, b) => a - b);
const names = (page: Page) => page.data.map((p) => p.name);

describe('the index answers as the PostgreSQL path on the seeded catalogue', () => {
  // Accents, capitals, plurals (as words and in the category title), prefixes, English words, several
  // words, and nothing found.
  const same = [
    'cafe',
    'Café',
    'CAFÉ',
    'MOCHILA',
    'mochilas',
    'tazas',
    'audífonos',
    'Audifonos Inalambricos',
    'TERMO DE ACERO',
    'lamp',
    'bolig',
    'bluetooth',
    'usb',
    'kit facial',
    'zzzzqqq',
    'mochila zzzz',
  ];
  for (const search of same)
    it(`"${search}": the same products and total, in store 1 and store 2`, async () => {
      for (const storeId of [1, 2]) {
        const db = await fromPostgres({ storeId, search });
        const index = await fromIndex(`storeId=${storeId}&pageSize=100&search=${encodeURIComponent(search)}`);
        expect(ids(index), `${search} in store ${storeId}`).toEqual(ids(db));
        expect(index.totalCount).toBe(db.totalCount);
      }
    });

  // Near spellings: PostgreSQL's trigram fallback finds these too. Typo tolerance (an edit distance
  // by word length) may find more than trigram similarity, never less on these: the index's answer
  // contains PostgreSQL's.
  for (const search of ['audifonoz', 'bocinna', 'mochilla', 'botela', 'hamacca', 'cargadro portatil', 'termo de acerro', 'balon de futbo'])
    it(`"${search}": typo tolerance finds what the trigram fallback finds`, async () => {
      const db = await fromPostgres({ storeId: 1, search });
      const index = await fromIndex(`storeId=1&pageSize=100&search=${encodeURIComponent(search)}`);
      expect(db.totalCount, search).toBeGreaterThan(0);
      expect(ids(index)).toEqual(expect.arrayContaining(ids(db)));
    });

  it('pages, totals and orders as PostgreSQL does', async () => {
    for (const order of ['date', 'price_asc'] as const) {
      const db = await fromPostgres({ storeId: 1, search: 'de', order, pageSize: 5, page: 2 });
      const index = await fromIndex(`storeId=1&search=de&order=${order}&pageSize=5&page=2`);
      expect(index).toMatchObject({ page: 2, totalCount: db.totalCount, totalPages: db.totalPages });
      expect(index.data.map((p) => p.id)).toEqual(db.data.map((p) => p.id));
    }
    for (const order of ['featured', 'price_desc']) {
      const all = (await fromIndex(`storeId=1&search=taza&order=${order}&pageSize=100`)).data;
      const db = (await listShopProducts(t.db, { storeId: 1, search: 'taza', order: order as 'featured', page: 1, pageSize: 100 })).data;
      expect(all.map((p) => p.id)).toEqual(db.map((p) => p.id));
    }
    // A category page's search keeps to the category.
    const [mugs] = await t.db
      .select({ id: s.categories.id })
      .from(s.categories)
      .where(and(eq(s.categories.slug, 'termos-y-tazas'), eq(s.categories.storeId, 1)));
    const inCategory = await fromIndex(`storeId=1&categoryId=${mugs!.id}&search=taza`);
    const db = await listShopProducts(t.db, { storeId: 1, categoryId: mugs!.id, search: 'taza', page: 1, pageSize: 20 });
    expect(ids(inCategory)).toEqual(ids(db as Page));
    expect(ids(await fromIndex('storeId=1&slug=termos-y-tazas&search=taza'))).toEqual(ids(db as Page));
  });

  it('ranks a match in the name above one in the category or the description', async () => {
    // "tazas" is in the name of "Juego de tazas para café" and in the category "Termos y tazas".
    expect(names(await fromIndex('storeId=1&search=tazas'))[0]).toBe('Juego de tazas para café');
    // "cafe": in the name of two products and the description of none other; a name that starts with
    // the query comes first as in PostgreSQL (decision 0002).
    expect(names(await fromIndex('storeId=1&search=audifonos'))[0]).toBe('Audífonos inalámbricos');
    expect(names(await fromIndex('storeId=1&search=termo'))[0]).toBe('Termo de acero');
  });

  it('matches words by their start, where PostgreSQL also matches inside a word (documented in decision 0009)', async () => {
    // "chila" is inside "mochila": PostgreSQL's LIKE finds it, the index (word starts) does not.
    expect((await fromPostgres({ storeId: 1, search: 'chila' })).totalCount).toBeGreaterThan(0);
    expect((await fromIndex('storeId=1&search=chila')).totalCount).toBe(0);
  });

  it('leaves a store over the size limit to PostgreSQL, for lists and suggestions', async () => {
    const small = new CatalogSearch(catalogueSource(t.db), { maxProducts: 10 });
    const large = new CatalogSearch(catalogueSource(t.db));
    // "chila" tells the paths apart (see above).
    const list = (searchIndex: CatalogSearch) =>
      listShopProducts(t.db, { storeId: 1, search: 'chila', page: 1, pageSize: 20, searchIndex });
    expect((await list(large)).totalCount).toBe(0);
    expect((await list(small)).totalCount).toBe((await fromPostgres({ storeId: 1, search: 'chila' })).totalCount);
    expect((await suggestProducts(t.db, small, { storeId: 1, q: 'chila', limit: 2 })).map((p) => p.name)).toHaveLength(2);
  });
});

describe('freshness: every write reaches the next search at once', () => {
  async function createProduct(fields: Record<string, string | number | boolean>) {
    const body = await multipart(fields, [{ field: 'pictures', name: 'p.png', data: await png(), type: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...as(who.admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; slug: string; categoryId: number };
  }
  const found = async (search: string) => names(await fromIndex(`storeId=1&search=${encodeURIComponent(search)}`));

  it('follows creation, edits, deactivation and activation of a product', async () => {
    const [category] = await t.db
      .select({ id: s.categories.id })
      .from(s.categories)
      .where(and(eq(s.categories.slug, 'hogar'), eq(s.categories.storeId, 1)));
    expect(await found('molinillo')).toEqual([]); // the index of store 1 is built now
    const product = await createProduct({
      name: 'Molinillo manual',
      description: 'Molinillo de acero para granos.',
      categoryId: category!.id,
      price: 900,
      stock: 3,
      storeId: 1,
    });
    expect(await found('molinillo')).toEqual(['Molinillo manual']);
    expect(await found('MOLINILLO MAN')).toEqual(['Molinillo manual']);

    const body = await multipart({ name: 'Prensa francesa', description: 'Prensa de vidrio para seis tazas.' });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/image/${product.id}`,
      headers: { ...as(who.admin), ...body.headers },
      payload: body.payload,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found('molinillo')).toEqual([]);
    expect(await found('prensa')).toEqual(['Prensa francesa']);

    await t.app.inject({ method: 'PUT', url: `/api/products/deactivate/${product.id}`, headers: as(who.admin) });
    expect(await found('prensa')).toEqual([]);
    await t.app.inject({ method: 'PUT', url: `/api/products/activate/${product.id}`, headers: as(who.admin) });
    expect(await found('prensa')).toEqual(['Prensa francesa']);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/products/delete/${product.id}`, headers: as(who.admin) });
    expect(gone.statusCode).toBe(200);
    expect(await found('prensa')).toEqual([]);
  });

  it('hides the products of a deactivated category, and shows them again', async () => {
    const category = await make.category({ storeId: 1 });
    await make.product({ storeId: 1, categoryId: category.id, name: 'Yoyo luminoso' });
    // Factory rows skip the routes; this write goes through one, which tells the index.
    const touch = await t.app.inject({ method: 'PUT', url: `/api/categories/activate/${category.id}`, headers: as(who.admin) });
    expect(touch.statusCode, touch.body).toBe(200);
    expect(await found('yoyo')).toEqual(['Yoyo luminoso']);
    await t.app.inject({ method: 'PUT', url: `/api/categories/deactivate/${category.id}`, headers: as(who.admin) });
    expect(await found('yoyo')).toEqual([]);
    expect((await fromPostgres({ storeId: 1, search: 'yoyo' })).totalCount).toBe(0);
    await t.app.inject({ method: 'PUT', url: `/api/categories/activate/${category.id}`, headers: as(who.admin) });
    expect(await found('yoyo')).toEqual(['Yoyo luminoso']);
  });

  it('shows the stock an order leaves, and what a cancellation returns; a sold-out product is still found, as in PostgreSQL', async () => {
    const buyer = await make.shopper({ points: 5000 });
    const product = await make.product({ storeId: 1, name: 'Trompo artesanal', stock: 2, price: 100 });
    await t.app.inject({ method: 'PUT', url: `/api/products/activate/${product.id}`, headers: as(who.admin) });
    const stock = async () => (await fromIndex('storeId=1&search=trompo')).data.map((p) => p.stock);
    expect(await stock()).toEqual([2]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { lines: [{ productId: product.id, quantity: 2 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // Search does not filter on stock (neither does listShopProducts' PostgreSQL path): sold out, still found.
    expect(await stock()).toEqual([0]);
    expect((await fromPostgres({ storeId: 1, search: 'trompo' })).data.map((p) => p.stock)).toEqual([0]);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json().data.id}`,
      headers: as(who.admin),
      payload: { status: 5 },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stock()).toEqual([2]);
  });
});

describe('GET /api/products/suggest', () => {
  type Suggestion = {
    id: number;
    name: string;
    nameEn: string;
    slug: string;
    price: number;
    categoryTitle: string;
    categoryTitleEn: string;
    picture: string | null;
  };
  const suggest = async (query: string, u?: string) => {
    const res = await get(`/api/products/suggest/?${query}`, u);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Suggestion[];
  };

  it('suggests products of the store while typing, best first, at most `limit`', async () => {
    const typed = await suggest('q=moch');
    expect(typed.map((p) => p.name)).toEqual(expect.arrayContaining(['Mochila ejecutiva', 'Mochila deportiva', 'Mochila antirrobo']));
    expect(typed[0]).toMatchObject({ categoryTitle: 'Mochilas', slug: expect.any(String), price: expect.any(Number) });
    expect(typed[0]!.picture).toMatch(/^\/uploads\//);
    expect(Object.keys(typed[0]!).sort()).toEqual(['categoryTitle', 'categoryTitleEn', 'id', 'name', 'nameEn', 'picture', 'price', 'slug']);
    expect(await suggest('q=a&limit=2')).toHaveLength(2);
    expect(await suggest('q=t')).toHaveLength(6); // the default limit
    expect((await suggest('q=audifonoz'))[0]!.name).toBe('Audífonos inalámbricos'); // a typo
    expect((await suggest('q=CAFÉ')).map((p) => p.name)).toContain('Taza de café de cerámica');
    expect(await suggest('q=zzzzqqq')).toEqual([]);
  });

  it("keeps to the shopper's store: asked, the user's own, else the default store", async () => {
    // "Mochila antirrobo" is one of the first store's products the other offices do not carry.
    const names_ = (list: Suggestion[]) => list.map((p) => p.name);
    expect(names_(await suggest('q=antirrobo'))).toEqual(['Mochila antirrobo']);
    expect(await suggest('q=antirrobo&storeId=2')).toEqual([]);
    expect(await suggest('q=antirrobo', 'luis')).toEqual([]); // Luis shops in store 2
    expect(names_(await suggest('q=antirrobo', 'ana'))).toEqual(['Mochila antirrobo']);
    const store2 = await suggest('q=libreta&storeId=2');
    expect(names_(store2)).toEqual(['Libreta ejecutiva']);
    const [row] = await t.db.select({ storeId: s.products.storeId }).from(s.products).where(eq(s.products.id, store2[0]!.id));
    expect(row!.storeId).toBe(2);
  });

  it('leaves out inactive products and products of inactive categories', async () => {
    const category = await make.category({ storeId: 1 });
    const on = await make.product({ storeId: 1, categoryId: category.id, name: 'Zapatilla veloz' });
    await make.product({ storeId: 1, categoryId: category.id, name: 'Zapatilla oculta', active: false });
    await t.app.inject({ method: 'PUT', url: `/api/products/activate/${on.id}`, headers: as(who.admin) });
    expect((await suggest('q=zapatilla')).map((p) => p.name)).toEqual(['Zapatilla veloz']);
    await t.app.inject({ method: 'PUT', url: `/api/categories/deactivate/${category.id}`, headers: as(who.admin) });
    expect(await suggest('q=zapatilla')).toEqual([]);
  });

  it('refuses bad input with the error envelope', async () => {
    for (const query of ['', 'q=', 'q=mo&limit=0', 'q=mo&limit=11', 'q=mo&other=1', `q=${'a'.repeat(121)}`, 'q=mo&storeId=0']) {
      const res = await get(`/api/products/suggest/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', requestId: expect.any(String) });
      expect(res.json().details[0]).toMatchObject({ field: expect.any(String), message: expect.any(String), code: expect.any(String) });
    }
  });
});
