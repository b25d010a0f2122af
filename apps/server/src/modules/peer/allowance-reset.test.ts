import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { openDatabase } from '../../db/client.ts';
import { defaultCalendar, type CalendarRules } from '../../lib/calendar.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { boostAllowance, getAllowance, resetAllowances } from './allowance.service.ts';

// The allowance's reset (docs/architecture.md A6.16): each store's period (ISO week, month, quarter) in local
// days of the program time zone, clock changes included; the remainder and a boost past its last day expire,
// the new grant counts direct reports; and three instances resetting at once reset each person once.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const utc: CalendarRules = defaultCalendar;
const zone = (timeZone: string): CalendarRules => ({ ...defaultCalendar, timeZone });
const rowOf = async (userId: number) => (await t.db.select().from(s.allowances).where(eq(s.allowances.userId, userId)))[0]!;
const movesOf = async (userId: number) =>
  (await t.db.select().from(s.allowanceMovements).where(eq(s.allowanceMovements.userId, userId)).orderBy(s.allowanceMovements.id)).map(
    (m) => [m.kind, m.value, m.periodStart],
  );
const resetOne = (userId: number, now: string, calendar = utc) => resetAllowances(t.db, { now: new Date(now), calendar, users: [userId] });

async function storeWith(period: 'week' | 'month' | 'quarter', extra: Partial<typeof s.givingSettings.$inferInsert> = {}) {
  const store = await make.store();
  await t.db.insert(s.givingSettings).values({ storeId: store.id, period, ...extra });
  return store;
}

describe('periods', () => {
  it('month: the remainder expires and the new grant arrives on the first local day', async () => {
    const u = await make.shopper();
    await resetOne(u.id, '2026-03-10T12:00:00Z');
    expect(await rowOf(u.id)).toMatchObject({ periodStart: '2026-03-01', periodEnd: '2026-03-31', amount: 100, remaining: 100 });
    expect(await resetOne(u.id, '2026-03-31T23:59:59Z')).toBe(0);
    expect(await resetOne(u.id, '2026-04-01T00:00:00Z')).toBe(1);
    expect(await rowOf(u.id)).toMatchObject({ periodStart: '2026-04-01', periodEnd: '2026-04-30', remaining: 100 });
    expect(await movesOf(u.id)).toEqual([
      ['granted', 100, '2026-03-01'],
      ['expired', -100, '2026-03-01'],
      ['granted', 100, '2026-04-01'],
    ]);
  });

  it('ISO week from Monday and calendar quarter, per store', async () => {
    const weekly = await make.shopper({ storeId: (await storeWith('week', { amount: 30 })).id });
    const quarterly = await make.shopper({ storeId: (await storeWith('quarter', { amount: 300 })).id });
    await resetOne(weekly.id, '2026-03-04T12:00:00Z');
    expect(await rowOf(weekly.id)).toMatchObject({ periodStart: '2026-03-02', periodEnd: '2026-03-08', amount: 30 });
    expect(await resetOne(weekly.id, '2026-03-08T23:59:59Z')).toBe(0);
    expect(await resetOne(weekly.id, '2026-03-09T00:00:00Z')).toBe(1);
    expect(await rowOf(weekly.id)).toMatchObject({ periodStart: '2026-03-09', periodEnd: '2026-03-15' });
    // A week across two years starts on its Monday.
    await resetOne(weekly.id, '2027-01-01T12:00:00Z');
    expect(await rowOf(weekly.id)).toMatchObject({ periodStart: '2026-12-28', periodEnd: '2027-01-03' });
    await resetOne(quarterly.id, '2026-05-20T12:00:00Z');
    expect(await rowOf(quarterly.id)).toMatchObject({ periodStart: '2026-04-01', periodEnd: '2026-06-30', amount: 300 });
    expect(await resetOne(quarterly.id, '2026-06-30T23:00:00Z')).toBe(0);
    expect(await resetOne(quarterly.id, '2026-07-01T00:00:00Z')).toBe(1);
    expect(await rowOf(quarterly.id)).toMatchObject({ periodStart: '2026-07-01', periodEnd: '2026-09-30' });
  });

  it("follows the program time zone's local days across clock changes (Madrid, Santiago)", async () => {
    // Madrid moved to summer time on 2026-03-29: 1 April begins at 22:00 UTC on 31 March.
    const madrid = await make.shopper();
    await resetOne(madrid.id, '2026-03-31T21:59:59Z', zone('Europe/Madrid'));
    expect((await rowOf(madrid.id)).periodStart).toBe('2026-03-01');
    await resetOne(madrid.id, '2026-03-31T22:00:00Z', zone('Europe/Madrid'));
    expect((await rowOf(madrid.id)).periodStart).toBe('2026-04-01');
    // Santiago skips midnight on Sunday 2026-09-06 (00:00 becomes 01:00): the week from Monday 7 September
    // begins at 03:00 UTC, and 1 April (still summer time, UTC-3) at 03:00 UTC.
    const weekly = await make.shopper({ storeId: (await storeWith('week')).id });
    const santiago = zone('America/Santiago');
    await resetOne(weekly.id, '2026-09-06T12:00:00Z', santiago);
    expect(await rowOf(weekly.id)).toMatchObject({ periodStart: '2026-08-31', periodEnd: '2026-09-06' });
    expect(await resetOne(weekly.id, '2026-09-07T02:59:59Z', santiago)).toBe(0);
    expect(await resetOne(weekly.id, '2026-09-07T03:00:00Z', santiago)).toBe(1);
    expect((await rowOf(weekly.id)).periodStart).toBe('2026-09-07');
    const monthly = await make.shopper();
    await resetOne(monthly.id, '2026-04-01T02:59:59Z', santiago);
    expect((await rowOf(monthly.id)).periodStart).toBe('2026-03-01');
    await resetOne(monthly.id, '2026-04-01T03:00:00Z', santiago);
    expect((await rowOf(monthly.id)).periodStart).toBe('2026-04-01');
  });

  it('grants the store amount plus per_report for each active direct report', async () => {
    const store = await storeWith('month', { amount: 50, perReport: 10 });
    const manager = await make.shopper({ storeId: store.id });
    for (const active of [true, true, false]) {
      const report = await make.shopper({ active });
      await t.db.update(s.users).set({ managerId: manager.id }).where(eq(s.users.id, report.id));
    }
    const noStore = await make.shopper({ storeId: null });
    await resetOne(manager.id, '2026-03-10T12:00:00Z');
    await resetOne(noStore.id, '2026-03-10T12:00:00Z');
    expect((await rowOf(manager.id)).amount).toBe(70);
    expect((await rowOf(noStore.id)).amount).toBe(100);
  });

  it('expires a boost once its last day is before the new period, and keeps it until then', async () => {
    const u = await make.shopper();
    const admin = await make.admin();
    await boostAllowance(t.db, { userId: u.id, points: 40, actorId: admin.id, now: new Date('2026-09-10T12:00:00Z'), calendar: utc });
    expect(await rowOf(u.id)).toMatchObject({ boostRemaining: 40, boostExpires: '2026-09-30' });
    expect(await getAllowance(t.db, { userId: u.id, now: new Date('2026-09-30T23:00:00Z'), calendar: utc })).toMatchObject({
      boost: 40,
      remaining: 140,
    });
    await resetOne(u.id, '2026-10-01T00:00:00Z');
    expect(await rowOf(u.id)).toMatchObject({ periodStart: '2026-10-01', remaining: 100, boostRemaining: 0, boostExpires: null });
    expect((await movesOf(u.id)).slice(-4)).toEqual([
      ['boost', 40, '2026-09-01'],
      ['expired', -100, '2026-09-01'],
      ['expired', -40, '2026-09-01'],
      ['granted', 100, '2026-10-01'],
    ]);
  });

  it('a full run resets every active person, and only those whose period is stale', async () => {
    const people = [await make.shopper(), await make.shopper()];
    const inactive = await make.shopper({ active: false });
    const now = new Date('2026-05-03T10:00:00Z');
    expect(await resetAllowances(t.db, { now, calendar: utc })).toBeGreaterThanOrEqual(2);
    for (const p of people) expect((await rowOf(p.id)).periodStart).toBe('2026-05-01');
    expect(await t.db.select().from(s.allowances).where(eq(s.allowances.userId, inactive.id))).toEqual([]);
    expect(await resetAllowances(t.db, { now, calendar: utc })).toBe(0);
  });
});

