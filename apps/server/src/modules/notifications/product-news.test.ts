import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describeNotification } from '@rewards/shared/notifications';
import * as s from '../../db/schema/index.ts';
import { slugify, productSearchText } from '../../lib/search-text.ts';
import { as, createTestApp, multipart, png, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { moveStock } from '../inventory/inventory.service.ts';

/**
 * Product news (db/functions/rs_product_news_*.sql, docs/decisions/0035-product-news.md):
 * wishlist holders hear when a product is back in stock, shoppers who opted in hear of new products in
 * their preferred category; one notification per shopper per transaction, written in that transaction
 * (nothing for a rollback).
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: string;
/** A store of this file's own, whose catalogue has the profile categories `deportes` and `oficina`. */
let shop: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  shop = (await make.store()).id;
  for (const slug of ['deportes', 'oficina']) await make.category({ storeId: shop, slug });
  // The administrator runs store 1 (the factories' default) and that store.
  admin = (await make.admin({ stores: [1, shop] })).session;
});
afterAll(() => t.close());
/** A product's names as product news quote them: both languages, as the database writes jsonb (docs/architecture.md A6.15). */
const named = (es: string, en = '') => `{"en": ${JSON.stringify(en)}, "es": ${JSON.stringify(es)}}`;
afterEach(async () => {
  await assertInvariants(t.db);
  // Notes never outlive their transaction.
  expect(await t.db.$count(s.productNewsPending)).toBe(0);
  expect(await t.db.$count(s.productNewsBatches)).toBe(0);
});

type Shopper = Awaited<ReturnType<typeof make.shopper>>;
const wish = async (who: Shopper, productId: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/wishlists', headers: who.headers, payload: { productId } });
  expect(res.statusCode, res.body).toBe(201);
};
const newsOf = (userId: number) =>
  t.db
    .select({
      id: s.notifications.id,
      description: s.notifications.description,
      url: s.notifications.url,
      itemType: s.notifications.itemType,
    })
    .from(s.notifications)
    .where(and(eq(s.notifications.userId, userId), eq(s.notifications.itemType, 'products')))
    .orderBy(s.notifications.id);
const restock = (productId: number, delta: number) =>
  t.app.inject({ method: 'POST', url: '/api/inventory', headers: as(admin), payload: { productId, delta, reason: 'Llegó del proveedor' } });

