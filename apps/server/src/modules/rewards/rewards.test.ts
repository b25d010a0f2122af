import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ActivityKind, FrequencyPeriod } from '@rewards/shared/enums';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

/** The recognitions of this file's store, in the order they are made (the program's order), with their areas. */
const recognitions: [
  code: string,
  name: string,
  area: string,
  points: number,
  limit: number,
  period: FrequencyPeriod,
  activity?: ActivityKind,
][] = [
  ['collaboration', 'Colaboración', 'Recursos Humanos', 500, 2, 'year'],
  ['customer-voice', 'Voz del cliente', 'Comercial', 300, 1, 'month'],
  ['management-voice', 'Voz de la dirección', 'Recursos Humanos', 400, 2, 'year'],
  ['parents-day', 'Día de la madre o del padre', 'Recursos Humanos', 200, 1, 'year'],
  ['biometric', 'Reto biométrico', 'Bienestar', 250, 1, 'year'],
  ['class', 'Clase', 'Bienestar', 100, 1, 'activity', 'class'],
  ['trivia', 'Trivia', 'Recursos Humanos', 50, 1, 'activity', 'trivia'],
  ['webinar', 'Webinar', 'Bienestar', 100, 1, 'activity', 'webinar'],
];

let t: TestApp;
const who: Record<string, string> = {};
const idOf: Record<string, number> = {};
/** This file's store (Ana's, run by the administrator) and its areas by name; Luis's store and its area. */
let shop: number;
const area: Record<string, number> = {};
let other: number;
let otherStoreArea: number;
let anaEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  shop = (await make.store()).id;
  other = (await make.store()).id;
  for (const name of ['Recursos Humanos', 'Bienestar', 'Comercial']) area[name] = (await make.area({ storeId: shop, name })).id;
  for (const [code, name, areaName, points, limit, period, activityKind] of recognitions)
    await make.recognition({ storeId: shop, areaId: area[areaName]!, code, name, points, limit, period, activityKind });
  otherStoreArea = (await make.area({ storeId: other })).id;
  for (const code of ['collaboration', 'trivia']) await make.recognition({ storeId: other, areaId: otherStoreArea, code });
  const people = {
    ana: await make.shopper({ storeId: shop }),
    admin: await make.admin({ stores: [shop] }),
    luis: await make.shopper({ storeId: other }),
    super: await make.superAdmin(),
  };
  for (const [u, made] of Object.entries(people)) {
    who[u] = made.session;
    idOf[u] = made.id;
  }
  anaEmail = people.ana.email;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, u?: string, payload?: object, lang = 'es') =>
  t.app.inject({ method, url, headers: { ...(u ? as(who[u]) : ORIGIN), 'accept-language': lang }, ...(payload ? { payload } : {}) });
const get = (url: string, u?: string) => call('GET', url, u);

