import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  challengeStatus,
  type Challenge,
  type ChallengeCreate,
  type ChallengeForm,
  type ChallengeListQuery,
  type ChallengeQuestion,
  type ChallengeSummary,
} from '@rewards/shared/challenges';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import { bilingualDescription } from '@rewards/shared/notifications';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertOneLanguage } from '../../lib/bilingual.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import { containsText } from '../../lib/search-text.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assertStoreExists } from '../stores/stores.service.ts';

/**
 * Surprise challenges (docs/architecture.md A6.8, docs/decisions/0008-challenges.md), administrators' side:
 * they write them (questions replaced whole while nobody has answered) and activate one per store (the
 * partial unique index `challenges_one_active_per_store_uq` decides races: ALREADY_ACTIVE). Shoppers'
 * answers are challenge-answers.service.ts; participants and the award, challenge-award.service.ts. The
 * reads and the row lock they share are exported from here.
 */

export const iso = (v: Date | string) => new Date(v).toISOString();
export const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
export const validation = (field: string, message: string, code: string, extra: Record<string, unknown> = {}) =>
  new AppError('VALIDATION_FAILED', [{ field, message, code, ...extra }]);

// Qualified by hand: inside a select Drizzle writes bare column names (see areas.service.ts).
const challengeId = sql`${s.challenges}.${sql.identifier('id')}`;
const summaryColumns = {
  id: s.challenges.id,
  storeId: s.challenges.storeId,
  title: s.challenges.title,
  titleEn: s.challenges.titleEn,
  description: s.challenges.description,
  descriptionEn: s.challenges.descriptionEn,
  type: s.challenges.type,
  winners: s.challenges.winners,
  pointsPerWinner: s.challenges.pointsPerWinner,
  startsAt: s.challenges.startsAt,
  endsAt: s.challenges.endsAt,
  isActive: s.challenges.isActive,
  awardedAt: s.challenges.awardedAt,
  loadId: s.challenges.loadId,
  createdAt: s.challenges.createdAt,
  updatedAt: s.challenges.updatedAt,
  questionCount: sql<number>`(select count(*)::int from challenge_questions q where q.challenge_id = ${challengeId})`.mapWith(Number),
  participants: sql<number>`(select count(*)::int from challenge_participations p where p.challenge_id = ${challengeId})`.mapWith(Number),
};
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];
export const selectSummaries = (db: DbOrTx) => db.select(summaryColumns).from(s.challenges);

export function toSummary(r: SummaryRow, now: Date): ChallengeSummary {
  return {
    id: r.id,
    storeId: r.storeId,
    title: r.title,
    titleEn: r.titleEn,
    description: r.description,
    descriptionEn: r.descriptionEn,
    type: r.type,
    winners: r.winners,
    pointsPerWinner: r.pointsPerWinner,
    totalPoints: r.winners * r.pointsPerWinner,
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    isActive: r.isActive,
    status: challengeStatus(r, now),
    awardedAt: isoOrNull(r.awardedAt),
    loadId: r.loadId,
    questionCount: r.questionCount,
    participants: r.participants,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** `GET /api/challenges/`: a store's challenges, the active one first, then the newest. */
export async function listChallenges(db: DbOrTx, q: ChallengeListQuery, now: Date): Promise<ListResponse<ChallengeSummary>> {
  const conditions: SQL[] = [eq(s.challenges.storeId, q.storeId)];
  if (q.active !== undefined) conditions.push(eq(s.challenges.isActive, q.active));
  if (q.search)
    conditions.push(containsText(q.search, s.challenges.title, s.challenges.titleEn, s.challenges.description, s.challenges.descriptionEn));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(s.challenges.isActive), desc(s.challenges.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.challenges).where(where),
  ]);
  return listResponse(
    rows.map((r) => toSummary(r, now)),
    q,
    total?.n ?? 0,
  );
}

/** The questions of a challenge with their options, in their order. */
export async function questionsOf(db: DbOrTx, id: number): Promise<ChallengeQuestion[]> {
  const [questions, options] = await Promise.all([
    db
      .select({ id: s.challengeQuestions.id, text: s.challengeQuestions.text, textEn: s.challengeQuestions.textEn })
      .from(s.challengeQuestions)
      .where(eq(s.challengeQuestions.challengeId, id))
      .orderBy(asc(s.challengeQuestions.position), asc(s.challengeQuestions.id)),
    db
      .select({
        id: s.challengeOptions.id,
        questionId: s.challengeOptions.questionId,
        text: s.challengeOptions.text,
        textEn: s.challengeOptions.textEn,
        isCorrect: s.challengeOptions.isCorrect,
      })
      .from(s.challengeOptions)
      .innerJoin(s.challengeQuestions, eq(s.challengeQuestions.id, s.challengeOptions.questionId))
      .where(eq(s.challengeQuestions.challengeId, id))
      .orderBy(asc(s.challengeOptions.position), asc(s.challengeOptions.id)),
  ]);
  return questions.map((q) => ({
    ...q,
    options: options
      .filter((o) => o.questionId === q.id)
      .map(({ id: optionId, text, textEn, isCorrect }) => ({ id: optionId, text, textEn, isCorrect })),
  }));
}

