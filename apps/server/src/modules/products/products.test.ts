import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, multipart, png, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants, setStock } from '../../../test/invariants.ts';

// The shop lists read the demo catalogue of the first two offices (the second carries the first 20 products
// of the first): their subject is listing, search ranking and home rows over a real catalogue, which a test
// could not build smaller without losing what they check, so they stay on the seed's catalogue rows. The
// people are this file's own, placed in those stores; the last shopping and the administrators' tests use
// stores and products of their own.
let t: TestApp;
let make: ReturnType<typeof factories>;
const who: Record<string, string> = {};
const idOf: Record<string, number> = {};
/** The seed's electronics category of the first store (shop lists). */
let category: { id: number; slug: string };
/** The administrators' tests' store and category. */
let shop: number;
let shopCategory: { id: number; slug: string };
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  shop = (await make.store()).id;
  shopCategory = await make.category({ storeId: shop });
  const people = {
    // A shopper of the first store (with the profile row a signed-in user has) and one of the second.
    ana: await make.shopper({ storeId: 1, profile: true }),
    luis: await make.shopper({ storeId: 2 }),
    // An administrator of the first store and of the administrators' tests' store.
    admin: await make.admin({ stores: [1, shop] }),
    super: await make.superAdmin(),
  };
  for (const [u, made] of Object.entries(people)) {
    who[u] = made.session;
    idOf[u] = made.id;
  }
  [category] = (await t.db
    .select({ id: s.categories.id, slug: s.categories.slug })
    .from(s.categories)
    .where(and(eq(s.categories.slug, 'electronica'), eq(s.categories.storeId, 1)))) as [{ id: number; slug: string }];
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const get = (url: string, u?: string) => t.app.inject({ method: 'GET', url, headers: u ? as(who[u]) : {} });
const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((p) => p.name);
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.slice('/uploads/'.length));

async function createProduct(u: string, fields: Record<string, string | number | boolean>, pictures = 2) {
  const files = await Promise.all(
    Array.from({ length: pictures }, async (_, i) => ({
      field: 'pictures',
      name: `p${i}.png`,
      data: await png(i ? '#10b981' : '#f59e0b'),
      type: 'image/png',
    })),
  );
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/products', headers: { ...as(who[u]), ...body.headers }, payload: body.payload });
}
const newProduct = () => ({
  name: 'Coffee grinder',
  description: 'Manual coffee grinder with ceramic burrs.',
  categoryId: shopCategory.id,
  price: 1800,
  stock: 7,
  storeId: shop,
  featured: true,
});

