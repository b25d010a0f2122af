import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

/**
 * Recognitions in Spanish and English (docs/architecture.md A6.15): name and description written and read
 * in both (their area's too, in the "select an area" groups), either one alone, never neither; an edit that
 * leaves a language out keeps it. The store, its area and its administrator are this file's own.
 */
let t: TestApp;
let shop: number;
let areaId: number;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  shop = (await make.store()).id;
  admin = (await make.admin({ stores: [shop] })).session;
  areaId = (await make.area({ storeId: shop, name: 'Bienestar', nameEn: 'Well-being', descriptionEn: 'Health and well-being.' })).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(admin), ...(payload ? { payload } : {}) });
const rule = { points: 100, frequencyLimit: 1, frequencyPeriod: 'year' };

describe('recognitions in both languages', () => {
  it('writes both languages and reads them back, with the area in both, grouped by area', async () => {
    const res = await call('POST', '/api/rewards', {
      name: 'Caminata',
      nameEn: 'Walkathon',
      description: 'Puntos por completar la caminata anual.',
      descriptionEn: 'Points for finishing the yearly walkathon.',
      areaId,
      storeId: shop,
      ...rule,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Caminata',
      nameEn: 'Walkathon',
      areaName: 'Bienestar',
      areaNameEn: 'Well-being',
      code: 'caminata',
    });
    const groups = (await call('GET', `/api/rewards/area/?storeId=${shop}`)).json().data;
    expect(groups).toEqual([
      {
        area: {
          id: areaId,
          name: 'Bienestar',
          nameEn: 'Well-being',
          description: 'Made by a test',
          descriptionEn: 'Health and well-being.',
        },
        rewards: [expect.objectContaining({ nameEn: 'Walkathon', descriptionEn: 'Points for finishing the yearly walkathon.' })],
      },
    ]);
    expect((await call('GET', `/api/rewards/?storeId=${shop}&search=walkathon`)).json().data).toHaveLength(1);
  });

  it('takes one written only in English (its code from the English) and refuses a name written in neither', async () => {
    const english = await call('POST', '/api/rewards', {
      nameEn: 'Mentoring',
      descriptionEn: 'Points for mentoring a colleague.',
      areaId,
      storeId: shop,
      ...rule,
    });
    expect(english.statusCode, english.body).toBe(201);
    expect(english.json().data).toMatchObject({ name: '', nameEn: 'Mentoring', code: 'mentoring' });
    const neither = await call('POST', '/api/rewards', { descriptionEn: 'Points for something.', areaId, storeId: shop, ...rule });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.name', message: 'Required field', code: 'custom' }],
    });
  });

  it('edits one language and keeps the other; leaving neither is refused', async () => {
    const { id } = (
      await call('POST', '/api/rewards', {
        name: 'Puntualidad',
        description: 'Puntos por llegar a tiempo.',
        areaId,
        storeId: shop,
        ...rule,
      })
    ).json().data;
    const edited = await call('PUT', `/api/rewards/${id}`, { nameEn: 'Punctuality', areaId, ...rule });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Puntualidad',
      nameEn: 'Punctuality',
      description: 'Puntos por llegar a tiempo.',
      descriptionEn: '',
    });
    const neither = await call('PUT', `/api/rewards/${id}`, { description: '', areaId, ...rule });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual([{ field: 'body.description', message: 'Required field', code: 'custom' }]);
  });
});
