import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { defaultCalendar } from '../lib/calendar.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { freshDatabase } from '../../test/harness.ts';
import { demoAwardPeople, seedDemoAwards } from './demo-awards.ts';
import { seedDemoLoads } from './demo-loads.ts';
import { seedDemoPeer } from './demo-peer.ts';
import { seedIfEmpty } from './seed.ts';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('demo budgets (docs/architecture.md A6.19)', () => {
  it('funds a store budget and a manager budget in the first store, and a two-level chain of demo managers', async () => {
    const { database, drop } = await freshDatabase();
    closers.push(async () => {
      await database.close();
      await drop();
    });
    const db = database.db;
    const now = new Date('2026-03-02T15:00:00Z');
    await seedIfEmpty(db, { uploadsDir: '/tmp/rs-demo-awards', images: false });
    await seedDemoLoads(db, now);
    await seedDemoPeer(db, now, defaultCalendar);
    await seedDemoAwards(db, now, defaultCalendar);

    const budgets = await db.select().from(s.budgets);
    expect(budgets.map((b) => [b.scope, b.available, b.reload])).toEqual([
      ['store', 20_000, true],
      ['manager', 3_000, true],
    ]);
    const people = await db
      .select({ id: s.users.id, email: s.users.email, managerId: s.users.managerId })
      .from(s.users)
      .where(inArray(s.users.email, Object.values(demoAwardPeople)));
    const top = people.find((p) => p.email === demoAwardPeople.topManager)!;
    expect(people.find((p) => p.email === demoAwardPeople.manager)!.managerId).toBe(top.id);
    expect(budgets[1]!.managerId).toBe(people.find((p) => p.email === demoAwardPeople.manager)!.id);
    // Fernanda's people report to her, and she to Alejandro: two levels above them.
    const [gabriel] = await db
      .select({ managerId: s.users.managerId })
      .from(s.users)
      .where(eq(s.users.email, 'gabriel.aguilar@rewards.test'));
    expect(gabriel!.managerId).toBe(people.find((p) => p.email === demoAwardPeople.manager)!.id);
    await assertInvariants(db);
  });
});
