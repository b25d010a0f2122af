import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, multipart, png, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

/**
 * Products in Spanish and English (docs/architecture.md A6.15, A6.10): written and read in both languages,
 * either one alone, never neither; an edit that leaves a language out keeps it; the shop's search (the
 * in-memory index) and the administrators' search (PostgreSQL's search text) find a product by its English.
 * The store, its category and the people are this file's own.
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
let shop: number;
let category: { id: number };
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  shop = (await make.store()).id;
  category = await make.category({ storeId: shop, title: 'Aire libre', titleEn: 'Outdoors' });
  who.admin = (await make.admin({ stores: [shop] })).session;
  who.shopper = (await make.shopper({ storeId: shop })).session;
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const get = (url: string, u = 'shopper') => t.app.inject({ method: 'GET', url, headers: as(who[u]) });
async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, withPicture = method === 'POST') {
  const body = await multipart(fields, withPicture ? [{ field: 'pictures', name: 'p.png', data: await png(), type: 'image/png' }] : []);
  return t.app.inject({ method, url, headers: { ...as(who.admin), ...body.headers }, payload: body.payload });
}
const product = (fields: Record<string, string | number>) =>
  send('POST', '/api/products', { categoryId: category.id, price: 900, stock: 3, storeId: shop, ...fields });

describe('products in both languages', () => {
  it('writes both languages and reads them back in the shop, the product page and the admin list', async () => {
    const res = await product({
      name: 'Hamaca de paracaídas',
      nameEn: 'Parachute hammock',
      description: 'Hamaca ligera con correas para árbol.',
      descriptionEn: 'Lightweight hammock with tree straps.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Hamaca de paracaídas',
      nameEn: 'Parachute hammock',
      descriptionEn: 'Lightweight hammock with tree straps.',
      categoryTitle: 'Aire libre',
      categoryTitleEn: 'Outdoors',
      slug: 'hamaca-de-paracaidas',
    });
    const page = (await get(`/api/products/slug/${created.slug}`)).json().data;
    expect(page).toMatchObject({
      nameEn: 'Parachute hammock',
      descriptionEn: 'Lightweight hammock with tree straps.',
      categoryTitleEn: 'Outdoors',
    });
    const admin = (await get(`/api/productAdmin/?storeId=${shop}`, 'admin')).json().data;
    expect(admin.find((p: { id: number }) => p.id === created.id)).toMatchObject({
      name: 'Hamaca de paracaídas',
      nameEn: 'Parachute hammock',
    });
  });

  it("takes a product written only in English: '' for the Spanish, the slug from the English", async () => {
    const res = await product({ nameEn: 'Camping lantern', descriptionEn: 'Rechargeable lantern with three light modes.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: '', nameEn: 'Camping lantern', description: '', slug: 'camping-lantern' });
  });

  it('refuses a product whose name or description is written in neither language: 400 on the field', async () => {
    const res = await product({ name: '', nameEn: ' ', description: 'Una descripción suficiente.' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().details).toEqual([{ field: 'body.name', message: 'Required field', code: 'custom' }]);
    const short = await product({ name: 'Termo', nameEn: 'T', description: 'Conserva el calor doce horas.' });
    expect(short.json().details).toEqual([expect.objectContaining({ field: 'body.nameEn', message: 'Too short!' })]);
  });

  it('edits one language and keeps the other; clearing the only one written is refused', async () => {
    const { id } = (await product({ name: 'Linterna frontal', description: 'Linterna para la cabeza con LED.' })).json().data;
    const edited = await send('PUT', `/api/products/image/${id}`, { nameEn: 'Headlamp', descriptionEn: 'LED head torch.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Linterna frontal', nameEn: 'Headlamp', slug: 'linterna-frontal' });
    const cleared = await send('PUT', `/api/products/image/${id}`, { name: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ name: '', nameEn: 'Headlamp', slug: 'headlamp' });
    const neither = await send('PUT', `/api/products/image/${id}`, { nameEn: '' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual([{ field: 'body.name', message: 'Required field', code: 'custom' }]);
    const [row] = await t.db.select({ nameEn: s.products.nameEn }).from(s.products).where(eq(s.products.id, id));
    expect(row!.nameEn).toBe('Headlamp');
  });

  it('finds a product by a word of its English only, accents and case ignored, in the shop and the admin list', async () => {
    await product({
      name: 'Termo de acero inoxidable',
      nameEn: 'Stainless steel thermos',
      description: 'Conserva tu café caliente.',
      descriptionEn: 'Keeps your coffee hot for twelve hours.',
    });
    const names = async (url: string, u?: string) => (await get(url, u)).json().data.map((p: { name: string }) => p.name);
    // The shop's in-memory index: a name word, a description word, the category's English title.
    expect(await names(`/api/productsAuth/?search=THERMOS`)).toEqual(['Termo de acero inoxidable']);
    expect(await names(`/api/productsAuth/?search=twelve`)).toEqual(['Termo de acero inoxidable']);
    expect(await names(`/api/productsAuth/?search=outdoors thermos`)).toEqual(['Termo de acero inoxidable']);
    expect(await names(`/api/productsAuth/?search=stainléss stéel`)).toEqual(['Termo de acero inoxidable']);
    // The header's suggestions carry both names.
    const suggested = (await get(`/api/products/suggest/?q=stainless&storeId=${shop}`)).json().data;
    expect(suggested).toEqual([
      expect.objectContaining({ name: 'Termo de acero inoxidable', nameEn: 'Stainless steel thermos', categoryTitleEn: 'Outdoors' }),
    ]);
    // PostgreSQL's search text (the administrators' list, and stores too large for the index).
    expect(await names(`/api/productAdmin/?storeId=${shop}&search=Thermos`, 'admin')).toEqual(['Termo de acero inoxidable']);
  });

  it("follows a category's English title in its products' search text", async () => {
    const other = await make.category({ storeId: shop, title: 'Cocina' });
    await make.product({
      storeId: shop,
      categoryId: other.id,
      name: 'Molino de café',
      description: 'Molino manual de cerámica.',
      stock: 2,
    });
    const body = await multipart({ titleEn: 'Kitchen' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${other.id}`,
      headers: { ...as(who.admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Cocina', titleEn: 'Kitchen' });
    expect((await get(`/api/productsAuth/?search=kitchen`)).json().data.map((p: { name: string }) => p.name)).toEqual(['Molino de café']);
    expect((await get(`/api/productAdmin/?storeId=${shop}&search=kitchen`, 'admin')).json().totalCount).toBe(1);
  });
});
