import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  challengeStatus,
  type Challenge,
  type ChallengeAward,
  type ChallengeAwardResult,
  type ChallengeCreate,
  type ChallengeForm,
  type ChallengeListQuery,
  type ChallengeParticipant,
  type ChallengeParticipantsQuery,
  type ChallengeAnswers,
  type ChallengeQuestion,
  type ChallengeSubmission,
  type ChallengeSummary,
  type UserChallenge,
} from '@rewards/shared/challenges';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { postPoints } from '../points/points.service.ts';
import { containsText } from '../../lib/search-text.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import { assertStoreExists } from '../stores/stores.service.ts';

/**
 * Surprise challenges (docs/architecture.md A6, docs/decisions/0008-challenges.md). Administrators
 * write them (questions replaced whole while nobody has answered), activate one per store (the partial
 * unique index `challenges_one_active_per_store_uq` decides races: ALREADY_ACTIVE), and award the
 * winners once, as a load: a `loads` group row without a recognition, one `challenge` ledger credit per
 * winner through postPoints, one consolidated row and one notification each, in one transaction.
 */

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
const validation = (field: string, message: string, code: string, extra: Record<string, unknown> = {}) =>
  new AppError('VALIDATION_FAILED', [{ field, message, code, ...extra }]);

// Qualified by hand: inside a select Drizzle writes bare column names (see areas.service.ts).
const challengeId = sql`${s.challenges}.${sql.identifier('id')}`;
const summaryColumns = {
  id: s.challenges.id,
  storeId: s.challenges.storeId,
  title: s.challenges.title,
  description: s.challenges.description,
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
const selectSummaries = (db: DbOrTx) => db.select(summaryColumns).from(s.challenges);

function toSummary(r: SummaryRow, now: Date): ChallengeSummary {
  return {
    id: r.id,
    storeId: r.storeId,
    title: r.title,
    description: r.description,
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
  if (q.search) conditions.push(containsText(q.search, s.challenges.title, s.challenges.description));
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
async function questionsOf(db: DbOrTx, id: number): Promise<ChallengeQuestion[]> {
  const [questions, options] = await Promise.all([
    db
      .select({ id: s.challengeQuestions.id, text: s.challengeQuestions.text })
      .from(s.challengeQuestions)
      .where(eq(s.challengeQuestions.challengeId, id))
      .orderBy(asc(s.challengeQuestions.position), asc(s.challengeQuestions.id)),
    db
      .select({
        id: s.challengeOptions.id,
        questionId: s.challengeOptions.questionId,
        text: s.challengeOptions.text,
        isCorrect: s.challengeOptions.isCorrect,
      })
      .from(s.challengeOptions)
      .innerJoin(s.challengeQuestions, eq(s.challengeQuestions.id, s.challengeOptions.questionId))
      .where(eq(s.challengeQuestions.challengeId, id))
      .orderBy(asc(s.challengeOptions.position), asc(s.challengeOptions.id)),
  ]);
  return questions.map((q) => ({
    ...q,
    options: options.filter((o) => o.questionId === q.id).map(({ id: optionId, text, isCorrect }) => ({ id: optionId, text, isCorrect })),
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
    .values(questions.map((q, i) => ({ challengeId: challenge, text: q.text, position: i })))
    .returning({ id: s.challengeQuestions.id, position: s.challengeQuestions.position });
  const idAt = new Map(rows.map((r) => [r.position, r.id]));
  const options = questions.flatMap((q, i) =>
    q.options.map((o, j) => ({ questionId: idAt.get(i)!, text: o.text, isCorrect: o.isCorrect, position: j })),
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
        title: input.title,
        description: input.description,
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
async function lockChallenge(tx: DbOrTx, id: number, mode: 'update' | 'share' = 'update') {
  const [row] = await tx
    .select({
      id: s.challenges.id,
      storeId: s.challenges.storeId,
      title: s.challenges.title,
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

/** Replaces the form's fields and the questions (while nobody has answered). */
export async function updateChallenge(db: Db, id: number, input: ChallengeForm & { actorId: number; now: Date }): Promise<Challenge> {
  await db.transaction(async (tx) => {
    const current = await lockChallenge(tx, id);
    await assertNoParticipants(tx, id);
    // An active challenge keeps running: it must still end in the future.
    if (current.isActive && new Date(input.endsAt) <= input.now)
      throw validation('body.endsAt', 'An active challenge must end in the future', 'custom');
    await tx
      .update(s.challenges)
      .set({
        title: input.title,
        description: input.description,
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
      if (!c.announcedAt) {
        await tx.execute(sql`
          insert into notifications (user_id, item_type, description, url, created_at)
          select u.id, 'challenge', ${c.title}::text, '/challenge', ${now.toISOString()}::timestamptz
          from users u where u.store_id = ${c.storeId} and u.active = 1`);
      }
    });
  } catch (err) {
    // Another challenge of the store was activated between the check and the update.
    if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('ALREADY_ACTIVE');
    throw err;
  }
  return getChallenge(db, id, now);
}

// ------------------------------------------------------------------------------------------------
// Shoppers
// ------------------------------------------------------------------------------------------------

async function answersOf(db: DbOrTx, participationIds: number[]) {
  if (participationIds.length === 0) return [];
  return db
    .select({
      participationId: s.challengeAnswers.participationId,
      questionId: s.challengeAnswers.questionId,
      optionId: s.challengeAnswers.optionId,
      text: s.challengeAnswers.text,
      optionText: s.challengeOptions.text,
      isCorrect: s.challengeOptions.isCorrect,
    })
    .from(s.challengeAnswers)
    .innerJoin(s.challengeQuestions, eq(s.challengeQuestions.id, s.challengeAnswers.questionId))
    .leftJoin(s.challengeOptions, eq(s.challengeOptions.id, s.challengeAnswers.optionId))
    .where(inArray(s.challengeAnswers.participationId, participationIds))
    .orderBy(asc(s.challengeQuestions.position), asc(s.challengeQuestions.id));
}

/**
 * `POST /api/challenges/answers`: the user's one submission. Only for their store's challenge, while it
 * is active, not awarded and between its start and end; every question answered once (an option of that
 * question for multiple choice, a text for open-ended). The challenge row is share-locked, so an award
 * or a deactivation waits for the submission (and then sees it).
 */
export async function submitAnswers(
  db: Db,
  p: { userId: number; storeId: number | null; input: ChallengeAnswers; now: Date },
): Promise<ChallengeSubmission> {
  const { input, now } = p;
  try {
    return await db.transaction(async (tx) => {
      const c = await lockChallenge(tx, input.challengeId, 'share');
      if (c.storeId !== p.storeId) throw new AppError('CHALLENGE_OTHER_STORE', { challengeId: c.id });
      const status = challengeStatus(c, now);
      if (status !== 'open') throw new AppError('CHALLENGE_NOT_OPEN', { status });
      const [already] = await tx
        .select({ id: s.challengeParticipations.id })
        .from(s.challengeParticipations)
        .where(and(eq(s.challengeParticipations.challengeId, c.id), eq(s.challengeParticipations.userId, p.userId)));
      if (already) throw new AppError('CHALLENGE_ALREADY_ANSWERED');

      const questions = await questionsOf(tx, c.id);
      const byId = new Map(questions.map((q) => [q.id, q]));
      const problems: { field: string; message: string; code: string; questionId?: number }[] = [];
      const seen = new Set<number>();
      const rows: { questionId: number; optionId: number | null; text: string | null; correct: boolean }[] = [];
      input.values.forEach((v, i) => {
        const field = `body.values.${i}`;
        const question = byId.get(v.questionId);
        if (!question) return problems.push({ field: `${field}.questionId`, message: 'Not a question of this challenge', code: 'unknown' });
        if (seen.has(v.questionId)) return problems.push({ field: `${field}.questionId`, message: 'Answered twice', code: 'duplicate' });
        seen.add(v.questionId);
        if (c.type === 'multiple_choice') {
          if (v.optionId === undefined) return problems.push({ field: `${field}.optionId`, message: 'Required field', code: 'required' });
          const option = question.options.find((o) => o.id === v.optionId);
          if (!option) return problems.push({ field: `${field}.optionId`, message: 'Not an option of this question', code: 'unknown' });
          rows.push({ questionId: question.id, optionId: option.id, text: null, correct: option.isCorrect });
        } else {
          if (v.optionId !== undefined)
            return problems.push({ field: `${field}.optionId`, message: 'Open-ended questions take a text', code: 'unexpected' });
          if (!v.text) return problems.push({ field: `${field}.text`, message: 'Required field', code: 'required' });
          rows.push({ questionId: question.id, optionId: null, text: v.text, correct: false });
        }
        return undefined;
      });
      for (const q of questions) {
        if (!seen.has(q.id))
          problems.push({ field: 'body.values', message: 'Answer every question', code: 'missing_answer', questionId: q.id });
      }
      if (problems.length) throw new AppError('VALIDATION_FAILED', problems);

      const [participation] = await tx
        .insert(s.challengeParticipations)
        .values({
          challengeId: c.id,
          userId: p.userId,
          submittedAt: now,
          allCorrect: c.type === 'multiple_choice' ? rows.every((r) => r.correct) : null,
        })
        .returning({ id: s.challengeParticipations.id });
      await tx
        .insert(s.challengeAnswers)
        .values(rows.map((r) => ({ participationId: participation!.id, questionId: r.questionId, optionId: r.optionId, text: r.text })));
      const order = new Map(questions.map((q, i) => [q.id, i]));
      return {
        challengeId: c.id,
        submittedAt: now.toISOString(),
        values: rows
          .sort((a, b) => order.get(a.questionId)! - order.get(b.questionId)!)
          .map((r) => ({ questionId: r.questionId, optionId: r.optionId, text: r.text })),
      };
    });
  } catch (err) {
    // Two submissions of one user at once: the unique index keeps the first.
    if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('CHALLENGE_ALREADY_ANSWERED');
    throw err;
  }
}

/**
 * `GET /api/challenges/userChallenge`: the store's active challenge as its users see it, without the
 * right options, and the user's own submission; before the start, without its questions.
 */
export async function getUserChallenge(db: DbOrTx, p: { userId: number; storeId: number; now: Date }): Promise<UserChallenge | null> {
  const [row] = await selectSummaries(db).where(and(eq(s.challenges.storeId, p.storeId), eq(s.challenges.isActive, true)));
  if (!row) return null;
  const summary = toSummary(row, p.now);
  const questions = summary.status === 'scheduled' ? [] : await questionsOf(db, row.id);
  const [mine] = await db
    .select({
      id: s.challengeParticipations.id,
      submittedAt: s.challengeParticipations.submittedAt,
      isWinner: s.challengeParticipations.isWinner,
      awardedAt: s.challengeParticipations.awardedAt,
    })
    .from(s.challengeParticipations)
    .where(and(eq(s.challengeParticipations.challengeId, row.id), eq(s.challengeParticipations.userId, p.userId)));
  const answers = mine ? await answersOf(db, [mine.id]) : [];
  return {
    challenge: {
      id: summary.id,
      storeId: summary.storeId,
      title: summary.title,
      description: summary.description,
      type: summary.type,
      winners: summary.winners,
      pointsPerWinner: summary.pointsPerWinner,
      totalPoints: summary.totalPoints,
      startsAt: summary.startsAt,
      endsAt: summary.endsAt,
      status: summary.status,
      awardedAt: summary.awardedAt,
      questions: questions.map((q) => ({ id: q.id, text: q.text, options: q.options.map((o) => ({ id: o.id, text: o.text })) })),
    },
    submission: mine
      ? {
          submittedAt: iso(mine.submittedAt),
          values: answers.map((a) => ({ questionId: a.questionId, optionId: a.optionId, text: a.text })),
          isWinner: mine.isWinner,
          awardedAt: isoOrNull(mine.awardedAt),
        }
      : null,
    now: p.now.toISOString(),
  };
}

// ------------------------------------------------------------------------------------------------
// Participants and winners
// ------------------------------------------------------------------------------------------------

/**
 * `GET /api/challenges/participants`: in the order they answered, with their answers. For a multiple
 * choice challenge not awarded yet, `autoWinner` marks who would win now: the first N (by submission
 * time, then id) with every answer right, computed over all participants whatever the page.
 */
export async function listParticipants(db: DbOrTx, q: ChallengeParticipantsQuery): Promise<ListResponse<ChallengeParticipant>> {
  const [{ rows }, [total]] = await Promise.all([
    db.execute<{
      id: number;
      user_id: number;
      name: string;
      email: string;
      submitted_at: Date | string;
      all_correct: boolean | null;
      is_winner: boolean;
      awarded_at: Date | string | null;
      auto_winner: boolean;
    }>(sql`
      with ranked as (
        select p.*, row_number() over (partition by p.all_correct order by p.created_at, p.id) as rank
        from challenge_participations p where p.challenge_id = ${q.challengeId})
      select r.id, r.user_id, concat_ws(' ', u.name, u.last_name) as name, u.email, r.created_at as submitted_at,
        r.all_correct, r.is_winner, r.awarded_at,
        (c.type = 'multiple_choice' and c.awarded_at is null and coalesce(r.all_correct, false) and r.rank <= c.winners) as auto_winner
      from ranked r
      join users u on u.id = r.user_id
      join challenges c on c.id = r.challenge_id
      order by r.created_at, r.id
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.select({ n: count() }).from(s.challengeParticipations).where(eq(s.challengeParticipations.challengeId, q.challengeId)),
  ]);
  const answers = await answersOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return listResponse(
    rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      name: r.name,
      email: r.email,
      submittedAt: iso(r.submitted_at),
      allCorrect: r.all_correct,
      autoWinner: Boolean(r.auto_winner),
      isWinner: r.is_winner,
      awardedAt: r.awarded_at === null ? null : iso(r.awarded_at),
      values: answers
        .filter((a) => a.participationId === Number(r.id))
        .map((a) => ({
          questionId: a.questionId,
          optionId: a.optionId,
          text: a.text,
          optionText: a.optionText,
          isCorrect: a.optionId === null ? null : a.isCorrect,
        })),
    })),
    q,
    total?.n ?? 0,
  );
}

/** Fingerprint of an award request: the same Idempotency-Key with another body is refused. */
export function awardRequestHash(input: ChallengeAward): string {
  const users = input.userIds ? [...input.userIds].sort((a, b) => a - b) : null;
  return createHash('sha256')
    .update(JSON.stringify(['challenge', input.challengeId, users]))
    .digest('hex');
}

async function awardResult(tx: DbOrTx, id: number): Promise<ChallengeAwardResult> {
  const [c] = await tx
    .select({ loadId: s.challenges.loadId, awardedAt: s.challenges.awardedAt, points: s.challenges.pointsPerWinner })
    .from(s.challenges)
    .where(eq(s.challenges.id, id));
  const winners = await tx
    .select({ userId: s.users.id, name: sql<string>`concat_ws(' ', ${s.users.name}, ${s.users.lastName})`, email: s.users.email })
    .from(s.challengeParticipations)
    .innerJoin(s.users, eq(s.users.id, s.challengeParticipations.userId))
    .where(and(eq(s.challengeParticipations.challengeId, id), eq(s.challengeParticipations.isWinner, true)))
    .orderBy(asc(s.challengeParticipations.submittedAt), asc(s.challengeParticipations.id));
  return {
    challengeId: id,
    loadId: c!.loadId!,
    pointsPerWinner: c!.points,
    totalPoints: c!.points * winners.length,
    awardedAt: iso(c!.awardedAt!),
    winners,
  };
}

/**
 * `POST /api/loads/challenge`: credits the winners once (docs/architecture.md A6). Multiple choice:
 * the first N participants with every answer right; open-ended: the administrator's choice among the
 * participants, at most N. In one transaction, under the challenge's row lock: the load group row (no
 * recognition), per winner a `challenge` ledger credit through postPoints (balance and ledger
 * together), a consolidated row and a notification; the participations and the challenge are marked
 * awarded. The same Idempotency-Key with the same request replays the first award; with another request
 * it is IDEMPOTENCY_KEY_REUSED. Awarding again is CHALLENGE_ALREADY_AWARDED.
 */
export async function awardChallenge(
  db: Db,
  p: { actorId: number; input: ChallengeAward; idempotencyKey?: string; now: Date; accrualOpen: boolean },
): Promise<{ result: ChallengeAwardResult; replayed: boolean }> {
  const { input, now } = p;
  const hash = awardRequestHash(input);
  try {
    return await db.transaction(async (tx) => {
      const c = await lockChallenge(tx, input.challengeId);
      if (p.idempotencyKey) {
        const [prior] = await tx
          .select({ id: s.loads.id, requestHash: s.loads.requestHash })
          .from(s.loads)
          .where(and(eq(s.loads.createdBy, p.actorId), eq(s.loads.idempotencyKey, p.idempotencyKey)));
        if (prior && prior.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', { loadId: prior.id });
        if (prior) return { result: await awardResult(tx, c.id), replayed: true };
      }
      if (c.awardedAt) throw new AppError('CHALLENGE_ALREADY_AWARDED', { loadId: c.loadId, awardedAt: iso(c.awardedAt) });
      if (!p.accrualOpen) throw new AppError('ACCRUAL_CLOSED');

      const participant = {
        id: s.challengeParticipations.id,
        userId: s.challengeParticipations.userId,
        email: s.users.email,
        storeId: s.users.storeId,
      };
      let winners: { id: number; userId: number; email: string; storeId: number | null }[];
      if (c.type === 'multiple_choice') {
        if (input.userIds)
          throw validation('body.userIds', 'The winners of a multiple choice challenge are chosen automatically', 'unexpected');
        winners = await tx
          .select(participant)
          .from(s.challengeParticipations)
          .innerJoin(s.users, eq(s.users.id, s.challengeParticipations.userId))
          .where(and(eq(s.challengeParticipations.challengeId, c.id), eq(s.challengeParticipations.allCorrect, true)))
          .orderBy(asc(s.challengeParticipations.submittedAt), asc(s.challengeParticipations.id))
          .limit(c.winners);
        if (winners.length === 0) throw new AppError('CHALLENGE_NO_WINNERS');
      } else {
        const chosen = input.userIds;
        if (!chosen) throw validation('body.userIds', 'Required field', 'required');
        if (new Set(chosen).size !== chosen.length) throw validation('body.userIds', 'Each winner once', 'duplicate');
        if (chosen.length > c.winners) throw validation('body.userIds', `At most ${c.winners} winners`, 'too_big', { maximum: c.winners });
        winners = await tx
          .select(participant)
          .from(s.challengeParticipations)
          .innerJoin(s.users, eq(s.users.id, s.challengeParticipations.userId))
          .where(and(eq(s.challengeParticipations.challengeId, c.id), inArray(s.challengeParticipations.userId, chosen)));
        const found = new Set(winners.map((w) => w.userId));
        const missing = chosen.filter((u) => !found.has(u));
        if (missing.length) throw new AppError('CHALLENGE_NOT_PARTICIPANT', { userIds: missing });
      }

      const points = c.pointsPerWinner;
      const [sender] = await tx.select({ storeId: s.users.storeId }).from(s.users).where(eq(s.users.id, p.actorId));
      const [load] = await tx
        .insert(s.loads)
        .values({
          storeId: c.storeId,
          rewardId: null,
          reason: c.title,
          points,
          receivers: winners.length,
          rejected: 0,
          totalPoints: winners.length * points,
          idempotencyKey: p.idempotencyKey ?? null,
          requestHash: hash,
          createdBy: p.actorId,
          senderStoreId: sender?.storeId ?? null,
          createdAt: now,
        })
        .returning({ id: s.loads.id });
      const loadId = load!.id;
      // Balances in user id order, as loads and orders lock them.
      const byUser = [...winners].sort((a, b) => a.userId - b.userId);
      for (const w of byUser) {
        await postPoints(tx, {
          userId: w.userId,
          value: points,
          kind: 'challenge',
          description: c.title,
          createdBy: p.actorId,
          refType: 'challenge',
          refId: c.id,
          now,
        });
      }
      const credits = await tx
        .select({ id: s.pointTransactions.id, userId: s.pointTransactions.userId })
        .from(s.pointTransactions)
        .where(and(eq(s.pointTransactions.refType, 'challenge'), eq(s.pointTransactions.refId, c.id)));
      const creditOf = new Map(credits.map((r) => [r.userId, r.id]));
      await tx.insert(s.loadEntries).values(
        byUser.map((w) => ({
          loadId,
          userId: w.userId,
          rewardId: null,
          email: w.email,
          points,
          receiverStoreId: w.storeId,
          transactionId: creditOf.get(w.userId) ?? null,
          createdAt: now,
        })),
      );
      await tx
        .update(s.challengeParticipations)
        .set({ isWinner: true, awardedAt: now })
        .where(
          inArray(
            s.challengeParticipations.id,
            winners.map((w) => w.id),
          ),
        );
      await tx.update(s.challenges).set({ awardedAt: now, loadId, modifiedBy: p.actorId, updatedAt: now }).where(eq(s.challenges.id, c.id));
      await tx.insert(s.notifications).values(
        byUser.map((w) => ({
          userId: w.userId,
          itemType: 'challenge' as const,
          description: `${c.title} (+${points})`,
          url: '/account',
          createdAt: now,
        })),
      );
      return { result: await awardResult(tx, c.id), replayed: false };
    });
  } catch (err) {
    // The same Idempotency-Key used at the same moment for another challenge.
    if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('CONFLICT');
    throw err;
  }
}
