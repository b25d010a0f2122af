import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope } from '@rewards/shared/common';
import {
  addonCreateSchema,
  allowanceSchema,
  boostCreateSchema,
  boostResultSchema,
  commentCreateSchema,
  companyValueSchema,
  feedQuerySchema,
  givingSettingsInputSchema,
  givingSettingsSchema,
  managerResultSchema,
  managerUpdateSchema,
  peerAddonSchema,
  peerCommentSchema,
  peerPersonResultSchema,
  peopleQuerySchema,
  reactionParamsSchema,
  recognitionCreateSchema,
  recognitionPageSchema,
  recognitionSchema,
  storeValuesQuerySchema,
  valueCreateSchema,
  valueUpdateSchema,
} from '@rewards/shared/peer';
import { idempotencyHeaders, keyedStatus } from '../../lib/idempotency.ts';
import { assertStoreAdmin, requireUser, type Principal } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { adminOfStore } from '../stores/stores.service.ts';
import { assertUserInScope, findUserScope } from '../users/users.service.ts';
import { boostAllowance, getAllowance, getGivingSettings, saveGivingSettings } from './allowance.service.ts';
import { getRecognition, listRecognitions, searchPeople, type Viewer } from './feed.service.ts';
import { addAddon, addComment, giveRecognition, setManager, setReaction, type Announce } from './peer.service.ts';
import { createValue, deleteValue, getValue, listValues, updateValue } from './values.service.ts';

const TAGS = ['peer'];
const viewerOf = (p: Principal): Viewer => ({ id: p.id, role: p.role, adminStores: p.adminStores });
/** 204 with no body: typed `null` in the document, so the answer lists no content type. */
const noContent = { 204: z.null().meta({ type: 'null', description: 'Done: no content' } as Record<string, unknown>) };

/**
 * Peer recognition (docs/architecture.md A6.16), registered under /api: the feed and its interactions for
 * every signed-in person; giving settings, company values, allowance boosts and managers for the
 * administrators of the store concerned (super administrators: any), under /api/peer/ so that no path
 * is ambiguous with the stores' and users' own routes (/api/stores/activate/{id}, /api/users/one/{id}).
 */
