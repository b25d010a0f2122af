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
  userRoleUpdateSchema,
} from '@rewards/shared/users';
import { assertStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../app.ts';
import { getHeaderCounts, getSessionUser, isStoreAccount, listUsers, setUserRole } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db, clock } = opts.deps;
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
