import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CelebrationSettings } from '@rewards/shared/celebration-admin';
import * as s from '../../db/schema/index.ts';
import type { CalendarRules } from '../../lib/calendar.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { runCelebrations } from './job.service.ts';

// The celebrations' points from a store budget (docs/architecture.md A6.17, A6.19): the settings name an
// open store budget of the store, and rs_celebrate spends from it what it can cover, in celebration order.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const openAllYear: CalendarRules = { timeZone: 'UTC', accrualStart: '01-01', accrualEnd: '12-30', redemptionEnd: '12-30' };
const call = (u: FactoryUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...u.headers, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

const settingsBody = {
  localHour: 8,
  birthdayPoints: 50,
  anniversaryPoints: 100,
  welcomePoints: 100,
  milestones: {},
  feb29: 'feb28',
  headsUpDays: 0,
  defaults: { birthday: 'public', anniversary: 'public', welcome: 'public' },
} as const;

async function storeWithAdmin() {
  const store = await make.store();
  await t.db.update(s.stores).set({ timeZone: 'UTC' }).where(eq(s.stores.id, store.id));
  const admin = await make.admin({ stores: [store.id] });
  return { store, admin };
}
async function budget(by: FactoryUser, body: Record<string, unknown>) {
  const res = await call(by, 'POST', '/api/budgets', { scope: 'store', amount: 120, period: 'none', reload: false, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data;
}
async function birthdays(storeId: number, n: number, monthDay: string) {
  const people = [];
  for (let i = 0; i < n; i++) {
    const u = await make.shopper({ storeId });
    await t.db.update(s.users).set({ birthday: monthDay }).where(eq(s.users.id, u.id));
    people.push(u);
  }
  return people;
}
const celebrationsOf = (ids: number[]) =>
  t.db.select().from(s.celebrations).where(inArray(s.celebrations.userId, ids)).orderBy(asc(s.celebrations.id));
const ledgerOf = (ids: number[]) =>
  t.db
    .select()
    .from(s.pointTransactions)
    .where(and(inArray(s.pointTransactions.userId, ids), eq(s.pointTransactions.kind, 'celebration')));

describe('celebrations paid from a store budget', () => {
  it('a budget of 120 and three birthdays of 50: the first two are credited (100 spent), the third happens with 0 points', async () => {
    const { store, admin } = await storeWithAdmin();
    const b = await budget(admin, { storeId: store.id });
    const saved = await call(admin, 'PUT', `/api/celebrations/stores/${store.id}/settings`, { ...settingsBody, budgetId: b.id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: CelebrationSettings }>().data.budgetId).toBe(b.id);
    const people = await birthdays(store.id, 3, '06-15');
    const ids = people.map((p) => p.id);

    const r = await runCelebrations(t.db, { now: new Date('2026-06-15T12:00:00Z'), calendar: openAllYear, users: ids });
    expect(r.celebrations).toBe(3);
    expect(r.credited).toBe(100);
    const rows = await celebrationsOf(ids);
    expect(rows.map((c) => c.points)).toEqual([50, 50, 0]);
    expect(rows[2]!.transactionId).toBeNull();
    expect((await ledgerOf(ids)).map((l) => l.userId).sort()).toEqual([rows[0]!.userId, rows[1]!.userId].sort());
    const [row] = await t.db.select().from(s.budgets).where(eq(s.budgets.id, b.id));
    expect(row).toMatchObject({ available: 20, reserved: 0 });
    const moves = await t.db
      .select()
      .from(s.budgetMovements)
      .where(eq(s.budgetMovements.budgetId, b.id))
      .orderBy(asc(s.budgetMovements.id));
    expect(moves.map((m) => [m.kind, m.available, m.reserved, m.awardId, m.createdBy])).toEqual([
      ['funded', 120, 0, null, admin.id],
      ['spent', -100, 0, null, null],
    ]);
    // Exactly once: a second run the same day spends nothing more.
    const again = await runCelebrations(t.db, { now: new Date('2026-06-15T13:00:00Z'), calendar: openAllYear, users: ids });
    expect(again.celebrations).toBe(0);
    expect((await t.db.select().from(s.budgetMovements).where(eq(s.budgetMovements.budgetId, b.id))).length).toBe(2);
  });

  it('a budget whose period is stale moves to its new period (reloaded) before it pays', async () => {
    const { store, admin } = await storeWithAdmin();
    const b = await budget(admin, { storeId: store.id, period: 'month', reload: true });
    expect(
      (await call(admin, 'PUT', `/api/celebrations/stores/${store.id}/settings`, { ...settingsBody, budgetId: b.id })).statusCode,
    ).toBe(200);
    const june = (await birthdays(store.id, 3, '06-20')).map((p) => p.id);
    const july = (await birthdays(store.id, 2, '07-01')).map((p) => p.id);
    await runCelebrations(t.db, { now: new Date('2026-06-20T12:00:00Z'), calendar: openAllYear, users: june });
    const r = await runCelebrations(t.db, { now: new Date('2026-07-01T12:00:00Z'), calendar: openAllYear, users: july });
    expect([r.celebrations, r.credited]).toEqual([2, 100]);
    const [row] = await t.db.select().from(s.budgets).where(eq(s.budgets.id, b.id));
    expect(row).toMatchObject({ available: 20, periodStart: '2026-07-01' });
    const moves = await t.db
      .select()
      .from(s.budgetMovements)
      .where(eq(s.budgetMovements.budgetId, b.id))
      .orderBy(asc(s.budgetMovements.id));
    expect(moves.slice(-3).map((m) => [m.kind, m.available, m.periodStart])).toEqual([
      ['expired', -20, '2026-06-01'],
      ['reloaded', 120, '2026-07-01'],
      ['spent', -100, '2026-07-01'],
    ]);
  });

  it('a budget closed since the settings were saved pays nothing: the celebrations happen with 0 points', async () => {
    const { store, admin } = await storeWithAdmin();
    const b = await budget(admin, { storeId: store.id });
    expect(
      (await call(admin, 'PUT', `/api/celebrations/stores/${store.id}/settings`, { ...settingsBody, budgetId: b.id })).statusCode,
    ).toBe(200);
    const closed = await t.app.inject({ method: 'PUT', url: `/api/budgets/${b.id}`, headers: admin.headers, payload: { closed: true } });
    expect(closed.statusCode, closed.body).toBe(200);
    const people = await birthdays(store.id, 2, '06-16');
    const ids = people.map((p) => p.id);
    const r = await runCelebrations(t.db, { now: new Date('2026-06-16T12:00:00Z'), calendar: openAllYear, users: ids });
    expect([r.celebrations, r.credited]).toEqual([2, 0]);
    expect((await celebrationsOf(ids)).map((c) => c.points)).toEqual([0, 0]);
    expect(await ledgerOf(ids)).toEqual([]);
  });

  it('without a budget the program pays, as before', async () => {
    const { store, admin } = await storeWithAdmin();
    const saved = await call(admin, 'PUT', `/api/celebrations/stores/${store.id}/settings`, settingsBody);
    expect(saved.json<{ data: CelebrationSettings }>().data.budgetId).toBeNull();
    const people = await birthdays(store.id, 3, '06-17');
    const ids = people.map((p) => p.id);
    const r = await runCelebrations(t.db, { now: new Date('2026-06-17T12:00:00Z'), calendar: openAllYear, users: ids });
    expect([r.celebrations, r.credited]).toEqual([3, 150]);
    expect((await celebrationsOf(ids)).map((c) => c.points)).toEqual([50, 50, 50]);
    expect((await ledgerOf(ids)).length).toBe(3);
  });
});

describe('PUT /api/celebrations/stores/{id}/settings: budgetId', () => {
  it("refuses another store's budget, a department budget and a closed one (CELEBRATION_BUDGET_INVALID); null clears it", async () => {
    const { store, admin } = await storeWithAdmin();
    const other = await storeWithAdmin();
    const url = `/api/celebrations/stores/${store.id}/settings`;
    const othersBudget = await budget(other.admin, { storeId: other.store.id });
    const seller = await make.shopper({ storeId: store.id });
    await t.db.update(s.users).set({ department: 'Sales' }).where(eq(s.users.id, seller.id));
    const department = await budget(admin, { storeId: store.id, scope: 'department', department: 'Sales' });
    const closing = await budget(admin, { storeId: store.id });
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/api/budgets/${closing.id}`,
      headers: admin.headers,
      payload: { closed: true },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const id of [othersBudget.id, department.id, closing.id, 2_000_000_000]) {
      const res = await call(admin, 'PUT', url, { ...settingsBody, budgetId: id });
      expect([res.statusCode, res.json().code], res.body).toEqual([422, 'CELEBRATION_BUDGET_INVALID']);
    }
    expect((await call(admin, 'PUT', url, { ...settingsBody, budgetId: '1' })).statusCode).toBe(400);
    const good = await budget(admin, { storeId: store.id });
    expect(
      (await call(admin, 'PUT', url, { ...settingsBody, budgetId: good.id })).json<{ data: CelebrationSettings }>().data.budgetId,
    ).toBe(good.id);
    expect((await call(admin, 'GET', url)).json<{ data: CelebrationSettings }>().data.budgetId).toBe(good.id);
    expect(
      (await call(admin, 'PUT', url, { ...settingsBody, budgetId: null })).json<{ data: CelebrationSettings }>().data.budgetId,
    ).toBeNull();
  });
});
