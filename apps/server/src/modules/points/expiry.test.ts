import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { defaultCalendar } from '../../lib/calendar.ts';
import { runPointExpiry } from './expiry.service.ts';

const utc = defaultCalendar;
const mexico = { ...defaultCalendar, timeZone: 'America/Mexico_City' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

describe('point expiry (16 October)', () => {
  it('does nothing before 16 October in the program time zone', async () => {
    // 16 Oct 02:00 UTC is still 15 Oct in Mexico City.
    expect(await runPointExpiry(t.db, new Date('2026-10-16T02:00:00Z'), mexico)).toEqual({
      ran: false,
      users: 0,
      points: 0,
    });
    expect(await runPointExpiry(t.db, new Date('2026-11-02T12:00:00Z'), utc)).toMatchObject({ ran: false });
  });

  it('takes every balance to 0 with expiry transactions, exactly once even when two instances race', async () => {
    const before = (
      await t.db.execute(sql`select coalesce(sum(points), 0)::int as total, count(*) filter (where points > 0)::int as holders from users`)
    ).rows[0] as { total: number; holders: number };
    expect(before.total).toBeGreaterThan(0);
    const now = new Date('2026-10-16T12:00:00Z');
    const [a, b] = await Promise.all([runPointExpiry(t.db, now, utc), runPointExpiry(t.db, now, utc)]);
    expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
    expect(a.points + b.points).toBe(before.total);
    expect(a.users + b.users).toBe(before.holders);
    const after = (await t.db.execute(sql`select coalesce(sum(points), 0)::int as total from users`)).rows[0] as { total: number };
    expect(after.total).toBe(0);
    const expiries = await t.db.select().from(s.pointTransactions).where(eq(s.pointTransactions.kind, 'expiry'));
    expect(expiries).toHaveLength(before.holders);
    const drift = await t.db.execute(
      sql`select u.id from users u left join point_transactions pt on pt.user_id = u.id group by u.id having u.points <> coalesce(sum(pt.value), 0)`,
    );
    expect(drift.rows).toEqual([]);
    // A later run the same year, or a restart on 20 October, does nothing.
    expect((await runPointExpiry(t.db, new Date('2026-10-20T12:00:00Z'), utc)).ran).toBe(false);
  });
});