/** A recognition of the file's store made through the API: each test makes its own. */
let serial = 0;
async function createReward(fields: Record<string, unknown> = {}, u = 'admin') {
  serial++;
  const res = await call('POST', '/api/rewards', u, {
    name: `Mentoría ${serial}`,
    description: 'Por acompañar a una persona nueva del equipo.',
    areaId: area['Recursos Humanos'],
    points: 150,
    frequencyLimit: 2,
    frequencyPeriod: 'year',
    storeId: shop,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string; name: string; storeId: number };
}

/** A bulk load that names the recognition, as the loads module writes it. */
async function recordLoad(rewardId: number) {
  await t.db.insert(s.loads).values({ storeId: shop, rewardId, reason: 'Carga de prueba', points: 100, createdBy: idOf.admin! });
}

describe('recognitions: reading', () => {
  it('answers /about: the active recognitions of the default store when signed out, in program order', async () => {
    // Signed out and naming no store: the default store's (the first active one).
    const [first] = await t.db
      .select({ id: s.stores.id })
      .from(s.stores)
      .where(eq(s.stores.active, true))
      .orderBy(asc(s.stores.id))
      .limit(1);
    const anonymous = await get('/api/rewards/?pageSize=100');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.every((r: { storeId: number }) => r.storeId === first!.id)).toBe(true);
    // Signed out, naming this file's store.
    const res = await get(`/api/rewards/?storeId=${shop}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, totalCount: 8, totalPages: 1 });
    expect(body.data[0]).toMatchObject({
      name: 'Colaboración',
      code: 'collaboration',
      points: 500,
      frequencyLimit: 2,
      frequencyPeriod: 'year',
      areaName: 'Recursos Humanos',
      storeId: shop,
      active: true,
    });
    expect(body.data.find((r: { code: string }) => r.code === 'class')).toMatchObject({
      frequencyLimit: 1,
      frequencyPeriod: 'activity',
      activityKind: 'class',
    });
    // A shopper of another store sees theirs.
    const theirs = (await get('/api/rewards/', 'luis')).json();
    expect(theirs.totalCount).toBe(2);
    expect(theirs.data.every((r: { storeId: number }) => r.storeId === other)).toBe(true);
  });

  it('searches without regard to accents or case, and pages', async () => {
    const q = `storeId=${shop}`;
    const found = (await get(`/api/rewards/?${q}&search=COLABORACION`)).json();
    expect(found.data.map((r: { code: string }) => r.code)).toEqual(['collaboration']);
    expect((await get(`/api/rewards/?${q}&search=voz`)).json().totalCount).toBe(2);
    expect((await get(`/api/rewards/?${q}&search=100%25`)).json().totalCount).toBe(0); // a wildcard is literal
    const page2 = (await get(`/api/rewards/?${q}&pageSize=3&page=2`)).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 3, totalCount: 8, totalPages: 3 });
    expect(page2.data.map((r: { code: string }) => r.code)).toEqual(['parents-day', 'biometric', 'class']);
    const byArea = (await get(`/api/rewards/?${q}&areaId=${area['Comercial']}`)).json();
    expect(byArea.data.map((r: { code: string }) => r.code)).toEqual(['customer-voice']);
  });

  it('shows inactive recognitions only to administrators of the store', async () => {
    const reward = await createReward();
    expect((await call('PUT', `/api/rewards/deactivate/${reward.id}`, 'admin')).statusCode).toBe(200);
    const ids = (r: { json: () => { data: { id: number }[] } }) => r.json().data.map((x) => x.id);
    expect(ids(await get('/api/rewards/?pageSize=100', 'ana'))).not.toContain(reward.id);
    expect(ids(await get('/api/rewards/?pageSize=100&active=false', 'ana'))).not.toContain(reward.id); // the filter is ignored
    expect(ids(await get(`/api/rewards/?storeId=${shop}&pageSize=100`, 'admin'))).toContain(reward.id);
    expect(ids(await get(`/api/rewards/?storeId=${shop}&active=false`, 'admin'))).toEqual([reward.id]);
    expect(ids(await get(`/api/rewards/?storeId=${shop}&pageSize=100&active=true`, 'admin'))).not.toContain(reward.id);
    expect((await get(`/api/rewards/${reward.id}`, 'ana')).statusCode).toBe(404);
    expect((await get(`/api/rewards/${reward.id}`)).statusCode).toBe(404);
    expect((await get(`/api/rewards/${reward.id}`, 'admin')).json().data).toMatchObject({ id: reward.id, active: false });
    expect((await get(`/api/rewards/${reward.id}`, 'super')).statusCode).toBe(200);
    // An administrator of another store is a visitor there: only active ones.
    const [store2] = await t.db.select({ id: s.rewards.id }).from(s.rewards).where(eq(s.rewards.storeId, other)).limit(1);
    await t.db.update(s.rewards).set({ active: false }).where(eq(s.rewards.id, store2!.id));
    expect(ids(await get(`/api/rewards/?storeId=${other}&pageSize=100`, 'admin'))).not.toContain(store2!.id);
    expect((await get(`/api/rewards/${store2!.id}`, 'admin')).statusCode).toBe(404);
    await t.db.update(s.rewards).set({ active: true }).where(eq(s.rewards.id, store2!.id));
  });

  it('groups the active recognitions by active area for the "select an area" step', async () => {
    const res = await get(`/api/rewards/area/?storeId=${shop}`);
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as { area: { id: number; name: string } | null; rewards: { code: string; active: boolean }[] }[];
    expect(groups.map((g) => g.area?.name)).toEqual(['Bienestar', 'Comercial', 'Recursos Humanos']);
    expect(groups[1]!.rewards.map((r) => r.code)).toEqual(['customer-voice']);
    expect(groups.flatMap((g) => g.rewards).every((r) => r.active)).toBe(true);
    expect(groups[0]!.rewards.map((r) => r.code)).toEqual(['biometric', 'class', 'webinar']);

    // An inactive area takes its recognitions out of the step; a recognition without an area comes last.
    const reward = await createReward({ areaId: area['Comercial'] });
    await call('PUT', `/api/areas/deactivate/${area['Comercial']}`, 'admin');
    await t.db.update(s.rewards).set({ areaId: null }).where(eq(s.rewards.id, reward.id));
    const after = (await get(`/api/rewards/area/?storeId=${shop}`)).json().data as typeof groups;
    expect(after.map((g) => g.area?.name ?? null)).toEqual(['Bienestar', 'Recursos Humanos', null]);
    expect(after[2]!.rewards.map((r) => r.code)).toEqual([reward.code]);
    await call('PUT', `/api/areas/activate/${area['Comercial']}`, 'admin');
    await call('DELETE', `/api/rewards/delete/${reward.id}`, 'admin');
    // Signed out: the default store's (the first active one), unless a store is named.
    const [first] = await t.db
      .select({ id: s.stores.id })
      .from(s.stores)
      .where(eq(s.stores.active, true))
      .orderBy(asc(s.stores.id))
      .limit(1);
    expect((await get('/api/rewards/area/')).json()).toEqual((await get(`/api/rewards/area/?storeId=${first!.id}`)).json());
    expect((await get(`/api/rewards/area/?storeId=${shop}`)).json().data).toHaveLength(3);
    expect((await get('/api/rewards/area/?colour=red')).statusCode).toBe(400);
  });

  it('refuses unknown filters and malformed ids; 404 for a missing one', async () => {
    expect((await get('/api/rewards/?colour=red')).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect((await get('/api/rewards/?pageSize=101')).statusCode).toBe(400);
    expect((await get('/api/rewards/abc')).statusCode).toBe(400);
    expect((await get('/api/rewards/99999999')).json().code).toBe('NOT_FOUND');
  });
});

describe('recognitions: administrators', () => {
  it('create one in an area, deriving a unique code from the name', async () => {
    const first = await createReward({ name: 'Innovación del año' });
    expect(first).toMatchObject({ code: 'innovacion-del-ano', storeId: shop });
    const again = await createReward({ name: 'Innovación del año' });
    expect(again.code).toBe('innovacion-del-ano-2');
    const full = await get(`/api/rewards/${first.id}`, 'admin');
    expect(full.json().data).toMatchObject({
      areaId: area['Recursos Humanos'],
      areaName: 'Recursos Humanos',
      points: 150,
      frequencyLimit: 2,
      frequencyPeriod: 'year',
      active: true,
    });
    // The same name in another store is another code space.
    const elsewhere = await createReward({ name: 'Innovación del año', storeId: other, areaId: otherStoreArea }, 'super');
    expect(elsewhere.code).toBe('innovacion-del-ano');
    // A code given by the form is kept; taken in this store it is refused on its field.
    expect((await createReward({ code: 'mentor-2026' })).code).toBe('mentor-2026');
    const taken = await call('POST', '/api/rewards', 'admin', {
      name: 'Otra mentoría',
      description: 'Una descripción suficiente.',
      areaId: area['Bienestar'],
      points: 10,
      frequencyLimit: 1,
      frequencyPeriod: 'month',
      storeId: shop,
      code: 'collaboration',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'REWARD_CODE_TAKEN',
      message: 'Otro reconocimiento de esta tienda ya usa este código',
      details: [{ field: 'body.code' }],
    });
  });

  it('edit every field; an empty code keeps the current one', async () => {
    const reward = await createReward();
    const res = await call('PUT', `/api/rewards/${reward.id}`, 'admin', {
      name: 'Mentoría destacada',
      description: 'Por acompañar durante tres meses a una persona nueva.',
      areaId: area['Bienestar'],
      points: 275,
      frequencyLimit: 1,
      frequencyPeriod: 'month',
      code: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: reward.id,
      code: reward.code,
      name: 'Mentoría destacada',
      areaName: 'Bienestar',
      points: 275,
      frequencyLimit: 1,
      frequencyPeriod: 'month',
    });
    // The form's fields only: a response echoed back (id, storeId, active...) is refused.
    expect((await call('PUT', `/api/rewards/${reward.id}`, 'admin', res.json().data)).statusCode).toBe(400);
    const { name, description, areaId, points, frequencyLimit, frequencyPeriod } = res.json().data;
    const form = { name, description, areaId, points, frequencyLimit, frequencyPeriod };
    expect((await call('PUT', `/api/rewards/${reward.id}`, 'admin', { ...form, code: 'mentoria-top' })).json().data.code).toBe(
      'mentoria-top',
    );
    expect((await call('PUT', `/api/rewards/${reward.id}`, 'admin', { ...form, code: 'trivia' })).json().code).toBe('REWARD_CODE_TAKEN');
    // Keeping its own code is no conflict; a stored 'day' period stays as it is.
    expect((await call('PUT', `/api/rewards/${reward.id}`, 'admin', { ...form, code: 'mentoria-top' })).statusCode).toBe(200);
    const daily = await call('PUT', `/api/rewards/${reward.id}`, 'admin', { ...form, frequencyPeriod: 'day' });
    expect(daily.json().data.frequencyPeriod).toBe('day');
  });

  it('validate each field with the messages of docs/architecture.md P5', async () => {
    const post = (body: object) => call('POST', '/api/rewards', 'admin', body);
    const valid = {
      name: 'Puntualidad',
      description: 'Por llegar puntual todo el mes.',
      areaId: area['Recursos Humanos'],
      points: 50,
      frequencyLimit: 1,
      frequencyPeriod: 'month',
      storeId: shop,
    };
    const details = async (body: object) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      return res.json().details as { field: string; message: string }[];
    };
    expect(await details({ ...valid, name: 'P' })).toEqual([expect.objectContaining({ field: 'body.name', message: 'Too short!' })]);
    expect(await details({ ...valid, description: 'x'.repeat(2001) })).toEqual([expect.objectContaining({ message: 'Too long!' })]);
    const { areaId: _omit, ...noArea } = valid;
    expect(await details(noArea)).toEqual([expect.objectContaining({ field: 'body.areaId', message: 'Required field' })]);
    expect((await details({ ...valid, points: 0 }))[0]!.field).toBe('body.points');
    expect((await details({ ...valid, points: -5 }))[0]!.field).toBe('body.points');
    expect((await details({ ...valid, points: 1_000_001 }))[0]!.field).toBe('body.points');
    expect((await details({ ...valid, points: 2.5 }))[0]!.field).toBe('body.points');
    expect((await details({ ...valid, frequencyLimit: 0 }))[0]!.field).toBe('body.frequencyLimit');
    expect((await details({ ...valid, frequencyPeriod: 'week' }))[0]!.field).toBe('body.frequencyPeriod');
    expect((await details({ ...valid, code: 'Con Espacios' }))[0]!.field).toBe('body.code');
    expect((await details({ ...valid, name: 'Nu\u0000l' }))[0]!.field).toBe('body.name');
    expect((await details({ ...valid, storeId: shop, extra: true }))[0]).toBeDefined();
    // An area of another store, or one that does not exist.
    const foreign = await post({ ...valid, areaId: otherStoreArea });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ code: 'AREA_OTHER_STORE', details: [{ field: 'body.areaId' }] });
    expect(await details({ ...valid, areaId: 999_999 })).toEqual([expect.objectContaining({ field: 'body.areaId' })]);
    // An unknown store: not one the administrator runs (403); named by a super administrator, 400 on the field.
    expect((await post({ ...valid, storeId: 999_999 })).json().code).toBe('FORBIDDEN_STORE');
    const unknownStore = await call('POST', '/api/rewards', 'super', { ...valid, storeId: 999_999 });
    expect(unknownStore.json()).toMatchObject({ statusCode: 400, details: [{ field: 'body.storeId' }] });
  });

  it('deactivate and reactivate, taking it out of the shop and back', async () => {
    const reward = await createReward();
    const shopIds = async () => (await get('/api/rewards/?pageSize=100', 'ana')).json().data.map((r: { id: number }) => r.id);
    expect(await shopIds()).toContain(reward.id);
    const off = await call('PUT', `/api/rewards/deactivate/${reward.id}`, 'admin');
    expect(off.json().data.active).toBe(false);
    expect(await shopIds()).not.toContain(reward.id);
    const on = await call('PUT', `/api/rewards/activate/${reward.id}`, 'admin');
    expect(on.json().data.active).toBe(true);
    expect(await shopIds()).toContain(reward.id);
  });

  it('delete one never used; refuse one a load names, with a localized message', async () => {
    const unused = await createReward();
    const del = await call('DELETE', `/api/rewards/delete/${unused.id}`, 'admin');
    expect(del.statusCode).toBe(200);
    expect(del.json().data.id).toBe(unused.id);
    expect((await get(`/api/rewards/${unused.id}`, 'admin')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/rewards/delete/${unused.id}`, 'admin')).statusCode).toBe(404);

    const used = await createReward();
    await recordLoad(used.id);
    const refused = await call('DELETE', `/api/rewards/delete/${used.id}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'REWARD_IN_USE',
      message: 'Este reconocimiento se ha usado en cargas de puntos y no se puede eliminar: desactívalo',
      details: { loads: 1, entries: 0 },
    });
    const english = await call('DELETE', `/api/rewards/delete/${used.id}`, 'admin', undefined, 'en');
    expect(english.json().message).toBe('This recognition has been used in point loads and cannot be deleted: deactivate it instead');
    expect((await get(`/api/rewards/${used.id}`, 'admin')).statusCode).toBe(200);
    // Deactivating it is the way out.
    expect((await call('PUT', `/api/rewards/deactivate/${used.id}`, 'admin')).statusCode).toBe(200);
    // One named only by a receiver's consolidated entry is refused too.
    const [load] = await t.db.select({ id: s.loads.id }).from(s.loads).where(eq(s.loads.rewardId, used.id));
    const entryOnly = await createReward();
    await t.db.insert(s.loadEntries).values({ loadId: load!.id, userId: idOf.ana!, rewardId: entryOnly.id, email: anaEmail, points: 1 });
    expect((await call('DELETE', `/api/rewards/delete/${entryOnly.id}`, 'admin')).json()).toMatchObject({
      code: 'REWARD_IN_USE',
      details: { loads: 0, entries: 1 },
    });
  });
});

describe('recognitions: access', () => {
  const form = () => ({
    name: 'Acceso',
    description: 'Una descripción suficiente.',
    areaId: area['Recursos Humanos'],
    points: 10,
    frequencyLimit: 1,
    frequencyPeriod: 'year',
  });

  it('signed out: 401 on every write', async () => {
    const reward = await createReward();
    for (const [method, url, body] of [
      ['POST', '/api/rewards', { ...form(), storeId: shop }],
      ['PUT', `/api/rewards/${reward.id}`, form()],
      ['PUT', `/api/rewards/deactivate/${reward.id}`],
      ['PUT', `/api/rewards/activate/${reward.id}`],
      ['DELETE', `/api/rewards/delete/${reward.id}`],
    ] as [Method, string, object?][]) {
      const res = await call(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('a shopper: 403 FORBIDDEN; an administrator of another store: 403 FORBIDDEN_STORE; a super administrator: any store', async () => {
    const reward = await createReward();
    const writes = (id: number, storeId: number): [Method, string, object?][] => [
      ['POST', '/api/rewards', { ...form(), storeId }],
      ['PUT', `/api/rewards/${id}`, form()],
      ['PUT', `/api/rewards/deactivate/${id}`],
      ['PUT', `/api/rewards/activate/${id}`],
      ['DELETE', `/api/rewards/delete/${id}`],
    ];
    for (const [method, url, body] of writes(reward.id, shop)) {
      const res = await call(method, url, 'ana', body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [theirs] = await t.db
      .select({ id: s.rewards.id })
      .from(s.rewards)
      .where(and(eq(s.rewards.storeId, other), eq(s.rewards.code, 'trivia')));
    for (const [method, url, body] of writes(theirs!.id, other)) {
      const res = await call(method, url, 'admin', body && { ...body, areaId: otherStoreArea });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN_STORE', message: 'No administras esta tienda' });
    }
    expect((await get(`/api/rewards/${theirs!.id}`, 'admin')).json().data.storeId).toBe(other);
    const edited = await call('PUT', `/api/rewards/${theirs!.id}`, 'super', {
      ...form(),
      name: 'Trivia',
      areaId: otherStoreArea,
      points: 60,
    });
    expect(edited.json().data).toMatchObject({ storeId: other, points: 60, code: 'trivia' });
  });
});
