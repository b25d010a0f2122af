import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

// A person's dates set by the administrators (docs/architecture.md A6.17): PUT /api/users/{id} takes a
// birthday ('MM-DD', never a year) and a hire date for the people of the administrator's stores (super
// administrators: anyone); role and administered stores stay a super administrator's.

let t: TestApp;
let make: ReturnType<typeof factories>;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
let home: number;
let away: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  home = (await make.store({ title: 'Oficina Guadalajara' })).id;
  away = (await make.store({ title: 'Oficina Monterrey' })).id;
  const people = {
    ana: await make.shopper({ storeId: home, name: 'Ana' }),
    bea: await make.shopper({ storeId: home, name: 'Bea' }),
    luis: await make.shopper({ storeId: away, name: 'Luis' }),
    admin: await make.admin({ stores: [home] }),
    other: await make.admin({ stores: [away] }),
    tienda: await make.storeAccount({ storeId: home }),
    super: await make.superAdmin({ storeId: home }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    idOf[who] = u.id;
  }
});
afterAll(() => t?.close());
afterEach(() => assertInvariants(t.db));

const put = (id: number, who: string | undefined, payload: unknown, lang = 'es') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: { ...(who ? as(sessions[who]) : ORIGIN), 'accept-language': lang },
    payload: payload as object,
  });
