import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, signIn, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
const who: Record<string, string> = {};
let theirs: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['ana', 'admin', 'super']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
  [{ id: theirs }] = (await t.db.select({ id: s.areas.id }).from(s.areas).where(eq(s.areas.storeId, 2))) as [{ id: number }];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, u?: string, payload?: object, lang = 'es') =>
  t.app.inject({ method, url, headers: { ...(u ? as(who[u]) : ORIGIN), 'accept-language': lang }, ...(payload ? { payload } : {}) });

let serial = 0;
async function createArea(fields: Record<string, unknown> = {}, u = 'admin') {
  serial++;
  const res = await call('POST', '/api/areas', u, {
    name: `Tecnología ${serial}`,
    description: 'Reconocimientos del equipo de tecnología.',
    storeId: 1,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string; storeId: number; active: boolean; rewardCount: number };
}

describe('areas', () => {
  it('lists the store areas with their recognition counts, searched and paged', async () => {
    const res = await call('GET', '/api/areas/?storeId=1', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, totalCount: 3 });
    expect(res.json().data.map((a: { name: string; rewardCount: number }) => [a.name, a.rewardCount])).toEqual([
      ['Bienestar', 3],
      ['Comercial', 1],
      ['Recursos Humanos', 4],
    ]);
    // Without a store: the first one the administrator runs.
    expect((await call('GET', '/api/areas/', 'admin')).json().data.every((a: { storeId: number }) => a.storeId === 1)).toBe(true);
    expect((await call('GET', '/api/areas/?storeId=1&search=RECURSOS', 'admin')).json().data.map((a: { name: string }) => a.name)).toEqual([
      'Recursos Humanos',
    ]);
    expect((await call('GET', '/api/areas/?storeId=1&search=salud', 'admin')).json().data[0].name).toBe('Bienestar'); // the description too
    const page = (await call('GET', '/api/areas/?storeId=1&pageSize=2&page=2', 'admin')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 2, totalCount: 3, totalPages: 2 });
    expect(page.data.map((a: { name: string }) => a.name)).toEqual(['Recursos Humanos']);
    expect((await call('GET', '/api/areas/?storeId=1&colour=red', 'admin')).statusCode).toBe(400);
  });

  it('creates, edits, deactivates, activates and deletes an empty area', async () => {
    const created = await createArea({ name: 'Tecnología' });
    expect(created).toMatchObject({ name: 'Tecnología', storeId: 1, active: true, rewardCount: 0 });
    const edited = await call('PUT', `/api/areas/${created.id}`, 'admin', {
      name: 'Tecnología e innovación',
      description: 'Reconocimientos de los equipos de tecnología e innovación.',
    });
    expect(edited.json().data).toMatchObject({ id: created.id, name: 'Tecnología e innovación' });
    expect((await call('PUT', `/api/areas/deactivate/${created.id}`, 'admin')).json().data.active).toBe(false);
    const inactive = (await call('GET', '/api/areas/?storeId=1&active=false', 'admin')).json().data;
    expect(inactive.map((a: { id: number }) => a.id)).toEqual([created.id]);
    expect((await call('PUT', `/api/areas/activate/${created.id}`, 'admin')).json().data.active).toBe(true);
    expect((await call('GET', `/api/areas/${created.id}`, 'admin')).json().data.name).toBe('Tecnología e innovación');
    const deleted = await call('DELETE', `/api/areas/delete/${created.id}`, 'admin');
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/areas/${created.id}`, 'admin')).json().code).toBe('NOT_FOUND');
  });

  it('refuses to delete an area that has recognitions, active or not', async () => {
    const created = await createArea();
    const reward = await call('POST', '/api/rewards', 'admin', {
      name: 'Hackatón',
      description: 'Por ganar el hackatón anual.',
      areaId: created.id,
      points: 300,
      frequencyLimit: 1,
      frequencyPeriod: 'year',
      storeId: 1,
    });
    const rewardId = reward.json().data.id as number;
    await call('PUT', `/api/rewards/deactivate/${rewardId}`, 'admin');
    const refused = await call('DELETE', `/api/areas/delete/${created.id}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'AREA_NOT_EMPTY',
      details: { rewards: 1 },
      message: expect.stringContaining('tiene reconocimientos'),
    });
    const english = await call('DELETE', `/api/areas/delete/${created.id}`, 'admin', undefined, 'en');
    expect(english.json().message).toContain('This area has recognitions');
    expect((await call('GET', `/api/areas/${created.id}`, 'admin')).json().data.rewardCount).toBe(1);
    // Once its recognition is gone, it can go.
    expect((await call('DELETE', `/api/rewards/delete/${rewardId}`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/areas/delete/${created.id}`, 'admin')).statusCode).toBe(200);
  });

  it('validates name and description', async () => {
    const post = (body: object) => call('POST', '/api/areas', 'admin', body);
    const short = await post({ name: 'T', description: 'Reconocimientos del equipo.', storeId: 1 });
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.name', message: 'Too short!' }] });
    const missing = await post({ name: 'Tecnología', storeId: 1 });
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'body.description', message: 'Required field' })]);
    expect((await post({ name: 'Tecnología', description: 'x'.repeat(2001), storeId: 1 })).json().details[0].message).toBe('Too long!');
    expect((await post({ name: 'Tecnología', description: 'Reconocimientos del equipo.' })).json().details[0].field).toBe('body.storeId');
    expect((await post({ name: 'Tecnología', description: 'Reconocimientos del equipo.', storeId: 1, picture: 'x' })).statusCode).toBe(400);
    const unknownStore = await call('POST', '/api/areas', 'super', {
      name: 'Tecnología',
      description: 'Reconocimientos del equipo.',
      storeId: 999_999,
    });
    expect(unknownStore.json()).toMatchObject({ statusCode: 400, details: [{ field: 'body.storeId' }] });
    expect(
      (await call('PUT', '/api/areas/999999', 'admin', { name: 'Tecnología', description: 'Reconocimientos del equipo.' })).statusCode,
    ).toBe(404);
  });

  it('is for administrators of the store: 401 signed out, 403 shopper, 403 other store, super administrators anywhere', async () => {
    const mine = await createArea();
    const form = { name: 'Tecnología', description: 'Reconocimientos del equipo.' };
    const requests = (id: number, storeId: number): [Method, string, object?][] => [
      ['GET', `/api/areas/?storeId=${storeId}`],
      ['GET', `/api/areas/${id}`],
      ['POST', '/api/areas', { ...form, storeId }],
      ['PUT', `/api/areas/${id}`, form],
      ['PUT', `/api/areas/deactivate/${id}`],
      ['PUT', `/api/areas/activate/${id}`],
      ['DELETE', `/api/areas/delete/${id}`],
    ];
    for (const [method, url, body] of requests(mine.id, 1)) {
      expect((await call(method, url, undefined, body)).json().code, `${method} ${url}`).toBe('UNAUTHENTICATED');
      const shopper = await call(method, url, 'ana', body);
      expect([shopper.statusCode, shopper.json().code], `${method} ${url}`).toEqual([403, 'FORBIDDEN']);
    }
    for (const [method, url, body] of requests(theirs, 2)) {
      const res = await call(method, url, 'admin', body);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([403, 'FORBIDDEN_STORE']);
    }
    expect((await call('GET', `/api/areas/?storeId=2`, 'super')).json().totalCount).toBe(3);
    const renamed = await call('PUT', `/api/areas/${theirs}`, 'super', {
      name: 'Capital humano',
      description: 'Reconocimientos de cultura.',
    });
    expect(renamed.json().data).toMatchObject({ storeId: 2, name: 'Capital humano' });
  });
});