describe('back in stock', () => {
  it("quotes the product's name in both languages, which each reader gets in theirs", async () => {
    const termo = await make.product({ name: 'Termo verde', nameEn: 'Green thermos' });
    const holder = await make.shopper();
    await wish(holder, termo.id);
    expect((await restock(termo.id, 2)).statusCode).toBe(201);
    const [news] = await newsOf(holder.id);
    expect(news!.description).toBe(`Back in stock: ${named('Termo verde', 'Green thermos')}`);
    expect(describeNotification(news!, 'en')).toEqual({ key: 'productBackInStock', values: { name: 'Green thermos' } });
    expect(describeNotification(news!, 'es')).toEqual({ key: 'productBackInStock', values: { name: 'Termo verde' } });
  });

  it('notifies only the wishlist holders of the product, once, through the notification path', async () => {
    const termo = await make.product({ name: 'Termo azul' });
    const other = await make.product({ name: 'Taza roja' });
    const [holder, another, none] = [await make.shopper(), await make.shopper(), await make.shopper()];
    await wish(holder, termo.id);
    await wish(another, other.id);

    expect((await restock(termo.id, 5)).statusCode).toBe(201);
    const got = await newsOf(holder.id);
    expect(got).toEqual([
      { id: got[0]!.id, itemType: 'products', description: `Back in stock: ${named('Termo azul')}`, url: `/product?slug=${termo.slug}` },
    ]);
    expect(await newsOf(another.id)).toEqual([]);
    expect(await newsOf(none.id)).toEqual([]);

    // The API lists it as any notification, and its e-mail copy waits in the outbox (default contact: e-mail).
    const listed = (await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: holder.headers })).json();
    expect(listed.activeCount).toBe(1);
    expect(listed.data[0]).toMatchObject({ itemType: 'products', url: `/product?slug=${termo.slug}`, active: 1 });
    const mail = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.notificationId, got[0]!.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'notification', userId: holder.id, toAddress: holder.email });

    // More stock on a product that has some is no news; nor is stock that leaves.
    expect((await restock(termo.id, 3)).statusCode).toBe(201);
    expect((await restock(termo.id, -8)).statusCode).toBe(201);
    expect(await newsOf(holder.id)).toHaveLength(1);
    // Back from zero again: news again.
    expect((await restock(termo.id, 1)).statusCode).toBe(201);
    expect(await newsOf(holder.id)).toHaveLength(2);
  });

  it('gives each shopper one notification for a restock of several products in one operation', async () => {
    const products = await Promise.all(Array.from({ length: 20 }, (_, i) => make.product({ name: `Lote ${i}` })));
    const [many, one] = [await make.shopper(), await make.shopper()];
    for (const p of products.slice(0, 3)) await wish(many, p.id);
    await wish(one, products[7]!.id);
    const movements = await t.db.$count(s.inventoryMovements);
    // One operation: the 20 products move in one transaction, each through the stock owner.
    await t.db.transaction(async (tx) => {
      for (const p of products) await moveStock(tx, { productId: p.id, delta: 4, reason: 'Reabastecimiento', now: t.clock.now() });
    });
    expect(await t.db.$count(s.inventoryMovements)).toBe(movements + 20);
    expect(await newsOf(many.id)).toMatchObject([{ description: '3 wishlist products back in stock', url: '/wishlist' }]);
    expect(await newsOf(one.id)).toMatchObject([
      { description: `Back in stock: ${named('Lote 7')}`, url: `/product?slug=${products[7]!.slug}` },
    ]);

    // And through rs_move_stocks, several products in one statement.
    await t.db.transaction(async (tx) => {
      for (const p of products.slice(0, 3)) await moveStock(tx, { productId: p.id, delta: -4, reason: 'Merma', now: t.clock.now() });
    });
    await t.db.execute(
      sql`select * from rs_move_stocks(${`{${products
        .slice(0, 3)
        .map((p) => p.id)
        .join(',')}}`}::int[], '{2,2,2}'::int[], 'Reabastecimiento', null, now())`,
    );
    expect((await newsOf(many.id)).map((n) => n.description)).toEqual([
      '3 wishlist products back in stock',
      '3 wishlist products back in stock',
    ]);
  });

  it('notifies when a cancelled order returns the last units', async () => {
    const gorra = await make.product({ name: 'Gorra verde', stock: 1, price: 50 });
    const [buyer, fan] = [await make.shopper({ points: 500 }), await make.shopper()];
    await wish(fan, gorra.id);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { lines: [{ productId: gorra.id, quantity: 1 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await newsOf(fan.id)).toEqual([]);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json().data.id}`,
      headers: as(admin),
      payload: { status: 5 },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await newsOf(fan.id)).toMatchObject([
      { description: `Back in stock: ${named('Gorra verde')}`, url: `/product?slug=${gorra.slug}` },
    ]);
  });

  it('notifies nobody for a change that rolled back', async () => {
    const p = await make.product({ name: 'Mochila gris' });
    const holder = await make.shopper();
    await wish(holder, p.id);
    const before = await t.db.$count(s.notifications);
    const outbox = await t.db.$count(s.emailOutbox);
    await expect(
      t.db.transaction(async (tx) => {
        await moveStock(tx, { productId: p.id, delta: 5, reason: 'Reabastecimiento', now: t.clock.now() });
        throw new Error('something later failed');
      }),
    ).rejects.toThrow('something later failed');
    // A refused move in the same request leaves nothing either.
    const other = await make.product({ name: 'Mochila negra' });
    await wish(holder, other.id);
    await expect(
      t.db.transaction(async (tx) => {
        await moveStock(tx, { productId: other.id, delta: 2, reason: 'Reabastecimiento', now: t.clock.now() });
        await moveStock(tx, { productId: p.id, delta: -1, reason: 'Merma', now: t.clock.now() });
      }),
    ).rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await t.db.$count(s.notifications)).toBe(before);
    expect(await t.db.$count(s.emailOutbox)).toBe(outbox);
    expect(await newsOf(holder.id)).toEqual([]);
  });

  it('leaves out what a rolled-back savepoint restocked, keeping the rest of the transaction', async () => {
    const [kept, undone] = [await make.product({ name: 'Silla firme' }), await make.product({ name: 'Silla deshecha' })];
    const fan = await make.shopper();
    await wish(fan, kept.id);
    await wish(fan, undone.id);
    await t.db.transaction(async (tx) => {
      await moveStock(tx, { productId: kept.id, delta: 2, reason: 'Reabastecimiento', now: t.clock.now() });
      await tx
        .transaction(async (inner) => {
          await moveStock(inner, { productId: undone.id, delta: 2, reason: 'Reabastecimiento', now: t.clock.now() });
          throw new Error('undo this part');
        })
        .catch(() => undefined);
    });
    expect(await newsOf(fan.id)).toMatchObject([{ description: `Back in stock: ${named('Silla firme')}` }]);
  });

  it('keeps concurrent operations apart: each transaction notifies for its own products', async () => {
    const [a, b] = [await make.product({ name: 'Lámpara A' }), await make.product({ name: 'Lámpara B' })];
    const fan = await make.shopper();
    await wish(fan, a.id);
    await wish(fan, b.id);
    const tick = () => new Promise((r) => setTimeout(r, 20));
    await Promise.all(
      [a, b].map((p) =>
        t.db.transaction(async (tx) => {
          await moveStock(tx, { productId: p.id, delta: 1, reason: 'Reabastecimiento', now: t.clock.now() });
          await tick(); // both open at once on PostgreSQL (PGlite runs them one after the other)
        }),
      ),
    );
    expect((await newsOf(fan.id)).map((n) => n.description).sort()).toEqual([
      `Back in stock: ${named('Lámpara A')}`,
      `Back in stock: ${named('Lámpara B')}`,
    ]);
  });

  it('skips inactive shoppers, shoppers of another store and products not orderable', async () => {
    const p = await make.product({ name: 'Botella' });
    const hidden = await make.product({ name: 'Botella oculta', active: false });
    const [gone, moved, fan] = [await make.shopper(), await make.shopper(), await make.shopper()];
    for (const u of [gone, moved]) await wish(u, p.id);
    await t.db.insert(s.wishlistItems).values({ userId: fan.id, productId: hidden.id });
    await t.db.update(s.users).set({ active: 0 }).where(eq(s.users.id, gone.id));
    await t.db.update(s.users).set({ storeId: shop }).where(eq(s.users.id, moved.id));
    expect((await restock(p.id, 2)).statusCode).toBe(201);
    expect((await restock(hidden.id, 2)).statusCode).toBe(201);
    for (const u of [gone, moved, fan]) expect(await newsOf(u.id)).toEqual([]);
  });
});

describe('new products in the preferred category', () => {
  const form = (over: Record<string, unknown>) => ({
    city: 'Monterrey',
    postalCode: '64000',
    state: 'Nuevo León',
    address: 'Av. Constitución 100, Centro',
    preferredContact: 'email',
    officeInCity: true,
    ...over,
  });
  const deportes = async () =>
    (
      await t.db
        .select()
        .from(s.categories)
        .where(and(eq(s.categories.storeId, shop), eq(s.categories.slug, 'deportes')))
    )[0]!;
  const save = (who: Shopper, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/profile', headers: who.headers, payload: body });
  async function createProduct(name: string, categoryId: number) {
    const body = await multipart({ name, description: 'Nuevo en la tienda', categoryId, price: 300, stock: 5, storeId: shop }, [
      { field: 'pictures', name: 'a.png', data: await png() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...as(admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; slug: string };
  }

  /** A shopper of the file's store. */
  const shopper = () => make.shopper({ storeId: shop });

  it('is off by default; opting in is a profile preference kept when a form leaves it out', async () => {
    const u = await shopper();
    const cat = await deportes();
    const prefs = await t.app.inject({ method: 'GET', url: '/api/userPreferences', headers: u.headers });
    expect(prefs.json().data.productNews).toBe(false);
    expect((await save(u, form({ preferredCategoryId: cat.id }))).json().data.productNews).toBe(false);
    expect((await save(u, form({ preferredCategoryId: cat.id, productNews: true }))).json().data.productNews).toBe(true);
    expect((await save(u, form({ preferredCategoryId: cat.id }))).json().data.productNews).toBe(true);
    const bad = await save(u, form({ preferredCategoryId: cat.id, productNews: 'yes' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(bad.json().details[0].field).toBe('body.productNews');
  });

  it('notifies the shoppers who opted in, once per batch, linking to the product or the category', async () => {
    const cat = await deportes();
    const [optedIn, optedOut, elsewhere] = [await shopper(), await shopper(), await shopper()];
    expect((await save(optedIn, form({ preferredCategoryId: cat.id, productNews: true }))).statusCode).toBe(200);
    expect((await save(optedOut, form({ preferredCategoryId: cat.id, productNews: false }))).statusCode).toBe(200);
    const oficina = (
      await t.db
        .select()
        .from(s.categories)
        .where(and(eq(s.categories.storeId, shop), eq(s.categories.slug, 'oficina')))
    )[0]!;
    expect((await save(elsewhere, form({ preferredCategoryId: oficina.id, productNews: true }))).statusCode).toBe(200);

    const balon = await createProduct('Balón de fútbol', cat.id);
    expect(await newsOf(optedIn.id)).toMatchObject([
      { description: `New in your category: ${named('Balón de fútbol')}`, url: `/product?slug=${balon.slug}` },
    ]);
    expect(await newsOf(optedOut.id)).toEqual([]);
    expect(await newsOf(elsewhere.id)).toEqual([]);

    // An import of 500 products in one transaction: one notification, to the category page.
    const rows = Array.from({ length: 500 }, (_, i) => {
      const name = `Importado ${i}`;
      return {
        storeId: shop,
        categoryId: cat.id,
        name,
        slug: `${slugify(name)}-${process.pid}`,
        description: 'Importado',
        searchText: productSearchText(name, cat.title, 'Importado'),
        price: 100,
      };
    });
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 100) await tx.insert(s.products).values(rows.slice(i, i + 100));
    });
    const got = await newsOf(optedIn.id);
    expect(got).toHaveLength(2);
    expect(got[1]).toMatchObject({ description: '500 new products in your category', url: `/category/${cat.slug}` });
    expect(await newsOf(optedOut.id)).toEqual([]);
    expect(await newsOf(elsewhere.id)).toEqual([]);
    await t.db.delete(s.products).where(
      inArray(
        s.products.slug,
        rows.map((r) => r.slug),
      ),
    );
  });

  it('does not notify for a product created inactive or in a transaction that rolled back', async () => {
    const cat = await deportes();
    const u = await shopper();
    expect((await save(u, form({ preferredCategoryId: cat.id, productNews: true }))).statusCode).toBe(200);
    await make.product({ storeId: shop, categoryId: cat.id, active: false });
    const name = 'Raqueta';
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(s.products).values({
          storeId: shop,
          categoryId: cat.id,
          name,
          slug: `raqueta-${process.pid}`,
          description: 'x',
          searchText: name,
          price: 10,
        });
        throw new Error('import failed');
      }),
    ).rejects.toThrow('import failed');
    expect(await newsOf(u.id)).toEqual([]);
  });
});
