import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import {
  rewardAreaGroupSchema,
  rewardCreateSchema,
  rewardListQuerySchema,
  rewardSchema,
  rewardsByAreaQuerySchema,
  rewardUpdateSchema,
} from '@rewards/shared/rewards';
import { notFound } from '../../lib/app-error.ts';
import { shopStoreId } from '../stores/stores.service.ts';
import { assertStoreAdmin, canAdminStore, requireUser, recordOfStoreAdmin } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { createReward, deleteReward, getReward, listRewards, listRewardsByArea, setRewardActive, updateReward } from './rewards.service.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';

const item = itemEnvelope(rewardSchema);

/** Recognitions (docs/architecture.md P7, Rewards): read by everyone for their store, managed by its administrators. */
export async function rewardsRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['rewards'],
        summary:
          "Recognitions of a store (default: the user's store, or the default store when signed out) with points and frequency limits; administrators of the store also see inactive ones",
        querystring: rewardListQuerySchema,
        response: { 200: listEnvelope(rewardSchema) },
      },
    },
    async (request) => {
      const { page, pageSize, search, areaId } = request.query;
      const storeId = await shopStoreId(db, request.principal?.storeId, request.query.storeId);
      if (!storeId) return { data: [], page, pageSize, totalCount: 0, totalPages: 0 };
      const admin = request.principal ? canAdminStore(request.principal, storeId) : false;
      return listRewards(db, { storeId, page, pageSize, search, areaId, active: admin ? request.query.active : true });
    },
  );

  r.get(
    '/area',
    {
      config: { access: 'public' },
      schema: {
        tags: ['rewards'],
        summary: 'Active recognitions of a store grouped by their active area (the "select an area" step); no area last',
        querystring: rewardsByAreaQuerySchema,
        response: { 200: z.object({ data: z.array(rewardAreaGroupSchema) }) },
      },
    },
    async (request) => {
      const storeId = await shopStoreId(db, request.principal?.storeId, request.query.storeId);
      return { data: storeId ? await listRewardsByArea(db, storeId) : [] };
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['rewards'], summary: 'One recognition', params: idParamsSchema, response: { 200: item } },
    },
    async (request) => {
      const reward = await getReward(db, request.params.id);
      if (!reward.active && !(request.principal && canAdminStore(request.principal, reward.storeId))) throw notFound();
      return { data: reward };
    },
  );

  r.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['rewards'],
        summary: 'Create a recognition (code derived from the name when not given)',
        body: rewardCreateSchema,
        response: { 201: item },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      assertStoreAdmin(principal, request.body.storeId);
      const reward = await createReward(db, { ...request.body, actorId: principal.id, now: clock.now() });
      return reply.status(201).send({ data: reward });
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['rewards'],
        summary: 'Edit a recognition (an empty code keeps the current one)',
        params: idParamsSchema,
        body: rewardUpdateSchema,
        response: { 200: item },
      },
    },
    async (request) => {
      const { principal, record: current } = await recordOfStoreAdmin(request, () => getReward(db, request.params.id));
      return { data: await updateReward(db, current.id, { ...request.body, actorId: principal.id, now: clock.now() }) };
    },
  );

  const rewardOfAdmin = (request: FastifyRequest, id: number) => recordOfStoreAdmin(request, () => getReward(db, id));
  lifecycleRoutes(app, {
    tag: 'rewards',
    access: 'admin',
    item: rewardSchema,
    summaries: {
      activate: 'Activate a recognition',
      deactivate: 'Deactivate a recognition',
      delete: 'Delete a recognition never used by a load (409 REWARD_IN_USE otherwise: deactivate it)',
    },
    setActive: async (request, id, active) => {
      const { principal, record } = await rewardOfAdmin(request, id);
      return setRewardActive(db, record.id, active, principal.id, clock.now());
    },
    remove: async (request, id) => deleteReward(db, (await rewardOfAdmin(request, id)).record.id),
  });
}
