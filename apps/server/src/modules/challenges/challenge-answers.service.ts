import { and, eq } from 'drizzle-orm';
import { challengeStatus, type ChallengeAnswers, type ChallengeSubmission, type UserChallenge } from '@rewards/shared/challenges';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import { answersOf, iso, isoOrNull, lockChallenge, questionsOf, selectSummaries, toSummary } from './challenges.service.ts';

/** Surprise challenges, shoppers' side (docs/architecture.md A6.8): their store's active challenge, and their one submission. */

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
      titleEn: summary.titleEn,
      description: summary.description,
      descriptionEn: summary.descriptionEn,
      type: summary.type,
      winners: summary.winners,
      pointsPerWinner: summary.pointsPerWinner,
      totalPoints: summary.totalPoints,
      startsAt: summary.startsAt,
      endsAt: summary.endsAt,
      status: summary.status,
      awardedAt: summary.awardedAt,
      questions: questions.map((q) => ({
        id: q.id,
        text: q.text,
        textEn: q.textEn,
        options: q.options.map((o) => ({ id: o.id, text: o.text, textEn: o.textEn })),
      })),
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
