import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

// Peer recognition's administration (docs/architecture.md A6.16): a store's giving settings and company
// values, a person's allowance boost and manager, for the administrators of that store (403 for another
// store's) and super administrators.

let t: TestApp;
let make: ReturnType<typeof factories>;
let storeId: number;
let admin: FactoryUser;
let otherAdmin: FactoryUser;
let superAdmin: FactoryUser;
let shopper: FactoryUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  storeId = (await make.store()).id;
  admin = await make.admin({ stores: [storeId] });
  otherAdmin = await make.admin({ stores: [1] });
  superAdmin = await make.superAdmin();
  shopper = await make.shopper({ storeId });
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const call = (u: FactoryUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('giving settings', () => {
  it('answers the defaults until saved, then what was saved; other stores and shoppers are refused', async () => {
    const first = await call(admin, 'GET', `/api/peer/stores/${storeId}/giving`);
    expect(first.json()).toEqual({
      data: { storeId, amount: 100, period: 'month', minMessage: 20, shareCapPercent: 50, perReport: 0, updatedAt: null },
    });
    const body = { amount: 250, period: 'quarter', minMessage: 10, shareCapPercent: 30, perReport: 25 };
    const saved = await call(admin, 'PUT', `/api/peer/stores/${storeId}/giving`, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ storeId, ...body, updatedAt: t.clock.now().toISOString() });
    expect((await call(superAdmin, 'GET', `/api/peer/stores/${storeId}/giving`)).json().data).toMatchObject(body);
    for (const [u, status] of [
      [otherAdmin, 403],
      [shopper, 403],
    ] as const) {
      expect((await call(u, 'GET', `/api/peer/stores/${storeId}/giving`)).statusCode).toBe(status);
      expect((await call(u, 'PUT', `/api/peer/stores/${storeId}/giving`, body)).statusCode).toBe(status);
    }
    for (const bad of [
      { ...body, amount: 0 },
      { ...body, amount: 100_001 },
      { ...body, period: 'day' },
      { ...body, shareCapPercent: 0 },
      { ...body, minMessage: 2001 },
      { ...body, perReport: -1 },
      { ...body, amount: '250' },
    ]) {
      const res = await call(admin, 'PUT', `/api/peer/stores/${storeId}/giving`, bad);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await call(superAdmin, 'GET', '/api/peer/stores/2000000000/giving')).statusCode).toBe(404);
    // They apply from the next period: this shopper's allowance of the quarter follows them.
    const allowance = await call(shopper, 'GET', '/api/recognitions/allowance');
    expect(allowance.json().data).toMatchObject({
      amount: 250,
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      minMessage: 10,
      shareCapPercent: 30,
    });
  });
});

