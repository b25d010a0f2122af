import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, or } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { freshDatabase } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { seedDemoChallenges } from './demo-challenges.ts';
import { seedDemoLoads } from './demo-loads.ts';
import { seedIfEmpty } from './seed.ts';

/**
 * The demo data in both languages (docs/architecture.md A6.15, A7): every product, category, recognition,
 * area, banner, challenge (questions and options too) and load reason written in Spanish and English, and
 * every ledger row it writes keyed.
 */
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  const { database, drop } = await freshDatabase();
  db = database.db;
  close = async () => {
    await database.close();
    await drop();
  };
  await seedIfEmpty(db, { uploadsDir: '/tmp/rs-seed-languages', images: false });
  await seedDemoLoads(db, new Date('2026-03-02T15:00:00Z'));
  await seedDemoChallenges(db, new Date('2026-03-02T15:00:00Z'));
});
afterAll(() => close?.());

/** Rows with a text missing in a language: none expected. */
const unwritten = (pairs: [string, string][]) => pairs.filter(([es, en]) => es.trim() === '' || en.trim() === '');

describe('the demo data in both languages', () => {
  it('writes every text of the catalogue in Spanish and English, the English not a copy of the Spanish', async () => {
    const products = await db.select().from(s.products);
    expect(products.length).toBeGreaterThan(40);
    expect(
      unwritten(
        products.flatMap(
          (p) =>
            [
              [p.name, p.nameEn],
              [p.description, p.descriptionEn],
            ] as [string, string][],
        ),
      ),
    ).toEqual([]);
    const categories = await db.select().from(s.categories);
    expect(
      unwritten(
        categories.flatMap(
          (c) =>
            [
              [c.title, c.titleEn],
              [c.description, c.descriptionEn],
            ] as [string, string][],
        ),
      ),
    ).toEqual([]);
    const rewards = await db.select().from(s.rewards);
    expect(
      unwritten(
        rewards.flatMap(
          (r) =>
            [
              [r.name, r.nameEn],
              [r.description, r.descriptionEn],
            ] as [string, string][],
        ),
      ),
    ).toEqual([]);
    const areas = await db.select().from(s.areas);
    expect(
      unwritten(
        areas.flatMap(
          (a) =>
            [
              [a.name, a.nameEn],
              [a.description, a.descriptionEn],
            ] as [string, string][],
        ),
      ),
    ).toEqual([]);
    const banners = await db.select().from(s.banners);
    expect(banners.length).toBeGreaterThan(0);
    expect(unwritten(banners.map((b) => [b.title, b.titleEn]))).toEqual([]);
    // Translated, not copied: the descriptions differ in every row (a few names, such as "Trivia", are the same word).
    expect(products.filter((p) => p.description === p.descriptionEn)).toEqual([]);
    const thermos = products.find((p) => p.slug === 'termo-de-acero')!;
    expect(thermos).toMatchObject({ name: 'Termo de acero', nameEn: 'Steel thermos' });
    // The search text holds both languages.
    expect(thermos.searchText).toContain('steel thermos');
    expect(thermos.searchText).toContain('termo de acero');
  });

  it('writes the challenges, their questions and options, and the load reasons in both languages', async () => {
    const challenges = await db.select().from(s.challenges);
    expect(challenges).toHaveLength(3);
    expect(
      unwritten(
        challenges.flatMap(
          (c) =>
            [
              [c.title, c.titleEn],
              [c.description, c.descriptionEn],
            ] as [string, string][],
        ),
      ),
    ).toEqual([]);
    const questions = await db.select().from(s.challengeQuestions);
    expect(unwritten(questions.map((q) => [q.text, q.textEn]))).toEqual([]);
    const options = await db.select().from(s.challengeOptions);
    expect(options.length).toBeGreaterThan(0);
    expect(unwritten(options.map((o) => [o.text, o.textEn]))).toEqual([]);
    const loads = await db.select().from(s.loads);
    expect(loads.length).toBeGreaterThan(0);
    expect(unwritten(loads.map((l) => [l.reason, l.reasonEn]))).toEqual([]);
  });

  it('keys every ledger row it writes: the opening balances and the loads', async () => {
    const unkeyed = await db
      .select({ id: s.pointTransactions.id })
      .from(s.pointTransactions)
      .where(or(isNull(s.pointTransactions.descriptionKey), isNull(s.pointTransactions.descriptionValues)));
    expect(unkeyed).toEqual([]);
    const [opening] = await db
      .select()
      .from(s.pointTransactions)
      .innerJoin(s.users, eq(s.users.id, s.pointTransactions.userId))
      .where(and(eq(s.users.email, 'ana@rewards.test'), eq(s.pointTransactions.descriptionKey, 'initial')));
    expect(opening!.point_transactions.value).toBe(5000);
    const [load] = await db.select().from(s.pointTransactions).where(eq(s.pointTransactions.descriptionKey, 'load')).limit(1);
    expect(load!.descriptionValues).toMatchObject({
      reward: { es: expect.any(String), en: expect.any(String) },
      reason: { es: expect.any(String), en: expect.any(String) },
    });
  });
});
