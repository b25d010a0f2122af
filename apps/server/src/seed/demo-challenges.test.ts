import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { assertInvariants } from '../../test/invariants.ts';
import { freshDatabase } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { seedDemoChallenges } from './demo-challenges.ts';
import { seedDemoLoads } from './demo-loads.ts';
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
  await seedIfEmpty(db, { uploadsDir: '/tmp/rs-demo-challenges', images: false });
  await seedDemoLoads(db, new Date('2026-03-02T15:00:00Z'));
  await seedDemoChallenges(db, new Date('2026-03-02T15:00:00Z'));
});
afterAll(() => close?.());

describe('demo challenges', () => {
  it('seeds one per store, the first open with answers, nobody notified or credited', async () => {
    const challenges = await db.select().from(s.challenges).orderBy(asc(s.challenges.id));
    expect(challenges.map((c) => [c.type, c.isActive])).toEqual([
      ['multiple_choice', true],
      ['open', false],
      ['multiple_choice', false],
    ]);
    expect(new Set(challenges.map((c) => c.storeId)).size).toBe(3);
    const participants = await db
      .select({ allCorrect: s.challengeParticipations.allCorrect })
      .from(s.challengeParticipations)
      .where(eq(s.challengeParticipations.challengeId, challenges[0]!.id))
      .orderBy(asc(s.challengeParticipations.submittedAt));
    expect(participants.map((p) => p.allCorrect)).toEqual([true, false, true, true, false]);
    expect(await db.select().from(s.notifications).where(eq(s.notifications.itemType, 'challenge'))).toEqual([]);
    expect(await db.select().from(s.pointTransactions).where(eq(s.pointTransactions.kind, 'challenge'))).toEqual([]);
    await assertInvariants(db);
  });
});