describe('company values', () => {
  it('creates, lists, edits, deactivates and deletes; a used value is VALUE_IN_USE', async () => {
    const created = await call(admin, 'POST', `/api/peer/stores/${storeId}/values`, {
      name: 'Innovación',
      nameEn: 'Innovation',
      emoji: '💡',
      color: '#12AB9f',
    });
    expect(created.statusCode).toBe(201);
    const value = created.json().data;
    expect(value).toMatchObject({
      storeId,
      name: 'Innovación',
      nameEn: 'Innovation',
      emoji: '💡',
      color: '#12AB9f',
      active: true,
      position: 0,
    });
    const english = await call(admin, 'POST', `/api/peer/stores/${storeId}/values`, { nameEn: 'Ownership', position: 2 });
    expect(english.json().data).toMatchObject({ name: '', nameEn: 'Ownership', emoji: null, color: null });
    for (const bad of [{}, { name: '', nameEn: '' }, { name: 'X', color: 'red' }, { name: 'X', extra: 1 }]) {
      const res = await call(admin, 'POST', `/api/peer/stores/${storeId}/values`, bad);
      expect([res.statusCode, res.json().code], JSON.stringify(bad)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await call(otherAdmin, 'POST', `/api/peer/stores/${storeId}/values`, { name: 'X' })).statusCode).toBe(403);
    expect((await call(otherAdmin, 'PUT', `/api/peer/values/${value.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call(otherAdmin, 'DELETE', `/api/peer/values/${value.id}`)).statusCode).toBe(403);

    const edited = await call(admin, 'PUT', `/api/peer/values/${value.id}`, { nameEn: 'New ideas', color: null });
    expect(edited.json().data).toMatchObject({ name: 'Innovación', nameEn: 'New ideas', color: null, emoji: '💡' });
    const emptied = await call(admin, 'PUT', `/api/peer/values/${english.json().data.id}`, { nameEn: '' });
    expect([emptied.statusCode, emptied.json().details?.[0]?.field]).toEqual([400, 'body.name']);

    // Everyone reads the active ones of a store (the give dialog, the feed's filter); administrators all.
    const readable = await call(shopper, 'GET', '/api/recognitions/values');
    expect(readable.json().data.map((v: { id: number }) => v.id)).toEqual([value.id, english.json().data.id]);
    const colleague = await make.shopper({ storeId });
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/recognitions',
      headers: shopper.headers,
      payload: { recipients: [colleague.id], points: 5, message: 'Una idea que nos ahorró una semana', values: [value.id] },
    });
    expect(used.statusCode, used.body).toBe(201);
    const refused = await call(admin, 'DELETE', `/api/peer/values/${value.id}`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'VALUE_IN_USE']);
    const off = await call(admin, 'PUT', `/api/peer/values/${value.id}`, { active: false });
    expect(off.json().data.active).toBe(false);
    expect((await call(shopper, 'GET', '/api/recognitions/values')).json().data.map((v: { id: number }) => v.id)).toEqual([
      english.json().data.id,
    ]);
    expect((await call(admin, 'GET', `/api/peer/stores/${storeId}/values`)).json().data.map((v: { id: number }) => v.id)).toEqual([
      value.id,
      english.json().data.id,
    ]);
    const gone = await call(admin, 'DELETE', `/api/peer/values/${english.json().data.id}`);
    expect([gone.statusCode, gone.body]).toEqual([204, '']);
    expect((await call(admin, 'DELETE', `/api/peer/values/${english.json().data.id}`)).statusCode).toBe(404);
  });
});

describe('allowance boosts', () => {
  it("adds to a person's allowance until the accrual end; another store's administrator is refused", async () => {
    const person = await make.shopper({ storeId });
    const res = await call(admin, 'POST', `/api/peer/users/${person.id}/allowance-boosts`, { points: 30, note: 'Proyecto especial' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ userId: person.id, boost: 30, boostExpires: '2026-09-30' });
    const moves = await t.db.select().from(s.allowanceMovements).where(eq(s.allowanceMovements.userId, person.id));
    expect(moves.map((m) => [m.kind, m.value, m.createdBy, m.note])).toEqual([
      ['granted', 250, null, null],
      ['boost', 30, admin.id, 'Proyecto especial'],
    ]);
    expect((await call(otherAdmin, 'POST', `/api/peer/users/${person.id}/allowance-boosts`, { points: 30 })).statusCode).toBe(403);
    expect((await call(shopper, 'POST', `/api/peer/users/${person.id}/allowance-boosts`, { points: 30 })).statusCode).toBe(403);
    expect((await call(superAdmin, 'POST', `/api/peer/users/${person.id}/allowance-boosts`, { points: 100_001 })).statusCode).toBe(400);
    expect((await call(superAdmin, 'POST', '/api/peer/users/2000000000/allowance-boosts', { points: 1 })).statusCode).toBe(404);
  });
});

describe('managers', () => {
  it('sets and clears a manager; refuses cycles and inactive managers', async () => {
    const [boss, lead, member] = [await make.shopper({ storeId }), await make.shopper({ storeId }), await make.shopper({ storeId })];
    const set = (u: FactoryUser, who: number, managerId: number | null) => call(u, 'PUT', `/api/peer/users/${who}/manager`, { managerId });
    expect((await set(admin, lead.id, boss.id)).json()).toEqual({ data: { userId: lead.id, managerId: boss.id } });
    expect((await set(admin, member.id, lead.id)).statusCode).toBe(200);
    for (const [who, managerId] of [
      [boss.id, member.id],
      [boss.id, boss.id],
      [lead.id, member.id],
    ]) {
      const res = await set(admin, who!, managerId!);
      expect([res.statusCode, res.json().code]).toEqual([422, 'MANAGER_CYCLE']);
    }
    const inactive = await make.shopper({ active: false });
    expect((await set(admin, member.id, inactive.id)).json()).toMatchObject({
      code: 'RECIPIENT_INACTIVE',
      details: { userId: inactive.id },
    });
    expect((await set(otherAdmin, member.id, boss.id)).statusCode).toBe(403);
    expect((await set(superAdmin, member.id, null)).json()).toEqual({ data: { userId: member.id, managerId: null } });
  });
});