export async function peerRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Writes to a recognition are announced to the live feed by this instance once committed (A6.16).
  const announce: Announce = (a) => app.realtime.announceFeed(a);

  r.post(
    '/recognitions',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "Recognize colleagues: each recipient gets `points` from the caller's giving allowance (Idempotency-Key: the same request replays the first result)",
        headers: idempotencyHeaders,
        body: recognitionCreateSchema,
        response: { 200: itemEnvelope(recognitionSchema), 201: itemEnvelope(recognitionSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const { recognition, replayed } = await giveRecognition(db, request.body, {
        viewer: viewerOf(principal),
        idempotencyKey: request.headers['idempotency-key'],
        now: clock.now(),
        calendar: config.calendar,
        announce,
      });
      return reply.status(keyedStatus(replayed)).send({ data: recognition });
    },
  );

  r.get(
    '/recognitions/allowance',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The caller's giving allowance this period (remaining includes the boost) and their store's giving rules",
        response: { 200: itemEnvelope(allowanceSchema) },
      },
    },
    async (request) => ({ data: await getAllowance(db, { userId: requireUser(request).id, now: clock.now(), calendar: config.calendar }) }),
  );

  r.get(
    '/recognitions/values',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The active company values of a store (default: the caller's), for giving and for the feed's filter",
        querystring: storeValuesQuerySchema,
        response: { 200: z.object({ data: z.array(companyValueSchema) }) },
      },
    },
    async (request) => {
      const storeId = request.query.storeId ?? requireUser(request).storeId;
      return { data: storeId === null ? [] : await listValues(db, storeId, { activeOnly: true }) };
    },
  );

  r.get(
    '/recognitions',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'The recognition feed, newest first (cursor from the previous page); filters: a value, a person (given, received or both: the profile tabs), a store. Private ones only where the caller may see them',
        querystring: feedQuerySchema,
        response: { 200: recognitionPageSchema },
      },
    },
    async (request) => listRecognitions(db, viewerOf(requireUser(request)), request.query),
  );

  r.get(
    '/recognitions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'One recognition with all its comments (404 when the caller may not see it)',
        params: idParamsSchema,
        response: { 200: itemEnvelope(recognitionSchema) },
      },
    },
    async (request) => ({ data: await getRecognition(db, viewerOf(requireUser(request)), request.params.id) }),
  );

  r.post(
    '/recognitions/:id/comments',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Comment on a recognition the caller can see',
        params: idParamsSchema,
        body: commentCreateSchema,
        response: { 201: itemEnvelope(peerCommentSchema) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(requireUser(request));
      const comment = await addComment(db, viewer, request.params.id, request.body.message, clock.now(), announce);
      return reply.status(201).send({ data: comment });
    },
  );

  r.post(
    '/recognitions/:id/addons',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "Add points to a recognition: every recipient gets `points` from the caller's allowance (not on one the caller gave or received; Idempotency-Key as for a recognition)",
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: addonCreateSchema,
        response: { 200: itemEnvelope(peerAddonSchema), 201: itemEnvelope(peerAddonSchema) },
      },
    },
    async (request, reply) => {
      const { addon, replayed } = await addAddon(db, request.params.id, request.body, {
        viewer: viewerOf(requireUser(request)),
        idempotencyKey: request.headers['idempotency-key'],
        now: clock.now(),
        calendar: config.calendar,
        announce,
      });
      return reply.status(keyedStatus(replayed)).send({ data: addon });
    },
  );

  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    r[method](
      '/recognitions/:id/reactions/:emoji',
      {
        config: { access: 'user' },
        schema: {
          tags: TAGS,
          summary: on ? 'React to a recognition (once per kind; again changes nothing)' : 'Take back a reaction (none: nothing changes)',
          params: reactionParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(requireUser(request));
        await setReaction(db, { viewer, recognitionId: request.params.id, emoji: request.params.emoji, on, now: clock.now(), announce });
        return reply.status(204).send(null);
      },
    );
  }

  r.get(
    '/people',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Colleagues to recognize: active people of any store by name or e-mail (accents and case aside), at most 20, not the caller',
        querystring: peopleQuerySchema,
        response: { 200: z.object({ data: z.array(peerPersonResultSchema) }) },
      },
    },
    async (request) => ({ data: await searchPeople(db, { viewerId: requireUser(request).id, ...request.query }) }),
  );

  // ---- Administration: the store's administrators (super administrators: any store) ----

  r.get(
    '/peer/stores/:id/giving',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: "A store's giving settings (the defaults until saved)",
        params: idParamsSchema,
        response: { 200: itemEnvelope(givingSettingsSchema) },
      },
    },
    async (request) => {
      await adminOfStore(db, requireUser(request), request.params.id);
      return { data: await getGivingSettings(db, request.params.id) };
    },
  );

  r.put(
    '/peer/stores/:id/giving',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: "Save a store's giving settings: they apply from each person's next period",
        params: idParamsSchema,
        body: givingSettingsInputSchema,
        response: { 200: itemEnvelope(givingSettingsSchema) },
      },
    },
    async (request) => {
      const principal = await adminOfStore(db, requireUser(request), request.params.id);
      return {
        data: await saveGivingSettings(db, { storeId: request.params.id, input: request.body, actorId: principal.id, now: clock.now() }),
      };
    },
  );

  r.get(
    '/peer/stores/:id/values',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: "A store's company values, active and inactive, by position",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(companyValueSchema) }) },
      },
    },
    async (request) => {
      await adminOfStore(db, requireUser(request), request.params.id);
      return { data: await listValues(db, request.params.id, { activeOnly: false }) };
    },
  );

  r.post(
    '/peer/stores/:id/values',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Create a company value of a store (name in Spanish, English or both)',
        params: idParamsSchema,
        body: valueCreateSchema,
        response: { 201: itemEnvelope(companyValueSchema) },
      },
    },
    async (request, reply) => {
      const principal = await adminOfStore(db, requireUser(request), request.params.id);
      const value = await createValue(db, { storeId: request.params.id, input: request.body, actorId: principal.id, now: clock.now() });
      return reply.status(201).send({ data: value });
    },
  );

  const valueOfAdmin = async (request: FastifyRequest, id: number) => {
    const principal = requireUser(request);
    const value = await getValue(db, id);
    assertStoreAdmin(principal, value.storeId);
    return principal;
  };

  r.put(
    '/peer/values/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Edit a company value (a field left out keeps what is stored; active false deactivates it)',
        params: idParamsSchema,
        body: valueUpdateSchema,
        response: { 200: itemEnvelope(companyValueSchema) },
      },
    },
    async (request) => {
      const principal = await valueOfAdmin(request, request.params.id);
      return { data: await updateValue(db, { id: request.params.id, input: request.body, actorId: principal.id, now: clock.now() }) };
    },
  );

  r.delete(
    '/peer/values/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Delete a company value no recognition names (409 VALUE_IN_USE otherwise: deactivate it)',
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await valueOfAdmin(request, request.params.id);
      await deleteValue(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  /** The person an administrator's request is about: 404 unknown, 403 when their store is not the caller's. */
  const personOfAdmin = async (request: FastifyRequest, userId: number) => {
    const principal = requireUser(request);
    assertUserInScope(principal, await findUserScope(db, userId));
    return principal;
  };

  r.post(
    '/peer/users/:id/allowance-boosts',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary:
          "Add points to a person's giving allowance, spent after the period's remainder, until the end of the program's accrual window",
        params: idParamsSchema,
        body: boostCreateSchema,
        response: { 201: itemEnvelope(boostResultSchema) },
      },
    },
    async (request, reply) => {
      const principal = await personOfAdmin(request, request.params.id);
      const result = await boostAllowance(db, {
        userId: request.params.id,
        points: request.body.points,
        note: request.body.note,
        actorId: principal.id,
        now: clock.now(),
        calendar: config.calendar,
      });
      return reply.status(201).send({ data: result });
    },
  );

  r.put(
    '/peer/users/:id/manager',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: "Set or clear a person's manager (an active user; no one manages themselves, directly or up the chain: MANAGER_CYCLE)",
        params: idParamsSchema,
        body: managerUpdateSchema,
        response: { 200: itemEnvelope(managerResultSchema) },
      },
    },
    async (request) => {
      const principal = await personOfAdmin(request, request.params.id);
      return {
        data: await setManager(db, {
          userId: request.params.id,
          managerId: request.body.managerId,
          now: clock.now(),
          actorId: principal.id,
        }),
      };
    },
  );
}
