import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, multipart, png, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

/**
 * Categories in Spanish and English (docs/architecture.md A6.15): title and description written and read in
 * both, either one alone, never neither; an edit that leaves a language out keeps it. The store and its
 * administrator are this file's own.
 */
let t: TestApp;
let shop: number;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  shop = (await make.store()).id;
  admin = (await make.admin({ stores: [shop] })).session;
});
afterAll(() => t.close());

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, withPicture = method === 'POST') {
  const body = await multipart(fields, withPicture ? [{ field: 'picture', name: 'p.png', data: await png(), type: 'image/png' }] : []);
  return t.app.inject({ method, url, headers: { ...as(admin), ...body.headers }, payload: body.payload });
}

describe('categories in both languages', () => {
  it('writes both languages and reads them back in the shop list and one by one', async () => {
    const res = await send('POST', '/api/categories', {
      title: 'Jardín',
      titleEn: 'Garden',
      description: 'Todo para tu jardín y tus plantas.',
      descriptionEn: 'Everything for your garden and plants.',
      storeId: shop,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      title: 'Jardín',
      titleEn: 'Garden',
      slug: 'jardin',
      descriptionEn: 'Everything for your garden and plants.',
    });
    const list = (await t.app.inject({ method: 'GET', url: `/api/categories/?storeId=${shop}` })).json().data;
    expect(list).toContainEqual(
      expect.objectContaining({ id: created.id, titleEn: 'Garden', descriptionEn: 'Everything for your garden and plants.' }),
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/categories/${created.id}` })).json().data.titleEn).toBe('Garden');
  });

  it("takes one written only in English ('' for the Spanish, the slug from the English), and finds it by its English", async () => {
    const res = await send('POST', '/api/categories', { titleEn: 'Stationery', descriptionEn: 'Paper, pens and more.', storeId: shop });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ title: '', titleEn: 'Stationery', description: '', slug: 'stationery' });
    const found = await t.app.inject({ method: 'GET', url: `/api/categories/?storeId=${shop}&search=statio`, headers: as(admin) });
    expect(found.json().data.map((c: { titleEn: string }) => c.titleEn)).toEqual(['Stationery']);
  });

  it('refuses a title or description written in neither language with 400 on the field', async () => {
    const res = await send('POST', '/api/categories', {
      title: ' ',
      titleEn: '',
      description: 'Una descripción suficiente.',
      storeId: shop,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.title', message: 'Required field', code: 'custom' }],
    });
  });

  it('edits one language and keeps the other; leaving neither is refused', async () => {
    const { id } = (
      await send('POST', '/api/categories', { title: 'Música', description: 'Instrumentos y accesorios.', storeId: shop })
    ).json().data;
    const edited = await send('PUT', `/api/categories/${id}`, { titleEn: 'Music', descriptionEn: 'Instruments and accessories.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Música',
      titleEn: 'Music',
      description: 'Instrumentos y accesorios.',
      slug: 'musica',
    });
    const neither = await send('PUT', `/api/categories/${id}`, { description: '', descriptionEn: '' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual([{ field: 'body.description', message: 'Required field', code: 'custom' }]);
    const cleared = await send('PUT', `/api/categories/${id}`, { title: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ title: '', titleEn: 'Music', slug: 'music' });
  });
});
