import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ChallengeAward, ChallengeAwardResult, ChallengeParticipant, ChallengeParticipantsQuery } from '@rewards/shared/challenges';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import { bilingualDescription } from '@rewards/shared/notifications';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertAccrualOpen, type CalendarRules } from '../../lib/calendar.ts';
import { keyedWrite, replayOf, requestFingerprint } from '../../lib/idempotency.ts';
import { postPoints } from '../points/points.service.ts';
import { answersOf, iso, lockChallenge, validation } from './challenges.service.ts';

/**
 * Surprise challenges, participants and winners (docs/architecture.md A6.8, docs/decisions/0008-challenges.md):
 * the participants in the order they answered, and the award, once: a `loads` group row without a
 * recognition, the winners' `challenge` credits with their notifications through the ledger's owner
 * (postPoints), and one consolidated row each, in one transaction.
 */

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
          optionTextEn: a.optionTextEn,
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
  return requestFingerprint(['challenge', input.challengeId, users]);
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
  p: { actorId: number; input: ChallengeAward; idempotencyKey?: string; now: Date; calendar: CalendarRules },
): Promise<{ result: ChallengeAwardResult; replayed: boolean }> {
  const { input, now } = p;
  const hash = awardRequestHash(input);
  return keyedWrite(() =>
    db.transaction(async (tx) => {
      const c = await lockChallenge(tx, input.challengeId);
      if (p.idempotencyKey) {
        const [prior] = await tx
          .select({ id: s.loads.id, requestHash: s.loads.requestHash })
          .from(s.loads)
          .where(and(eq(s.loads.createdBy, p.actorId), eq(s.loads.idempotencyKey, p.idempotencyKey)));
        if (replayOf(prior, hash, { loadId: prior?.id })) return { result: await awardResult(tx, c.id), replayed: true };
      }
      if (c.awardedAt) throw new AppError('CHALLENGE_ALREADY_AWARDED', { loadId: c.loadId, awardedAt: iso(c.awardedAt) });
      assertAccrualOpen(now, p.calendar);

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
          reasonEn: c.titleEn,
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
      // Every winner's balance, ledger row and notification through the ledger's owner, in user id order.
      const byUser = [...winners].sort((a, b) => a.userId - b.userId);
      const credits = await postPoints(tx, {
        entries: byUser.map((w) => ({ userId: w.userId, value: points })),
        kind: 'challenge',
        description: c.title || c.titleEn,
        descriptionKey: 'challenge',
        descriptionValues: { title: { es: c.title, en: c.titleEn } },
        createdBy: p.actorId,
        refType: 'challenge',
        refId: c.id,
        now,
        // The title in both languages, each side the other's where one was not written (docs/architecture.md A6.15).
        notify: {
          itemType: 'challenge',
          description: bilingualDescription({ es: `${c.title || c.titleEn} (+${points})`, en: `${c.titleEn || c.title} (+${points})` }),
          url: '/account',
        },
      });
      const creditOf = new Map(credits.map((r) => [r.userId, r.transactionId]));
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
      return { result: await awardResult(tx, c.id), replayed: false };
    }),
  );
}