export async function getChallengeSummary(db: DbOrTx, id: number, now: Date): Promise<ChallengeSummary> {
  const [row] = await selectSummaries(db).where(eq(s.challenges.id, id));
  if (!row) throw notFound();
  return toSummary(row, now);
}

/** One challenge with its questions and right options (administrators). */
export async function getChallenge(db: DbOrTx, id: number, now: Date): Promise<Challenge> {
  const summary = await getChallengeSummary(db, id, now);
  return { ...summary, questions: await questionsOf(db, id) };
}

/** The store of a challenge, for the access check; 404 when there is none. */
export async function challengeStore(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ storeId: s.challenges.storeId }).from(s.challenges).where(eq(s.challenges.id, id));
  if (!row) throw notFound();
  return row.storeId;
}

async function writeQuestions(tx: DbOrTx, challenge: number, questions: ChallengeForm['questions']): Promise<void> {
  const rows = await tx
    .insert(s.challengeQuestions)
    .values(questions.map((q, i) => ({ challengeId: challenge, text: q.text ?? '', textEn: q.textEn ?? '', position: i })))
    .returning({ id: s.challengeQuestions.id, position: s.challengeQuestions.position });
  const idAt = new Map(rows.map((r) => [r.position, r.id]));
  const options = questions.flatMap((q, i) =>
    q.options.map((o, j) => ({
      questionId: idAt.get(i)!,
      text: o.text ?? '',
      textEn: o.textEn ?? '',
      isCorrect: o.isCorrect,
      position: j,
    })),
  );
  if (options.length) await tx.insert(s.challengeOptions).values(options);
}

export async function createChallenge(db: Db, input: ChallengeCreate & { actorId: number; now: Date }): Promise<Challenge> {
  const id = await db.transaction(async (tx) => {
    await assertStoreExists(tx, input.storeId);
    const [row] = await tx
      .insert(s.challenges)
      .values({
        storeId: input.storeId,
        title: input.title ?? '',
        titleEn: input.titleEn ?? '',
        description: input.description ?? '',
        descriptionEn: input.descriptionEn ?? '',
        type: input.type,
        winners: input.winners,
        pointsPerWinner: input.pointsPerWinner,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        createdBy: input.actorId,
        modifiedBy: input.actorId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: s.challenges.id });
    await writeQuestions(tx, row!.id, input.questions);
    return row!.id;
  });
  return getChallenge(db, id, input.now);
}

/** The challenge row, locked for the rest of the transaction. */
export async function lockChallenge(tx: DbOrTx, id: number, mode: 'update' | 'share' = 'update') {
  const [row] = await tx
    .select({
      id: s.challenges.id,
      storeId: s.challenges.storeId,
      title: s.challenges.title,
      titleEn: s.challenges.titleEn,
      description: s.challenges.description,
      descriptionEn: s.challenges.descriptionEn,
      type: s.challenges.type,
      winners: s.challenges.winners,
      pointsPerWinner: s.challenges.pointsPerWinner,
      startsAt: s.challenges.startsAt,
      endsAt: s.challenges.endsAt,
      isActive: s.challenges.isActive,
      awardedAt: s.challenges.awardedAt,
      announcedAt: s.challenges.announcedAt,
      loadId: s.challenges.loadId,
    })
    .from(s.challenges)
    .where(eq(s.challenges.id, id))
    .for(mode);
  if (!row) throw notFound();
  return row;
}

async function participantCount(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(s.challengeParticipations).where(eq(s.challengeParticipations.challengeId, id));
  return row?.n ?? 0;
}

/** Answers point at questions and options: once anyone has answered, a challenge is no longer edited or deleted. */
async function assertNoParticipants(tx: DbOrTx, id: number): Promise<void> {
  const participants = await participantCount(tx, id);
  if (participants > 0) throw new AppError('CHALLENGE_HAS_PARTICIPANTS', { participants });
}