describe('shop lists', () => {
  it('lists a category by slug in every ordering, paged', async () => {
    const base = '/api/products/category/slug/?slug=electronica&pageSize=2';
    const featured = (await get(`${base}&order=featured`)).json();
    expect(featured).toMatchObject({ page: 1, pageSize: 2, totalCount: 4, totalPages: 2 });
    expect(featured.data[0].featured).toBe(true);
    const cheap = (await get(`${base.replace('pageSize=2', 'pageSize=10')}&order=price_asc`))
      .json()
      .data.map((p: { price: number }) => p.price);
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
    const dear = (await get(`${base.replace('pageSize=2', 'pageSize=10')}&order=price_desc`))
      .json()
      .data.map((p: { price: number }) => p.price);
    expect(dear).toEqual([...cheap].reverse());
    const page2 = (await get(`${base}&order=price_asc&page=2`)).json();
    expect(page2.data.map((p: { price: number }) => p.price)).toEqual(cheap.slice(2, 4));
    expect((await get('/api/products/all/?order=cheapest')).statusCode).toBe(400);
  });

  it('serves the signed-in variants from the user store, and refuses them signed out', async () => {
    const [electronics2] = await t.db
      .select()
      .from(s.categories)
      .where(and(eq(s.categories.slug, 'electronica'), eq(s.categories.storeId, 2)));
    const mine = (await get(`/api/products/categoryAuth/?categoryId=${electronics2!.id}`, 'luis')).json();
    expect(mine.data.every((p: { storeId: number }) => p.storeId === 2)).toBe(true);
    expect((await get(`/api/products/categoryAuth/?categoryId=${electronics2!.id}`)).statusCode).toBe(401);
    expect(
      (await get('/api/products/otherResultsAuth?limit=3', 'luis')).json().data.every((p: { storeId: number }) => p.storeId === 2),
    ).toBe(true);
    expect((await get('/api/products/otherResultsAuth')).statusCode).toBe(401);
    const anonymous = (await get('/api/products/?pageSize=5')).json();
    expect(anonymous).toMatchObject({ page: 1, pageSize: 5 });
    expect(anonymous.data.every((p: { storeId: number }) => p.storeId === 1)).toBe(true);
    expect((await get('/api/products/?storeId=3&pageSize=100')).json().totalCount).toBe(20);
  });

  it('orders by date, newest first', async () => {
    await t.db
      .update(s.products)
      .set({ createdAt: new Date('2031-03-01T00:00:00Z') })
      .where(eq(s.products.slug, 'mouse-inalambrico'));
    const res = (await get(`/api/products/category/?categoryId=${category.id}&order=date`)).json();
    expect(res.data[0].slug).toBe('mouse-inalambrico');
  });

  it('searches accent- and case-insensitively, ranked, within the store', async () => {
    const cafe = await get('/api/products/all/?search=cafe');
    expect(names(cafe)).toEqual(expect.arrayContaining(['Taza de café de cerámica', 'Juego de tazas para café']));
    const mochila = await get('/api/products/all/?search=MOCHILA');
    expect(mochila.json().totalCount).toBe(3);
    expect(names(mochila).every((n: string) => n.startsWith('Mochila'))).toBe(true);
    const typo = await get('/api/products/all/?search=audifonos inalambricos');
    expect(names(typo)[0]).toBe('Audífonos inalámbricos');
    // Store 2 does not carry the facial kit; its shoppers do not find it.
    expect((await get('/api/products/all/?search=kit facial', 'ana')).json().totalCount).toBe(1);
    expect((await get('/api/productsAuth/?search=kit facial', 'luis')).json().totalCount).toBe(0);
    expect((await get('/api/products/all/?search=zzzzqqq')).json()).toMatchObject({ data: [], totalCount: 0 });
    // A misspelling finds nothing exactly, so near spellings are tried.
    expect(names(await get('/api/products/all/?search=audifonoz'))[0]).toBe('Audífonos inalámbricos');
    expect(names(await get('/api/products/all/?search=bocinna'))).toContain('Bocina Bluetooth');
  });

  it('answers again from the cache before validation only for the same store and a URL that passed it', async () => {
    // Searches are kept from their second request: the third of each is answered before validation.
    for (let i = 0; i < 3; i++) {
      expect((await get('/api/products/all/?search=kit facial')).json().totalCount).toBe(1);
      expect((await get('/api/products/all/?search=kit facial', 'luis')).json().totalCount).toBe(0);
      expect((await get('/api/products/slug/termo-de-acero')).statusCode).toBe(200);
      expect((await get('/api/products/slug/termo-de-acero', 'luis')).json().code).toBe('NOT_AVAILABLE_IN_STORE');
      expect((await get('/api/products/slug/%20termo-de-acero')).json().data.slug).toBe('termo-de-acero');
      expect((await get('/api/products/all/?search=kit facial&order=cheapest')).statusCode).toBe(400);
      expect((await get('/api/products/all/?search=kit facial&storeId=2')).json().totalCount).toBe(0);
    }
  });

  it("gives a product's pictures in order (position, then the oldest) with its row, and none as an empty list", async () => {
    const [p] = await t.db
      .select({ id: s.products.id })
      .from(s.products)
      .where(and(eq(s.products.name, 'Bocina Bluetooth'), eq(s.products.storeId, 1)));
    const pictures = () => get(`/api/productsAuth/${p!.id}`, 'ana').then((r) => r.json().data.images.map((i: { url: string }) => i.url));
    const before: string[] = await pictures();
    const added = await t.db
      .insert(s.productImages)
      .values([
        { productId: p!.id, url: '/uploads/products/later-1200.webp', position: 9 },
        { productId: p!.id, url: '/uploads/products/first-1200.webp', position: -1 },
        { productId: p!.id, url: '/uploads/products/second-1200.webp', position: -1 },
      ])
      .returning({ id: s.productImages.id });
    try {
      const expected = [
        '/uploads/products/first-1200.webp',
        '/uploads/products/second-1200.webp',
        ...before,
        '/uploads/products/later-1200.webp',
      ];
      expect(await pictures()).toEqual(expected);
      const admin = await get(`/api/productAdmin/${p!.id}`, 'admin');
      expect(admin.json().data.images.map((i: { url: string }) => i.url)).toEqual(expected);
    } finally {
      await t.db.delete(s.productImages).where(
        inArray(
          s.productImages.id,
          added.map((a) => a.id),
        ),
      );
    }
    expect(await pictures()).toEqual(before);
    const [bare] = await t.db
      .insert(s.products)
      .values({
        storeId: 1,
        categoryId: category.id,
        name: 'Bare product',
        slug: 'bare-product',
        description: 'No pictures.',
        price: 10,
        stock: 1,
      })
      .returning({ id: s.products.id });
    const none = await get(`/api/productsAuth/${bare!.id}`, 'ana');
    expect(none.json().data).toMatchObject({ name: 'Bare product', images: [] });
    await t.db.delete(s.products).where(eq(s.products.id, bare!.id));
  });

  it('answers the product page by slug, counts views, and refuses products of another store', async () => {
    const res = await get('/api/products/slug/termo-de-acero');
    expect(res.statusCode).toBe(200);
    const product = res.json().data;
    expect(product).toMatchObject({ name: 'Termo de acero', categorySlug: 'termos-y-tazas', storeId: 1 });
    expect(product.images).toHaveLength(1);
    const view = await t.app.inject({ method: 'POST', url: `/api/products/view/${product.id}` });
    expect(view.json()).toEqual({ data: { counted: true } });
    const [row] = await t.db.select({ views: s.products.views }).from(s.products).where(eq(s.products.id, product.id));
    expect(row!.views).toBe((await t.db.select({ v: s.products.views }).from(s.products).where(eq(s.products.id, product.id)))[0]!.v);

    const other = await get('/api/products/slug/termo-de-acero', 'luis');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'NOT_AVAILABLE_IN_STORE',
      message: 'El producto que buscas no está disponible en tu tienda',
    });
    expect((await get(`/api/productsAuth/${product.id}`, 'luis')).json().code).toBe('NOT_AVAILABLE_IN_STORE');
    expect((await get(`/api/productsAuth/${product.id}`, 'ana')).json().data.id).toBe(product.id);
    expect((await get(`/api/productsAuth/${product.id}`)).statusCode).toBe(401);
    expect((await get('/api/products/slug/no-such-thing')).statusCode).toBe(404);
  });

  it('gives the home rows and related products', async () => {
    const featured = (await get('/api/products/stats/?type=featured&limit=20')).json().data;
    expect(featured.length).toBeGreaterThan(5);
    expect(featured.every((p: { featured: boolean }) => p.featured)).toBe(true);
    const views = (await get('/api/products/stats/?type=views&limit=5')).json().data.map((p: { id: number }) => p.id);
    expect(views).toHaveLength(5);
    const fresh = (await get('/api/products/stats/?type=new')).json().data;
    expect(fresh.length).toBeGreaterThan(0);
    const recommended = (await get('/api/products/stats/?type=recommended', 'ana')).json().data;
    expect(recommended.length).toBe(10);
    const [mugs] = await t.db
      .select()
      .from(s.categories)
      .where(and(eq(s.categories.slug, 'termos-y-tazas'), eq(s.categories.storeId, 1)));
    await t.db.update(s.profiles).set({ preferredCategoryId: mugs!.id }).where(eq(s.profiles.userId, idOf.ana!));
    const liked = (await get('/api/products/stats/?type=recommended&limit=3', 'ana')).json().data;
    expect(liked.every((p: { categoryId: number }) => p.categoryId === mugs!.id)).toBe(true);
    expect((await get('/api/products/stats/?type=best')).statusCode).toBe(400);

    const termo = (await get('/api/products/slug/termo-de-acero')).json().data;
    const other = (await get(`/api/products/otherResults?categoryId=${termo.categoryId}&excludeId=${termo.id}&limit=4`)).json().data;
    expect(other).toHaveLength(4);
    expect(other.slice(0, 2).every((p: { categoryId: number }) => p.categoryId === termo.categoryId)).toBe(true);
    expect(other.some((p: { id: number }) => p.id === termo.id)).toBe(false);
    expect((await get('/api/products/lastShopping/', 'ana')).json()).toEqual({ data: [] });
    expect((await get(`/api/products/stock/${termo.id}/3`)).json()).toEqual({ data: 3 });
    expect((await get(`/api/products/stock/${termo.id}/999`)).json()).toEqual({ data: termo.stock });
  });
});

