import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

/**
 * Areas in Spanish and English (docs/architecture.md A6.15): name and description written and read in both,
 * either one alone, never neither; an edit that leaves a language out keeps it; the admin list finds an
 * area by its English. The store and its administrator are this file's own.
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

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(admin), ...(payload ? { payload } : {}) });

describe('areas in both languages', () => {
  it('writes both languages, reads them back and finds the area by its English', async () => {
    const res = await call('POST', '/api/areas', {
      name: 'Tecnología',
      nameEn: 'Technology',
      description: 'Reconocimientos del equipo de tecnología.',
      descriptionEn: 'Recognitions of the technology team.',
      storeId: shop,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Tecnología',
      nameEn: 'Technology',
      descriptionEn: 'Recognitions of the technology team.',
    });
    const found = (await call('GET', `/api/areas/?storeId=${shop}&search=technology team`)).json().data;
    expect(found.map((a: { nameEn: string }) => a.nameEn)).toEqual(['Technology']);
  });

  it('takes an area written only in English and refuses a name written in neither, with 400 on the field', async () => {
    const english = await call('POST', '/api/areas', { nameEn: 'Legal', descriptionEn: 'Recognitions of the legal team.', storeId: shop });
    expect(english.statusCode, english.body).toBe(201);
    expect(english.json().data).toMatchObject({ name: '', nameEn: 'Legal', description: '' });
    const neither = await call('POST', '/api/areas', { name: '', nameEn: '', description: 'Una descripción suficiente.', storeId: shop });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.name', message: 'Required field', code: 'custom' }],
    });
  });

  it('edits one language and keeps the other; leaving neither is refused', async () => {
    const { id } = (
      await call('POST', '/api/areas', { name: 'Finanzas', description: 'Reconocimientos de finanzas.', storeId: shop })
    ).json().data;
    const edited = await call('PUT', `/api/areas/${id}`, { nameEn: 'Finance', descriptionEn: 'Finance recognitions.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Finanzas', nameEn: 'Finance', description: 'Reconocimientos de finanzas.' });
    const neither = await call('PUT', `/api/areas/${id}`, { description: '', descriptionEn: '' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual([expect.objectContaining({ field: 'body.description', message: 'Required field' })]);
    const cleared = await call('PUT', `/api/areas/${id}`, { name: '' });
    expect(cleared.json().data).toMatchObject({ name: '', nameEn: 'Finance' });
    const none = await call('PUT', `/api/areas/${id}`, { nameEn: '' });
    expect(none.json().details).toEqual([{ field: 'body.name', message: 'Required field', code: 'custom' }]);
  });
});
