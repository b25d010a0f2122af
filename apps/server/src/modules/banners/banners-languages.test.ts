import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, multipart, png, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

/**
 * Banners in Spanish and English (docs/architecture.md A6.15): the title written and read in both, either
 * one alone, never neither; an edit that leaves a language out keeps it. The store, its administrator and
 * its shopper are this file's own.
 */
let t: TestApp;
let shop: number;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  shop = (await make.store()).id;
  who.admin = (await make.admin({ stores: [shop] })).session;
  who.shopper = (await make.shopper({ storeId: shop })).session;
});
afterAll(() => t.close());

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, picture = method === 'POST') {
  const body = await multipart(fields, picture ? [{ field: 'picture', name: 'b.png', data: await png('#0ea5e9', 600, 180) }] : []);
  return t.app.inject({ method, url, headers: { ...as(who.admin), ...body.headers }, payload: body.payload });
}

describe('banners in both languages', () => {
  it('writes both titles and the shop reads them', async () => {
    const res = await send('POST', '/api/banners', { title: 'Semana del bienestar', titleEn: 'Well-being week', storeId: shop });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'Semana del bienestar', titleEn: 'Well-being week' });
    const shown = (await t.app.inject({ method: 'GET', url: '/api/banners/', headers: as(who.shopper) })).json().data;
    expect(shown).toEqual([expect.objectContaining({ title: 'Semana del bienestar', titleEn: 'Well-being week' })]);
  });

  it("takes a title written only in English ('' for the Spanish) and refuses one written in neither", async () => {
    const english = await send('POST', '/api/banners', { titleEn: 'Double points weekend', storeId: shop });
    expect(english.statusCode, english.body).toBe(201);
    expect(english.json().data).toMatchObject({ title: '', titleEn: 'Double points weekend' });
    const neither = await send('POST', '/api/banners', { title: '', titleEn: '', storeId: shop });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.title', message: 'Required field', code: 'custom' }],
    });
  });

  it('edits one language and keeps the other; leaving neither is refused', async () => {
    const { id } = (await send('POST', '/api/banners', { title: 'Nuevos premios', storeId: shop })).json().data;
    const edited = await send('PUT', `/api/banners/${id}`, { titleEn: 'New rewards' });
    expect(edited.json().data).toMatchObject({ title: 'Nuevos premios', titleEn: 'New rewards' });
    expect((await send('PUT', `/api/banners/${id}`, { title: '' })).json().data).toMatchObject({ title: '', titleEn: 'New rewards' });
    const neither = await send('PUT', `/api/banners/${id}`, { titleEn: '' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual([{ field: 'body.title', message: 'Required field', code: 'custom' }]);
  });
});
