import { afterAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, isNotNull, lt, min } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { defaultCalendar } from '../lib/calendar.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { freshDatabase } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { demoAccounts } from './demo-accounts.ts';
import { seedDemoLoads } from './demo-loads.ts';
import { seedDemoPeer } from './demo-peer.ts';
import { seedIfEmpty } from './seed.ts';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A fresh database with the demo data as a running server's first start leaves it on `now`. */
async function demo(now: string): Promise<Db> {
  const { database, drop } = await freshDatabase();
  closers.push(async () => {
    await database.close();
    await drop();
  });
  await seedIfEmpty(database.db, { uploadsDir: '/tmp/rs-demo-peer', images: false });
  await seedDemoLoads(database.db, new Date(now));
  await seedDemoPeer(database.db, new Date(now), defaultCalendar);
  return database.db;
}

describe('demo peer recognition (docs/architecture.md A6.16)', () => {
  it('gives every store its settings and values, some managers, and weeks of recognitions through rs_give', async () => {
    const db = await demo('2026-03-02T15:00:00Z');
    const settings = await db.select().from(s.givingSettings);
    expect(settings).toHaveLength(3);
    expect(settings.every((g) => g.amount === 100 && g.period === 'month')).toBe(true);
    const values = await db.select().from(s.companyValues);
    expect(values).toHaveLength(18);
    expect(values.every((v) => v.name && v.nameEn && v.emoji && v.color)).toBe(true);
    expect(await db.$count(s.users, isNotNull(s.users.managerId))).toBe(12);

    const recognitions = await db.select().from(s.peerRecognitions);
    expect(recognitions.length).toBeGreaterThan(25);
    expect(recognitions.some((r) => r.private)).toBe(true);
    // Four weeks back, none in the future.
    const [first] = await db.select({ at: min(s.peerRecognitions.createdAt) }).from(s.peerRecognitions);
    expect(first!.at!.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-02-02T00:00:00Z'));
    expect(recognitions.every((r) => r.createdAt.getTime() < Date.parse('2026-03-02T15:00:00Z'))).toBe(true);
    expect(await db.$count(s.peerComments)).toBeGreaterThan(5);
    expect(await db.$count(s.peerAddons)).toBeGreaterThan(1);
    expect(await db.$count(s.peerReactions)).toBeGreaterThan(10);
    // Every recipient was credited through the points ledger, as kind recognition.
    const credits = await db.select({ n: count() }).from(s.pointTransactions).where(eq(s.pointTransactions.kind, 'recognition'));
    const lines = await db.select({ n: count() }).from(s.peerRecognitionRecipients);
    expect(credits[0]!.n).toBeGreaterThanOrEqual(lines[0]!.n);

    // The demo accounts take no part: Ana keeps her 5,000 points and has no allowance yet.
    const accounts = await db
      .select({ id: s.users.id, points: s.users.points, email: s.users.email })
      .from(s.users)
      .where(
        inArray(
          s.users.email,
          demoAccounts.map((a) => a.email),
        ),
      );
    expect(accounts.find((a) => a.email === 'ana@rewards.test')!.points).toBe(5000);
    expect(
      await db
        .select()
        .from(s.allowances)
        .where(
          inArray(
            s.allowances.userId,
            accounts.map((a) => a.id),
          ),
        ),
    ).toEqual([]);
    await assertInvariants(db);
  });

  it('gives nothing on the days the accrual window is closed', async () => {
    // 2026-11-10: the four weeks back start in October, after the accrual end (30 September).
    const db = await demo('2026-11-10T15:00:00Z');
    const recognitions = await db.select().from(s.peerRecognitions);
    expect(recognitions.length).toBeGreaterThan(0);
    expect(
      await db
        .select()
        .from(s.peerRecognitions)
        .where(lt(s.peerRecognitions.createdAt, new Date('2026-11-01T00:00:00Z'))),
    ).toEqual([]);
    await assertInvariants(db);
  });
});
