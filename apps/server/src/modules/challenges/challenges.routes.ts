import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  challengeAnswersSchema,
  challengeAwardResultSchema,
  challengeAwardSchema,
  challengeCreateSchema,
  challengeListQuerySchema,
  challengeParticipantSchema,
  challengeParticipantsQuerySchema,
  challengeSchema,
  challengeSubmissionSchema,
  challengeSummarySchema,
  challengeUpdateSchema,
  userChallengeQuerySchema,
  userChallengeSchema,
} from '@rewards/shared/challenges';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { AppError } from '../../lib/app-error.ts';
import { idempotencyHeaders, keyedStatus } from '../../lib/idempotency.ts';
import { assertStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { getUserChallenge, submitAnswers } from './challenge-answers.service.ts';
import { awardChallenge, listParticipants } from './challenge-award.service.ts';
import {
  activateChallenge,
  challengeStore,
  createChallenge,
  deactivateChallenge,
  deleteChallenge,
  getChallenge,
  listChallenges,
  updateChallenge,
} from './challenges.service.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';

const item = itemEnvelope(challengeSchema);

/**
 * Surprise challenges (docs/architecture.md P7, Challenges; docs/architecture.md A6): administrators of the
 * store manage them and read the participants; every signed-in user answers their store's active one.
 */
export async function challengesRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The challenge's store, after checking that the caller administers it. */
  async function administered(request: Parameters<typeof requireUser>[0], id: number): Promise<number> {
    const principal = requireUser(request);
    assertStoreAdmin(principal, await challengeStore(db, id));
    return principal.id;
  }

  r.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['challenges'],
        summary: "A store's challenges, the active one first (filters: active, search in title and description)",
        querystring: challengeListQuerySchema,
        response: { 200: listEnvelope(challengeSummarySchema) },
      },
    },
    async (request) => {
      assertStoreAdmin(requireUser(request), request.query.storeId);
      return listChallenges(db, request.query, clock.now());
    },
  );

  r.get(
    '/userChallenge',
    {
      config: { access: 'user' },
      schema: {
        tags: ['challenges'],
        summary:
          "The active challenge of the user's store (without the right options; no questions before its start) and the user's own submission; data null when there is none",
        querystring: userChallengeQuerySchema,
        response: { 200: z.object({ data: userChallengeSchema.nullable() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const storeId = request.query.storeId ?? user.storeId;
      if (storeId !== user.storeId) throw new AppError('CHALLENGE_OTHER_STORE', { storeId });
      if (!storeId) return { data: null };
      return { data: await getUserChallenge(db, { userId: user.id, storeId, now: clock.now() }) };
    },
  );

  r.get(
    '/participants',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['challenges'],
        summary:
          'Who answered a challenge, in the order they answered, with their answers; for multiple choice, autoWinner marks the first N with every answer right',
        querystring: challengeParticipantsQuerySchema,
        response: { 200: listEnvelope(challengeParticipantSchema) },
      },
    },
    async (request) => {
      await administered(request, request.query.challengeId);
      return listParticipants(db, request.query);
    },
  );

  r.post(
    '/answers',
    {
      config: { access: 'user' },
      schema: {
        tags: ['challenges'],
        summary:
          "Send the user's answers: their store's challenge, while active and between its start and end, every question once; one submission per user (CHALLENGE_ALREADY_ANSWERED)",
        body: challengeAnswersSchema,
        response: { 201: itemEnvelope(challengeSubmissionSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const submission = await submitAnswers(db, { userId: user.id, storeId: user.storeId, input: request.body, now: clock.now() });
      return reply.status(201).send({ data: submission });
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['challenges'],
        summary: 'One challenge with its questions and right options',
        params: idParamsSchema,
        response: { 200: item },
      },
    },
    async (request) => {
      await administered(request, request.params.id);
      return { data: await getChallenge(db, request.params.id, clock.now()) };
    },
  );

  r.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['challenges'],
        summary: 'Create a challenge (inactive): multiple choice questions have 2 or more options, exactly one right',
        body: challengeCreateSchema,
        response: { 201: item },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      assertStoreAdmin(principal, request.body.storeId);
      const challenge = await createChallenge(db, { ...request.body, actorId: principal.id, now: clock.now() });
      return reply.status(201).send({ data: challenge });
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['challenges'],
        summary: 'Edit a challenge and replace its questions, while nobody has answered it (CHALLENGE_HAS_PARTICIPANTS)',
        params: idParamsSchema,
        body: challengeUpdateSchema,
        response: { 200: item },
      },
    },
    async (request) => {
      const actorId = await administered(request, request.params.id);
      return { data: await updateChallenge(db, request.params.id, { ...request.body, actorId, now: clock.now() }) };
    },
  );

  lifecycleRoutes(app, {
    tag: 'challenges',
    access: 'admin',
    item: challengeSchema,
    summaries: {
      activate:
        "Activate a challenge: one active per store (409 ALREADY_ACTIVE); the first time, every active user of the store gets a 'challenge' notification",
      deactivate: 'Deactivate a challenge (answers stop)',
      delete: 'Delete a challenge nobody has answered (409 CHALLENGE_HAS_PARTICIPANTS otherwise: deactivate it)',
    },
    setActive: async (request, id, active) =>
      (active ? activateChallenge : deactivateChallenge)(db, id, await administered(request, id), clock.now()),
    remove: async (request, id) => {
      await administered(request, id);
      return deleteChallenge(db, id, clock.now());
    },
  });
}

/** `POST /api/loads/challenge` (docs/architecture.md P7, Loads): awarding a challenge is a load of points. */
export async function challengeAwardRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const awardItem = itemEnvelope(challengeAwardResultSchema);

  r.post(
    '/challenge',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads', 'challenges'],
        summary:
          'Award a challenge once: credits points per winner to each winner (multiple choice: the first N with every answer right; open-ended: userIds, at most N participants) as a load, with a notification each; the same Idempotency-Key with the same request replays the award',
        headers: idempotencyHeaders,
        body: challengeAwardSchema,
        response: { 200: awardItem, 201: awardItem },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      assertStoreAdmin(user, await challengeStore(db, request.body.challengeId));
      const { result, replayed } = await awardChallenge(db, {
        actorId: user.id,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        now: clock.now(),
        calendar: config.calendar,
      });
      return reply.status(keyedStatus(replayed)).send({ data: result });
    },
  );
}
