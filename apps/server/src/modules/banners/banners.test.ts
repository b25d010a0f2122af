import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, multipart, png, signIn, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
const who: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['ana', 'admin', 'luis']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
});
afterAll(() => t.close());

const get = (url: string, u?: string) => t.app.inject({ method: 'GET', url, headers: u ? as(who[u]) : {} });
async function send(method: 'POST' | 'PUT', url: string, u: string, fields: Record<string, string | number>, picture = true) {
  const body = await multipart(fields, picture ? [{ field: 'picture', name: 'b.png', data: await png('#0ea5e9', 600, 180) }] : []);
  return t.app.inject({ method, url, headers: { ...as(who[u]), ...body.headers }, payload: body.payload });
}

describe('banners', () => {
  it('shows the active banners of the shopper store, in order', async () => {
    const mine = (await get('/api/banners/', 'ana')).json();
    expect(mine.data.map((b: { position: number }) => b.position)).toEqual([0, 1]);
    expect(mine.data.every((b: { storeId: number }) => b.storeId === 1)).toBe(true);
    expect((await get('/api/banners/', 'luis')).json().data.every((b: { storeId: number }) => b.storeId === 2)).toBe(true);
  });

  it('lets the store administrator create, reorder, deactivate and delete', async () => {
    const created = await send('POST', '/api/banners', 'admin', { title: 'Semana del bienestar', storeId: 1, position: 0 });
    expect(created.statusCode).toBe(201);
    const banner = created.json().data;
    const moved = await send('PUT', `/api/banners/${banner.id}`, 'admin', { position: 5 }, false);
    expect(moved.json().data).toMatchObject({ position: 5, title: 'Semana del bienestar', picture: banner.picture });
    let shop = (await get('/api/banners/', 'ana')).json().data;
    expect(shop[shop.length - 1].id).toBe(banner.id);

    await t.app.inject({ method: 'PUT', url: `/api/banners/deactivate/${banner.id}`, headers: as(who.admin) });
    shop = (await get('/api/banners/', 'ana')).json().data;
    expect(shop.map((b: { id: number }) => b.id)).not.toContain(banner.id);
    expect((await get(`/api/banners/${banner.id}`)).statusCode).toBe(404);
    const admin = (await get('/api/banners/admin/?storeId=1', 'admin')).json().data;
    expect(admin.find((b: { id: number }) => b.id === banner.id).active).toBe(false);
    await t.app.inject({ method: 'PUT', url: `/api/banners/activate/${banner.id}`, headers: as(who.admin) });
    expect((await get(`/api/banners/${banner.id}`)).statusCode).toBe(200);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/banners/delete/${banner.id}`, headers: as(who.admin) });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.config.uploadsDir, banner.picture.slice('/uploads/'.length)))).toBe(false);
  });

  it('validates and checks permissions', async () => {
    const noPicture = await send('POST', '/api/banners', 'admin', { title: 'Sin imagen', storeId: 1 }, false);
    expect(noPicture.json().details[0]).toMatchObject({ field: 'body.picture', message: 'Required field' });
    expect((await send('POST', '/api/banners', 'admin', { title: 'X', storeId: 1 })).json().details[0].message).toBe('Too short!');
    expect((await send('POST', '/api/banners', 'ana', { title: 'Hola mundo', storeId: 1 })).statusCode).toBe(403);
    expect((await send('POST', '/api/banners', 'admin', { title: 'Hola mundo', storeId: 2 })).json().code).toBe('FORBIDDEN_STORE');
    expect((await get('/api/banners/admin/?storeId=2', 'admin')).statusCode).toBe(403);
    const body = await multipart({ title: 'Hola mundo', storeId: 1 }, [{ field: 'picture', name: 'b.png', data: await png() }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/banners', headers: body.headers, payload: body.payload })).statusCode).toBe(
      401,
    );
  });
});

describe('recognitions overview', () => {
  it('lists the store recognitions with their points and limits', async () => {
    const res = (await get('/api/rewards/')).json().data;
    expect(res).toHaveLength(8);
    expect(res[0]).toMatchObject({ name: 'Colaboración', points: 500, frequencyLimit: 2, frequencyPeriod: 'year' });
  });
});