/** Replaces the form's fields and the questions (while nobody has answered); a language of the title or description left out keeps what is stored. */
export async function updateChallenge(db: Db, id: number, input: ChallengeForm & { actorId: number; now: Date }): Promise<Challenge> {
  await db.transaction(async (tx) => {
    const current = await lockChallenge(tx, id);
    await assertNoParticipants(tx, id);
    // An active challenge keeps running: it must still end in the future.
    if (current.isActive && new Date(input.endsAt) <= input.now)
      throw validation('body.endsAt', 'An active challenge must end in the future', 'custom');
    const texts = {
      title: input.title ?? current.title,
      titleEn: input.titleEn ?? current.titleEn,
      description: input.description ?? current.description,
      descriptionEn: input.descriptionEn ?? current.descriptionEn,
    };
    assertOneLanguage(texts, ['title', 'description']);
    await tx
      .update(s.challenges)
      .set({
        ...texts,
        type: input.type,
        winners: input.winners,
        pointsPerWinner: input.pointsPerWinner,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        modifiedBy: input.actorId,
        updatedAt: input.now,
      })
      .where(eq(s.challenges.id, id));
    await tx.delete(s.challengeQuestions).where(eq(s.challengeQuestions.challengeId, id));
    await writeQuestions(tx, id, input.questions);
  });
  return getChallenge(db, id, input.now);
}

/** Deletes a challenge nobody has answered (with its questions); answered ones are deactivated instead. */
export async function deleteChallenge(db: Db, id: number, now: Date): Promise<Challenge> {
  return db.transaction(async (tx) => {
    await lockChallenge(tx, id);
    await assertNoParticipants(tx, id);
    const challenge = await getChallenge(tx, id, now);
    await tx.delete(s.challenges).where(eq(s.challenges.id, id));
    return challenge;
  });
}

export async function deactivateChallenge(db: Db, id: number, actorId: number, now: Date): Promise<Challenge> {
  const [row] = await db
    .update(s.challenges)
    .set({ isActive: false, modifiedBy: actorId, updatedAt: now })
    .where(eq(s.challenges.id, id))
    .returning({ id: s.challenges.id });
  if (!row) throw notFound();
  return getChallenge(db, id, now);
}

/**
 * Activates a challenge: one active per store (409 ALREADY_ACTIVE, the index decides a race), never an
 * awarded one or one that has ended. At its first activation every active user of the store is told, in
 * the same transaction, with one set-based INSERT ... SELECT (docs/decisions/0008-challenges.md).
 */
export async function activateChallenge(db: Db, id: number, actorId: number, now: Date): Promise<Challenge> {
  try {
    await db.transaction(async (tx) => {
      const c = await lockChallenge(tx, id);
      if (c.isActive) return;
      if (c.awardedAt) throw new AppError('CHALLENGE_ALREADY_AWARDED', { awardedAt: iso(c.awardedAt) });
      if (c.endsAt <= now) throw new AppError('CHALLENGE_ENDED', { endsAt: iso(c.endsAt) });
      const [other] = await tx
        .select({ id: s.challenges.id })
        .from(s.challenges)
        .where(and(eq(s.challenges.storeId, c.storeId), eq(s.challenges.isActive, true)));
      if (other) throw new AppError('ALREADY_ACTIVE', { challengeId: other.id });
      await tx
        .update(s.challenges)
        .set({ isActive: true, announcedAt: c.announcedAt ?? now, modifiedBy: actorId, updatedAt: now })
        .where(eq(s.challenges.id, id));
      if (!c.announcedAt)
        await notify(tx, {
          to: { activeUsersOfStore: c.storeId },
          itemType: 'challenge',
          // The title in both languages: each reader gets theirs (docs/architecture.md A6.15).
          description: bilingualDescription({ es: c.title, en: c.titleEn }),
          url: '/challenge',
          at: now,
        });
    });
  } catch (err) {
    // Another challenge of the store was activated between the check and the update.
    if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('ALREADY_ACTIVE');
    throw err;
  }
  return getChallenge(db, id, now);
}

/** The answers of some participations, each with its option's text and rightness, in question order. */
export async function answersOf(db: DbOrTx, participationIds: number[]) {
  if (participationIds.length === 0) return [];
  return db
    .select({
      participationId: s.challengeAnswers.participationId,
      questionId: s.challengeAnswers.questionId,
      optionId: s.challengeAnswers.optionId,
      text: s.challengeAnswers.text,
      optionText: s.challengeOptions.text,
      optionTextEn: s.challengeOptions.textEn,
      isCorrect: s.challengeOptions.isCorrect,
    })
    .from(s.challengeAnswers)
    .innerJoin(s.challengeQuestions, eq(s.challengeQuestions.id, s.challengeAnswers.questionId))
    .leftJoin(s.challengeOptions, eq(s.challengeOptions.id, s.challengeAnswers.optionId))
    .where(inArray(s.challengeAnswers.participationId, participationIds))
    .orderBy(asc(s.challengeQuestions.position), asc(s.challengeQuestions.id));
}
