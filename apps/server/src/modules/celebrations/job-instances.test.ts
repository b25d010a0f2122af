import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { openDatabase } from '../../db/client.ts';
import { defaultCalendar } from '../../lib/calendar.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { runCelebrations } from './job.service.ts';

// Every instance runs the celebrations job (docs/architecture.md A6.17, decision 0049): three at once post,
// credit and tell each person once, and so do their runs of the same people. On PostgreSQL three pools of
// their own (real concurrency), on PGlite the one database.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

describe('three instances at once', () => {
  it('celebrate, credit and tell each person once', async () => {
    const zones = ['America/Mexico_City', 'Europe/Madrid', 'America/Bogota'];
    const manager = await make.shopper();
    const people: number[] = [];
    for (let i = 0; i < 30; i++) {
      const u = await make.shopper({
        profile: { latitude: 0, longitude: 0, timeZone: zones[i % zones.length]!, locatedAt: new Date('2026-01-01T00:00:00Z') },
      });
      // Birthdays today, first days today, 5-year anniversaries today, and birthdays in 3 days (the manager's heads-up).
      const dates = [
        { birthday: '05-05' },
        { hireDate: '2026-05-05' },
        { hireDate: '2021-05-05' },
        { birthday: '05-08', managerId: manager.id },
      ][i % 4]!;
      await t.db.update(s.users).set(dates).where(eq(s.users.id, u.id));
      people.push(u.id);
    }
    const instances = t.databaseUrl
      ? await Promise.all([0, 1, 2].map(() => openDatabase({ url: t.databaseUrl, poolMax: 2 })))
      : [t.database, t.database, t.database];
    try {
      // 18:00 UTC on 5 May: past 08:00 on 5 May in all three zones.
      const now = new Date('2026-05-05T18:00:00Z');
      const runs = await Promise.all(instances.map((d) => runCelebrations(d.db, { now, calendar: defaultCalendar })));
      const due = people.filter((_, i) => i % 4 !== 3).length;
      expect(runs.reduce((n, r) => n + r.celebrations, 0)).toBe(due);
      expect(runs.reduce((n, r) => n + r.headsUps, 0)).toBe(people.length - due);
      expect(runs.flatMap((r) => r.feed)).toHaveLength(due);
      // Again, and for the same people by name: nothing.
      const again = await Promise.all(
        instances.map((d, i) => runCelebrations(d.db, { now, calendar: defaultCalendar, users: i === 1 ? people : undefined })),
      );
      expect(again.map((r) => r.celebrations + r.headsUps + r.reminders)).toEqual([0, 0, 0]);
      const rows = await t.db.select().from(s.celebrations).where(inArray(s.celebrations.userId, people));
      expect(rows).toHaveLength(due);
      expect(new Set(rows.map((r) => `${r.userId}:${r.kind}`)).size).toBe(due);
      const ledger = await t.db.select().from(s.pointTransactions).where(inArray(s.pointTransactions.userId, people));
      expect(ledger.filter((l) => l.kind === 'celebration')).toHaveLength(due);
      expect(ledger.filter((l) => l.value === 500)).toHaveLength(people.filter((_, i) => i % 4 === 2).length);
      const told = await t.db.select().from(s.notifications).where(eq(s.notifications.userId, manager.id));
      expect(told).toHaveLength(people.length - due);
      console.log(`celebrations by three instances at once on ${t.database.kind}: ${runs.map((r) => r.celebrations).join(' + ')}`);
    } finally {
      if (t.databaseUrl) await Promise.all(instances.map((d) => d.close()));
    }
  }, 60_000);
});