describe('last shopping', () => {
  it("shows the products of the user's own latest orders, newest first, once each, while they can be ordered", async () => {
    // A shopper of a store of their own, who can afford its two products.
    const outlet = (await make.store()).id;
    const buyer = await make.shopper({ storeId: outlet, points: 2000 });
    who.buyer = buyer.session;
    expect((await get('/api/products/lastShopping', 'buyer')).json()).toEqual({ data: [] });
    const first = await make.product({ storeId: outlet, name: 'Llavero', price: 100, stock: 10 });
    const second = await make.product({ storeId: outlet, name: 'Cordón', price: 200, stock: 10 });
    const buy = async (productId: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.headers,
        payload: { lines: [{ productId, quantity: 1 }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      t.clock.advance(60_000);
    };
    await buy(first.id);
    await buy(second.id);
    await buy(first.id);
    expect(names(await get('/api/products/lastShopping', 'buyer'))).toEqual([first.name, second.name]);
    // Nobody else sees them.
    expect(names(await get('/api/products/lastShopping', 'super'))).not.toContain(second.name);
    // A product that can no longer be ordered drops out.
    const off = await t.app.inject({ method: 'PUT', url: `/api/products/deactivate/${second.id}`, headers: as(who.super) });
    expect(off.statusCode).toBe(200);
    expect(names(await get('/api/products/lastShopping', 'buyer'))).toEqual([first.name]);
    await t.app.inject({ method: 'PUT', url: `/api/products/activate/${second.id}`, headers: as(who.super) });
  });
});

describe('administrators', () => {
  it('create a product with several pictures, WebP variants and an initial stock movement', async () => {
    const res = await createProduct('admin', newProduct());
    expect(res.statusCode).toBe(201);
    const product = res.json().data;
    expect(product).toMatchObject({
      name: 'Coffee grinder',
      slug: 'coffee-grinder',
      price: 1800,
      stock: 7,
      featured: true,
      active: true,
      storeId: shop,
    });
    expect(product.images).toHaveLength(2);
    for (const w of [300, 600, 1200]) expect(fs.existsSync(fileOf(product.images[0].url.replace('-1200.webp', `-${w}.webp`)))).toBe(true);
    const moves = await t.db.select().from(s.inventoryMovements).where(eq(s.inventoryMovements.productId, product.id));
    expect(moves).toMatchObject([{ delta: 7, stockAfter: 7 }]);
    // Shoppers find it at once, in English too ("coffee"), accent-free.
    expect(names(await get(`/api/products/all/?search=coffee&storeId=${shop}`))).toContain('Coffee grinder');
  });

  it('validate the form and the store, with clear errors', async () => {
    const bad = await createProduct('admin', { ...newProduct(), name: 'C', price: -1 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.name', 'body.price']);
    const noPictures = await createProduct('admin', newProduct(), 0);
    expect(noPictures.json()).toMatchObject({ statusCode: 400, code: 'PICTURE_REQUIRED' });
    const foreign = await make.category({ storeId: (await make.store()).id });
    const wrongCategory = await createProduct('admin', { ...newProduct(), categoryId: foreign.id });
    expect(wrongCategory.statusCode).toBe(422);
    expect(wrongCategory.json().code).toBe('CATEGORY_OTHER_STORE');
    const tooMany = await createProduct('admin', newProduct(), 7);
    expect(tooMany.statusCode).toBe(413);
  });

  it('check permissions: 401, 403 shopper, 403 other store', async () => {
    const body = await multipart(newProduct(), [{ field: 'pictures', name: 'a.png', data: await png() }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/products', headers: body.headers, payload: body.payload })).statusCode).toBe(
      401,
    );
    expect((await createProduct('ana', newProduct())).statusCode).toBe(403);
    expect((await createProduct('admin', { ...newProduct(), storeId: 2 })).json().code).toBe('FORBIDDEN_STORE');
    expect((await get('/api/productAdmin/?storeId=2', 'admin')).statusCode).toBe(403);
    expect((await get(`/api/productAdmin/?storeId=${shop}`, 'ana')).statusCode).toBe(403);
  });

  it('edit fields and pictures; a new stock figure goes through the stock ledger; lists update at once', async () => {
    const product = (await createProduct('admin', { ...newProduct(), name: 'Desk lamp', stock: 4 })).json().data;
    // Warm the cache with the public list, then edit.
    expect(names(await get(`/api/products/all/?search=desk lamp&storeId=${shop}`))).toEqual(['Desk lamp']);
    const body = await multipart({ name: 'Reading lamp', price: 950, stock: 10, removeImageIds: String(product.images[0].id) }, [
      { field: 'pictures', name: 'new.png', data: await png('#ef4444') },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/image/${product.id}`,
      headers: { ...as(who.admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json().data;
    expect(edited).toMatchObject({ name: 'Reading lamp', slug: 'reading-lamp', price: 950, stock: 10 });
    expect(edited.images.map((i: { id: number }) => i.id)).not.toContain(product.images[0].id);
    expect(edited.images).toHaveLength(2);
    expect(fs.existsSync(fileOf(product.images[0].url))).toBe(false);
    const moves = await t.db.select().from(s.inventoryMovements).where(eq(s.inventoryMovements.productId, product.id));
    expect(moves.map((m) => [m.delta, m.stockAfter])).toEqual([
      [4, 4],
      [6, 10],
    ]);
    expect(names(await get(`/api/products/all/?search=desk lamp&storeId=${shop}`))).toEqual([]);
    expect(names(await get(`/api/products/all/?search=reading lamp&storeId=${shop}`))).toEqual(['Reading lamp']);

    const removeAll = await multipart({ removeImageIds: edited.images.map((i: { id: number }) => i.id).join(',') });
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/products/image/${product.id}`,
      headers: { ...as(who.admin), ...removeAll.headers },
      payload: removeAll.payload,
    });
    expect(empty.json().code).toBe('PICTURE_REQUIRED');
  });

  it('deactivate hides a product from shoppers; activate shows it again', async () => {
    const product = (await createProduct('admin', { ...newProduct(), name: 'Hidden speaker' })).json().data;
    // A shopper of the store reads the product page.
    who.shopper = (await make.shopper({ storeId: shop })).session;
    const off = await t.app.inject({ method: 'PUT', url: `/api/products/deactivate/${product.id}`, headers: as(who.admin) });
    expect(off.json().data.active).toBe(false);
    expect((await get(`/api/products/slug/${product.slug}`, 'shopper')).statusCode).toBe(404);
    expect(names(await get(`/api/products/all/?search=hidden speaker&storeId=${shop}`))).toEqual([]);
    const inactive = (await get(`/api/productAdmin/?storeId=${shop}&active=false`, 'admin')).json();
    expect(inactive.data.map((p: { id: number }) => p.id)).toContain(product.id);
    await t.app.inject({ method: 'PUT', url: `/api/products/activate/${product.id}`, headers: as(who.admin) });
    expect((await get(`/api/products/slug/${product.slug}`, 'shopper')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/deactivate/${product.id}`, headers: as(who.luis) })).statusCode).toBe(
      403,
    );
  });

  it('delete a product without orders, and refuse one that has orders', async () => {
    const product = (await createProduct('admin', { ...newProduct(), name: 'Temporary item' })).json().data;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/delete/${product.id}`, headers: as(who.admin) });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(fileOf(product.images[0].url))).toBe(false);
    expect((await get(`/api/productAdmin/${product.id}`, 'admin')).statusCode).toBe(404);

    const sold = await make.product({ storeId: shop, categoryId: shopCategory.id, name: 'Bocina Bluetooth', price: 700, stock: 5 });
    const customer = await make.shopper({ storeId: shop });
    const [order] = await t.db.insert(s.orders).values({ userId: customer.id, storeId: shop, total: sold.price }).returning();
    await t.db.insert(s.orderLines).values({ orderId: order!.id, productId: sold.id, quantity: 1, price: sold.price });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/products/delete/${sold.id}`, headers: as(who.admin) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRODUCT_HAS_ORDERS');
    // ... and now it is part of the customer's last shopping.
    const last = await t.app.inject({ method: 'GET', url: '/api/products/lastShopping', headers: customer.headers });
    expect(names(last)).toEqual(['Bocina Bluetooth']);
  });

  it('filter the admin list by search, category, activity and stock', async () => {
    const categoryId = shopCategory.id;
    const scarce = await make.product({ storeId: shop, categoryId, name: 'Lámpara escasa', stock: 3 });
    const termo = await make.product({ storeId: shop, categoryId, name: 'Termo de acero', stock: 12 });
    const elsewhere = await make.product({ storeId: shop, name: 'Otra categoría', stock: 9 });
    const all = (await get(`/api/productAdmin/?storeId=${shop}&pageSize=100`, 'admin')).json();
    const listed = all.data.map((p: { id: number }) => p.id);
    expect(listed).toEqual(expect.arrayContaining([scarce.id, termo.id, elsewhere.id]));
    expect(all.totalCount).toBe(listed.length);
    expect(all.data.every((p: { storeId: number }) => p.storeId === shop)).toBe(true);
    const low = (await get(`/api/productAdmin/?storeId=${shop}&stock=low&pageSize=100`, 'admin')).json().data;
    expect(low.map((p: { id: number }) => p.id)).toContain(scarce.id);
    expect(low.every((p: { stock: number }) => p.stock > 0 && p.stock <= 5)).toBe(true);
    await setStock(t.db, termo.id, 0);
    const out = (await get(`/api/productAdmin/?storeId=${shop}&stock=out`, 'admin')).json().data.map((p: { id: number }) => p.id);
    expect(out).toContain(termo.id);
    const search = (await get(`/api/productAdmin/?storeId=${shop}&search=termo`, 'admin')).json().data.map((p: { slug: string }) => p.slug);
    expect(search).toEqual([termo.slug]);
    const byCategory = (await get(`/api/productAdmin/?storeId=${shop}&categoryId=${categoryId}&pageSize=100`, 'admin')).json().data;
    expect(byCategory.map((p: { id: number }) => p.id)).not.toContain(elsewhere.id);
    expect(byCategory.every((p: { categoryId: number }) => p.categoryId === categoryId)).toBe(true);
    expect((await get('/api/productAdmin/?storeId=2', 'super')).statusCode).toBe(200);
  });
});
