import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { Role } from '@rewards/shared/enums';
import {
  headerCountsSchema,
  sessionUserSchema,
  userListItemSchema,
  userListQuerySchema,
  userPointsResultSchema,
  userPointsSchema,
  userRoleUpdateSchema,
} from '@rewards/shared/users';
import { AppError } from '../../lib/app-error.ts';
import { isAccrualOpen } from '../../lib/calendar.ts';
import { assertStoreAdmin, canAdminStore, requireUser } from '../../plugins/auth.ts';
import { adjustUserPoints } from '../points/points.service.ts';
import type { AppDeps } from '../../app.ts';
import { getHeaderCounts, getSessionUser, isStoreAccount, listUsers, setUserRole } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/profile',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], summary: 'The session user', response: { 200: itemEnvelope(sessionUserSchema) } },
    },
    async (request) => ({ data: await getSessionUser(db, requireUser(request).id) }),
  );

  r.get(
    '/profile/counters',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], summary: 'Header badge counts of the session user', response: { 200: itemEnvelope(headerCountsSchema) } },
    },
    async (request) => ({ data: await getHeaderCounts(db, requireUser(request).id) }),
  );

  r.get(
    '/store',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Whether the session user is a store account',
        querystring: z.object({ storeId: idSchema.optional() }).strict(),
        response: { 200: itemEnvelope(z.boolean()) },
      },
    },
    async (request) => ({ data: await isStoreAccount(db, requireUser(request).id, request.query.storeId) }),
  );

  r.get(
    '/all',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Users of the stores the administrator runs (all stores for super administrators)',
        querystring: userListQuerySchema,
        response: { 200: listEnvelope(userListItemSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const { storeId } = request.query;
      if (storeId !== undefined) assertStoreAdmin(principal, storeId);
      const scope = storeId !== undefined ? [storeId] : principal.role === Role.SuperAdmin ? null : principal.adminStores;
      return listUsers(db, request.query, scope);
    },
  );

  r.post(
    '/points',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Legacy, administrators of the user's store only: load points (positive, accrual window) or adjust them (negative, never below 0); answers the new balance",
        body: userPointsSchema,
        response: { 200: userPointsResultSchema },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const { userId, value, description } = request.body;
      const target = await getSessionUser(db, userId);
      // Nobody writes their own points, administrators included.
      if (target.id === principal.id) throw new AppError('FORBIDDEN', 403);
      if (target.storeId === null ? principal.role !== Role.SuperAdmin : !canAdminStore(principal, target.storeId))
        throw new AppError('FORBIDDEN_STORE', 403, { storeId: target.storeId });
      const now = clock.now();
      const balance = await adjustUserPoints(db, {
        userId,
        value,
        description,
        actorId: principal.id,
        accrualOpen: isAccrualOpen(now, config.calendar),
        now,
      });
      return { data: { userId, value: balance } };
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'super' },
      schema: {
        tags: ['users'],
        summary: "Set a user's role and administered stores (super administrators)",
        params: idParamsSchema,
        body: userRoleUpdateSchema,
        response: { 200: itemEnvelope(sessionUserSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await setUserRole(db, { userId: request.params.id, actorId: principal.id, update: request.body, now: clock.now() });
      return { data: await getSessionUser(db, request.params.id) };
    },
  );
}
