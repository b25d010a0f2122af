import { afterAll, describe, expect, it } from 'vitest';
import { isNotNull, or } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { defaultCalendar } from '../lib/calendar.ts';
import { runCelebrations } from '../modules/celebrations/job.service.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { freshDatabase } from '../../test/harness.ts';
import { seedDemoCelebrations } from './demo-celebrations.ts';
import { seedDemoLoads } from './demo-loads.ts';
import { seedIfEmpty } from './seed.ts';

// Demo people's dates (docs/architecture.md A6.17, A7): birthdays and hire dates spread over the coming year,
// none celebrated on the first start's day, the first ones within days.

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('demo people dates', () => {
  it('celebrates nobody on the first start, and the first birthdays and anniversaries in the days after', async () => {
    const { database, drop } = await freshDatabase();
    closers.push(async () => {
      await database.close();
      await drop();
    });
    const db = database.db;
    const start = new Date('2026-03-02T15:00:00Z');
    await seedIfEmpty(db, { uploadsDir: '/tmp/rs-demo-celebrations', images: false });
    await seedDemoLoads(db, start);
    await seedDemoCelebrations(db, start);
    const dated = await db
      .select()
      .from(s.users)
      .where(or(isNotNull(s.users.birthday), isNotNull(s.users.hireDate)));
    expect(dated).toHaveLength(27);
    expect(dated.filter((u) => u.birthday)).toHaveLength(15);
    // The first start, and the day after: nothing is due.
    for (const hours of [0, 6, 18]) {
      const run = await runCelebrations(db, { now: new Date(start.getTime() + hours * 3_600_000), calendar: defaultCalendar });
      expect(run.celebrations).toBe(0);
    }
    // Two and three days later: the first birthday, then the first anniversary (five years: 500 points).
    expect((await runCelebrations(db, { now: new Date('2026-03-04T18:00:00Z'), calendar: defaultCalendar })).celebrations).toBe(1);
    const third = await runCelebrations(db, { now: new Date('2026-03-05T18:00:00Z'), calendar: defaultCalendar });
    expect(third).toMatchObject({ celebrations: 1, credited: 500 });
    await assertInvariants(db);
  });
});
