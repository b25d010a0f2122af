import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, multipart, png, signIn, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['ana', 'admin', 'super']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
});
afterAll(() => t.close());

const get = (url: string, u?: string) => t.app.inject({ method: 'GET', url, headers: u ? as(who[u]) : {} });
async function send(
  method: 'POST' | 'PUT',
  url: string,
  u: string | undefined,
  fields: Record<string, string | number>,
  withPicture = true,
) {
  const body = await multipart(fields, withPicture ? [{ field: 'picture', name: 'p.png', data: await png(), type: 'image/png' }] : []);
  return t.app.inject({
    method,
    url,
    headers: { ...(u ? as(who[u]) : { origin: 'http://localhost:3000' }), ...body.headers },
    payload: body.payload,
  });
}
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.slice('/uploads/'.length));
const valid = { title: 'Gift cards', description: 'Gift cards of external providers.', storeId: 1 };

describe('categories: shop side', () => {
  it('lists the active categories of the default store when signed out, paged', async () => {
    const res = await get('/api/categories/?pageSize=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 5, totalCount: 14, totalPages: 3 });
    expect(res.json().data.every((c: { storeId: number; active: boolean }) => c.storeId === 1 && c.active)).toBe(true);
  });

  it('refuses unknown filters', async () => {
    expect((await get('/api/categories/?colour=red')).statusCode).toBe(400);
  });

  it('gets one category, 404 when missing', async () => {
    const list = (await get('/api/categories/?pageSize=1')).json();
    expect((await get(`/api/categories/${list.data[0].id}`)).json().data.slug).toBe(list.data[0].slug);
    expect((await get('/api/categories/999999')).statusCode).toBe(404);
  });
});

describe('categories: administrators', () => {
  it('create needs title, description, picture and store, each with a clear error', async () => {
    const noPicture = await send('POST', '/api/categories', 'admin', valid, false);
    expect(noPicture.statusCode).toBe(400);
    expect(noPicture.json().details).toEqual([expect.objectContaining({ field: 'body.picture', message: 'Required field' })]);
    const short = await send('POST', '/api/categories', 'admin', { ...valid, title: 'A' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([expect.objectContaining({ field: 'body.title', message: 'Too short!' })]);
    const missing = await send('POST', '/api/categories', 'admin', { title: 'Gift cards', storeId: 1 });
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'body.description', message: 'Required field' })]);
    const long = await send('POST', '/api/categories', 'admin', { ...valid, description: 'x'.repeat(2001) });
    expect(long.json().details[0].message).toBe('Too long!');
  });

  it('rejects a file that is not an image (415) and one over the size limit (413)', async () => {
    const text = await multipart(valid, [
      { field: 'picture', name: 'evil.png', data: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { ...as(who.admin), ...text.headers },
      payload: text.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'INVALID_IMAGE', message: expect.stringContaining('imagen válida') });
    const big = await multipart(valid, [{ field: 'picture', name: 'big.png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { ...as(who.admin), ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
    const json = await t.app.inject({ method: 'POST', url: '/api/categories', headers: as(who.admin), payload: valid });
    expect(json.statusCode).toBe(415);
  });

  it('checks who may write: 401 signed out, 403 shopper, 403 administrator of another store', async () => {
    expect((await send('POST', '/api/categories', undefined, valid)).statusCode).toBe(401);
    expect((await send('POST', '/api/categories', 'ana', valid)).statusCode).toBe(403);
    const other = await send('POST', '/api/categories', 'admin', { ...valid, storeId: 2 });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN_STORE');
    expect((await send('POST', '/api/categories', 'super', { ...valid, title: 'Tarjetas GDL', storeId: 2 })).statusCode).toBe(201);
  });

  it('creates, edits, deactivates, activates and deletes a category', async () => {
    const created = await send('POST', '/api/categories', 'admin', valid);
    expect(created.statusCode).toBe(201);
    const category = created.json().data;
    expect(category).toMatchObject({ title: 'Gift cards', slug: 'gift-cards', storeId: 1, active: true });
    expect(fs.existsSync(fileOf(category.picture))).toBe(true);
    expect(fs.existsSync(fileOf(category.picture.replace('-1200.webp', '-300.webp')))).toBe(true);
    const again = await send('POST', '/api/categories', 'admin', valid);
    expect(again.json().data.slug).toBe('gift-cards-2');

    const edited = await send('PUT', `/api/categories/${category.id}`, 'admin', {
      title: 'Tarjetas de regalo',
      description: 'Tarjetas de regalo de proveedores.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Tarjetas de regalo', slug: 'tarjetas-de-regalo' });
    expect(edited.json().data.picture).not.toBe(category.picture);
    expect(fs.existsSync(fileOf(category.picture))).toBe(false);

    const other = await send('PUT', `/api/categories/${category.id}`, 'ana', { title: 'x', description: 'y' });
    expect(other.statusCode).toBe(403);

    const off = await t.app.inject({ method: 'PUT', url: `/api/categories/deactivate/${category.id}`, headers: as(who.admin) });
    expect(off.json().data.active).toBe(false);
    const publicList = (await get('/api/categories/?pageSize=100')).json();
    expect(publicList.data.some((c: { id: number }) => c.id === category.id)).toBe(false);
    expect((await get(`/api/categories/${category.id}`)).statusCode).toBe(404);
    const adminList = (await get('/api/categories/?pageSize=100&active=false', 'admin')).json();
    expect(adminList.data.map((c: { id: number }) => c.id)).toContain(category.id);
    const shopperFilter = (await get('/api/categories/?pageSize=100&active=false', 'ana')).json();
    expect(shopperFilter.data.every((c: { active: boolean }) => c.active)).toBe(true);
    const on = await t.app.inject({ method: 'PUT', url: `/api/categories/activate/${category.id}`, headers: as(who.admin) });
    expect(on.json().data.active).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/categories/delete/${category.id}`, headers: as(who.admin) });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(fileOf(edited.json().data.picture))).toBe(false);
    expect((await get(`/api/categories/${category.id}`, 'admin')).statusCode).toBe(404);
  });

  it('refuses to delete a category that has products', async () => {
    const [withProducts] = await t.db.select().from(s.categories).where(eq(s.categories.slug, 'mochilas'));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categories/delete/${withProducts!.id}`, headers: as(who.admin) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CATEGORY_NOT_EMPTY', details: { products: 3 } });
  });

  it('renaming a category makes its products findable by the new name', async () => {
    const [mugs] = await t.db.select().from(s.categories).where(eq(s.categories.slug, 'termos-y-tazas'));
    await send('PUT', `/api/categories/${mugs!.id}`, 'admin', { title: 'Bebidas calientes', description: mugs!.description }, false);
    const found = (await get('/api/products/all/?search=bebidas calientes')).json();
    expect(found.totalCount).toBe(3);
  });
});