const detail = async (id: number, who = 'super') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/users/one/${id}`, headers: as(sessions[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { birthday: string | null; hireDate: string | null; role: number } }>().data;
};
const stored = async (id: number) => {
  const [row] = await t.db
    .select({ birthday: s.users.birthday, hireDate: s.users.hireDate, hireMonthDay: s.users.hireMonthDay, modifiedBy: s.users.modifiedBy })
    .from(s.users)
    .where(eq(s.users.id, id));
  return row!;
};

describe('PUT /api/users/{id} with dates', () => {
  it("lets an administrator set the dates of their store's people, and GET /api/users/one/{id} shows them", async () => {
    const res = await put(idOf.ana!, 'admin', { birthday: '05-14', hireDate: '2019-08-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: idOf.ana, role: 1 });
    expect(await detail(idOf.ana!, 'admin')).toMatchObject({ birthday: '05-14', hireDate: '2019-08-01' });
    // The anniversary's month-day is the database's own, from the hire date.
    expect(await stored(idOf.ana!)).toEqual({ birthday: '05-14', hireDate: '2019-08-01', hireMonthDay: '08-01', modifiedBy: idOf.admin });
    // A store account administers its store (decision 0013), and what is left out stays.
    expect((await put(idOf.ana!, 'tienda', { hireDate: '2020-01-15' })).statusCode).toBe(200);
    expect(await detail(idOf.ana!)).toMatchObject({ birthday: '05-14', hireDate: '2020-01-15' });
    // null clears each.
    expect((await put(idOf.ana!, 'admin', { birthday: null })).statusCode).toBe(200);
    expect(await detail(idOf.ana!)).toMatchObject({ birthday: null, hireDate: '2020-01-15' });
    expect((await put(idOf.ana!, 'admin', { hireDate: null })).statusCode).toBe(200);
    expect(await stored(idOf.ana!)).toMatchObject({ birthday: null, hireDate: null, hireMonthDay: null });
  });

  it('keeps the people of other stores to their administrators and to super administrators', async () => {
    const refused = await put(idOf.luis!, 'admin', { birthday: '01-02' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_STORE');
    expect((await put(idOf.luis!, 'other', { birthday: '01-02' })).statusCode).toBe(200);
    expect((await put(idOf.luis!, 'super', { hireDate: '2024-02-29' })).statusCode).toBe(200);
    expect(await detail(idOf.luis!, 'other')).toMatchObject({ birthday: '01-02', hireDate: '2024-02-29' });
    const otherReads = await t.app.inject({ method: 'GET', url: `/api/users/one/${idOf.luis}`, headers: as(sessions.admin) });
    expect(otherReads.statusCode).toBe(403);
    const shopper = await put(idOf.bea!, 'ana', { birthday: '01-02' });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe('FORBIDDEN');
    expect((await put(idOf.bea!, undefined, { birthday: '01-02' })).statusCode).toBe(401);
    expect((await put(999_999, 'super', { birthday: '01-02' })).statusCode).toBe(404);
    expect((await put(999_999, 'admin', { birthday: '01-02' })).statusCode).toBe(404);
  });

  it('accepts a month-day of a leap year, never a year, and a real hire date at most a year ahead', async () => {
    expect((await put(idOf.bea!, 'admin', { birthday: '02-29' })).statusCode).toBe(200);
    for (const birthday of ['02-30', '04-31', '13-01', '00-10', '1990-05-14', '5-14', '']) {
      const res = await put(idOf.bea!, 'admin', { birthday });
      expect(res.statusCode, birthday).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'body.birthday', message: 'Must be a month and day (MM-DD)' });
    }
    for (const hireDate of ['2027-02-29', '2026-13-01', '15/01/2020', '1899-12-31']) {
      const res = await put(idOf.bea!, 'admin', { hireDate });
      expect(res.statusCode, hireDate).toBe(400);
      expect(res.json().details[0].field).toBe('body.hireDate');
    }
    // Today is 2026-03-02 (the test clock): a hire date up to 2027-03-02 is someone hired ahead.
    expect((await put(idOf.bea!, 'admin', { hireDate: '2027-03-02' })).statusCode).toBe(200);
    const late = await put(idOf.bea!, 'admin', { birthday: '03-03', hireDate: '2027-03-03' }, 'en');
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({
      code: 'HIRE_DATE_OUT_OF_RANGE',
      message: 'The hire date must be from 1900-01-01 to 2027-03-02 (at most a year from today)',
    });
    // Nothing of a refused request is written.
    expect(await stored(idOf.bea!)).toMatchObject({ birthday: '02-29', hireDate: '2027-03-02' });
    const nothing = await put(idOf.bea!, 'admin', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'NOTHING_TO_CHANGE', message: 'La solicitud no cambia nada: envía al menos un campo' });
    expect((await put(idOf.bea!, 'admin', { birthday: '01-01', points: 5 })).statusCode).toBe(400);
  });

  it("keeps role and administered stores a super administrator's, with the dates or without them", async () => {
    const raise = await put(idOf.bea!, 'admin', { role: 2, adminStores: [home], birthday: '07-07' });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().code).toBe('FORBIDDEN');
    expect((await put(idOf.bea!, 'admin', { adminStores: [home] })).json().code).toBe('FORBIDDEN');
    expect(await stored(idOf.bea!)).toMatchObject({ birthday: '02-29' });
    expect(await detail(idOf.bea!)).toMatchObject({ role: 1 });
    // A super administrator sets both at once; adminStores alone is not a role change.
    const both = await put(idOf.bea!, 'super', { role: 2, adminStores: [home], birthday: '07-07' });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data).toMatchObject({ role: 2, adminStores: [home] });
    expect(await detail(idOf.bea!)).toMatchObject({ birthday: '07-07', role: 2 });
    const storesAlone = await put(idOf.bea!, 'super', { adminStores: [away] });
    expect(storesAlone.statusCode).toBe(400);
    expect(storesAlone.json().details).toEqual([{ field: 'body.role', message: 'Required field', code: 'invalid_type' }]);
    // The legacy body's id must be the path's with dates too.
    const mismatch = await put(idOf.bea!, 'super', { id: idOf.ana, birthday: '07-08' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details[0].field).toBe('body.id');
    expect((await put(idOf.bea!, 'super', { id: idOf.bea, role: 1 })).json().data).toMatchObject({ role: 1, adminStores: [] });
    expect(await stored(idOf.bea!)).toMatchObject({ birthday: '07-07' });
  });
});