describe('exactly once', () => {
  it('three instances resetting at the boundary at once grant each person once', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => make.shopper()));
    const ids = people.map((p) => p.id);
    for (const id of ids) await resetOne(id, '2026-05-20T12:00:00Z');
    // Three instances: on PostgreSQL three pools of their own (real concurrency), on PGlite the one database.
    const instances = t.databaseUrl
      ? await Promise.all([0, 1, 2].map(() => openDatabase({ url: t.databaseUrl, poolMax: 2 })))
      : [t.database, t.database, t.database];
    try {
      const now = new Date('2026-06-01T00:00:05Z');
      const counts = await Promise.all(instances.map((d) => resetAllowances(d.db, { now, calendar: utc })));
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(ids.length);
      // The same run again, and the lazy per-person reset, find nothing left to do.
      expect(await Promise.all(instances.map((d) => resetAllowances(d.db, { now, calendar: utc })))).toEqual([0, 0, 0]);
      const grants = await t.db
        .select({ userId: s.allowanceMovements.userId })
        .from(s.allowanceMovements)
        .where(
          and(
            inArray(s.allowanceMovements.userId, ids),
            eq(s.allowanceMovements.kind, 'granted'),
            eq(s.allowanceMovements.periodStart, '2026-06-01'),
          ),
        );
      expect(grants.map((g) => g.userId).sort()).toEqual([...ids].sort());
      const expired = await t.db
        .select({ userId: s.allowanceMovements.userId })
        .from(s.allowanceMovements)
        .where(
          and(
            inArray(s.allowanceMovements.userId, ids),
            eq(s.allowanceMovements.kind, 'expired'),
            eq(s.allowanceMovements.periodStart, '2026-05-01'),
          ),
        );
      expect(expired).toHaveLength(ids.length);
      console.log(`reset by three instances at once on ${t.database.kind}: ${counts.join(' + ')} allowances moved`);
      // Without the full run's advisory lock (the lazy reset of named people), the row locks alone decide.
      const july = new Date('2026-07-01T00:00:01Z');
      const named = await Promise.all(
        instances.map((d, i) => resetAllowances(d.db, { now: july, calendar: utc, users: i === 1 ? [...ids].reverse() : ids })),
      );
      expect(named.reduce((a, b) => a + b, 0)).toBe(ids.length);
      const julyGrants = await t.db
        .select({ userId: s.allowanceMovements.userId })
        .from(s.allowanceMovements)
        .where(
          and(
            inArray(s.allowanceMovements.userId, ids),
            eq(s.allowanceMovements.kind, 'granted'),
            eq(s.allowanceMovements.periodStart, '2026-07-01'),
          ),
        );
      expect(julyGrants.map((g) => g.userId).sort()).toEqual([...ids].sort());
      console.log(`reset of the same people by three instances at once on ${t.database.kind}: ${named.join(' + ')}`);
    } finally {
      if (t.databaseUrl) await Promise.all(instances.map((d) => d.close()));
    }
  }, 60_000);
});
