import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { freshDatabase } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { demoAccounts } from './demo-accounts.ts';
import { demoEmployees, inactiveEmployee, seedDemoLoads } from './demo-loads.ts';
import { seedIfEmpty } from './seed.ts';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  const { database, drop } = await freshDatabase();
  db = database.db;
  close = async () => {
    await database.close();
    await drop();
  };
  await seedIfEmpty(db, { uploadsDir: '/tmp/rs-demo-loads', images: false });
  await seedDemoLoads(db, new Date('2026-03-02T15:00:00Z'));
});
afterAll(() => close?.());

describe('demo employees and loads', () => {
  it('seeds employees in every store, one inactive, and loads that credit only them', async () => {
    const [first] = await db.select({ n: count() }).from(s.users).where(like(s.users.email, '%@rewards.test'));
    expect(first!.n).toBeGreaterThan(60);
    const [inactive] = await db.select().from(s.users).where(eq(s.users.email, inactiveEmployee.email));
    expect(inactive!.active).toBe(0);
    const loads = await db.select().from(s.loads);
    expect(loads.map((l) => [l.receivers, l.rejected])).toEqual([
      [10, 2],
      [25, 0],
      [4, 0],
    ]);
    // The demo accounts keep their points (Ana 5,000) and are not listed among the employees.
    const [ana] = await db.select({ points: s.users.points }).from(s.users).where(eq(s.users.email, 'ana@rewards.test'));
    expect(ana!.points).toBe(5000);
    expect(demoEmployees().some((e) => demoAccounts.some((a) => a.email === e.email))).toBe(false);
    expect(new Set(demoEmployees().map((e) => e.email)).size).toBe(60);
    await assertInvariants(db);
  });
});
