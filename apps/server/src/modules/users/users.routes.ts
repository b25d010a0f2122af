import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope, listEnvelope, queryId } from '@rewards/shared/common';
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenSchema,
  backendUserSchema,
  deactivatedUsersQuerySchema,
  headerCountsSchema,
  sessionUserSchema,
  userDetailSchema,
  userListItemSchema,
  userListQuerySchema,
  userPointsResultSchema,
  userPointsSchema,
  userUpdateSchema,
  userAuthSchema,
  userIsUpdateSchema,
} from '@rewards/shared/users';
import { AppError } from '../../lib/app-error.ts';
import { assertStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../auth/auth.service.ts';
import {
  adminAdjustPoints,
  backendUserFor,
  assertUserInScope,
  findUserScope,
  getHeaderCounts,
  getSessionUser,
  getUserDetail,
  isStoreAccount,
  listUsers,
  managedStores,
  setUserActive,
  setUserDates,
  setUserIs,
  setUserRole,
  assertHireDateInRange,
} from './users.service.ts';
import { sameDayCelebrations } from '../celebrations/dates.service.ts';
import { localDate } from '../../lib/calendar.ts';
import { Role } from '@rewards/shared/enums';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';

export async function usersRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const afterDatesChanged = sameDayCelebrations(opts.deps, app);

  r.get(
    '/profile',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], summary: 'The session user', response: { 200: itemEnvelope(sessionUserSchema) } },
    },
    async (request) => ({ data: await getSessionUser(db, requireUser(request).id) }),
  );

  r.post(
    '/auth',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          "The original brief's login call (docs/architecture.md P7): the signed-in caller's backend user record (active, new, ...). Signing in is /api/auth/login; the e-mail must be the caller's own (FORBIDDEN)",
        body: userAuthSchema,
        response: { 200: itemEnvelope(backendUserSchema) },
      },
    },
    async (request) => ({ data: await backendUserFor(db, requireUser(request).id, request.body.email) }),
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
        querystring: z.object({ storeId: queryId.optional() }).strict(),
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
        summary:
          'Users of the stores the administrator runs (all stores for super administrators), newest first; filters: storeId, role, active, search',
        querystring: userListQuerySchema,
        response: { 200: listEnvelope(userListItemSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const { storeId } = request.query;
      if (storeId !== undefined) assertStoreAdmin(principal, storeId);
      return listUsers(db, request.query, storeId !== undefined ? [storeId] : managedStores(principal));
    },
  );

  r.get(
    '/deactivated',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          'Deactivated users of the stores the administrator runs (all stores for super administrators); filters: storeId, role, search',
        querystring: deactivatedUsersQuerySchema,
        response: { 200: listEnvelope(userListItemSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const { storeId } = request.query;
      if (storeId !== undefined) assertStoreAdmin(principal, storeId);
      return listUsers(db, { ...request.query, active: false }, storeId !== undefined ? [storeId] : managedStores(principal));
    },
  );

  r.get(
    '/one/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: "One user, for administrators of the user's store (403 FORBIDDEN_STORE otherwise) and super administrators",
        params: idParamsSchema,
        response: { 200: itemEnvelope(userDetailSchema) },
      },
    },
    async (request) => {
      assertUserInScope(requireUser(request), await findUserScope(db, request.params.id));
      return { data: await getUserDetail(db, request.params.id) };
    },
  );

  lifecycleRoutes(app, {
    tag: 'users',
    access: 'admin',
    item: userDetailSchema,
    summaries: {
      activate: 'Activate a user (administrators: shoppers of their stores only; super administrators: anyone)',
      deactivate: 'Deactivate a user and end their sessions at once (administrators: shoppers of their stores only; never oneself)',
    },
    setActive: (request, id, active) => setUserActive(db, { actor: requireUser(request), userId: id, active, now: clock.now() }),
  });

  r.post(
    '/points',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Legacy, administrators of the user's store only (an administrator's points: super administrators only; never one's own): load points (positive, accrual window) or adjust them (negative, never below 0); answers the new balance",
        body: userPointsSchema,
        response: { 200: userPointsResultSchema },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const { userId, value, description } = request.body;
      const balance = await adminAdjustPoints(db, {
        actor: principal,
        userId,
        value,
        description,
        now: clock.now(),
        calendar: config.calendar,
      });
      return { data: { userId, value: balance } };
    },
  );

  // ---- personal API tokens of the session user (docs/architecture.md A5) ----
  r.get(
    '/tokens',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "The session user's personal API tokens, newest first (never the secret)",
        response: { 200: itemEnvelope(z.array(apiTokenSchema)) },
      },
    },
    async (request) => ({ data: await listApiTokens(db, requireUser(request).id) }),
  );

  r.post(
    '/tokens',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'A new personal API token for the session user (signed in through the browser); the secret is answered this once',
        security: [{ session: [] }],
        body: apiTokenCreateSchema,
        response: { 201: itemEnvelope(apiTokenCreatedSchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      // A token cannot mint another one, or it would never really expire.
      if (principal.via !== 'session') throw new AppError('FORBIDDEN');
      const created = await createApiToken(db, { userId: principal.id, ...request.body, now: clock.now() });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ data: created });
    },
  );

  r.delete(
    '/tokens/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "Revoke one of the session user's personal API tokens (another user's token is 404)",
        params: idParamsSchema,
        response: { 200: itemEnvelope(apiTokenSchema) },
      },
    },
    async (request) => ({
      data: await revokeApiToken(db, { tokenId: request.params.id, userId: requireUser(request).id, now: clock.now() }),
    }),
  );

  r.put(
    '/is/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Correct a user's IS (employee id): administrators of the user's store (403 FORBIDDEN_STORE otherwise); unique (409 IS_TAKEN); null or empty clears it",
        params: idParamsSchema,
        body: userIsUpdateSchema,
        response: { 200: itemEnvelope(userDetailSchema) },
      },
    },
    async (request) => ({
      data: await setUserIs(db, { actor: requireUser(request), userId: request.params.id, is: request.body.is, now: clock.now() }),
    }),
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Set a person's dates (administrators of their store; birthday MM-DD, never a year, or null; hire date YYYY-MM-DD at most a year ahead, or null) and their role and administered stores (super administrators only, FORBIDDEN otherwise; the legacy body's id, when sent, must be the path's); what is left out stays, at least one field (NOTHING_TO_CHANGE)",
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: itemEnvelope(sessionUserSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const userId = request.params.id;
      const { id, role, adminStores, birthday, hireDate } = request.body;
      if (role === undefined && adminStores === undefined && birthday === undefined && hireDate === undefined)
        throw new AppError('NOTHING_TO_CHANGE');
      const target = await findUserScope(db, userId);
      const roleChange = role !== undefined || adminStores !== undefined;
      if (roleChange && principal.role !== Role.SuperAdmin) throw new AppError('FORBIDDEN');
      assertUserInScope(principal, target);
      const now = clock.now();
      const today = localDate(now, config.calendar.timeZone);
      // Every refusal before the first write: the role and the dates are saved together or not at all.
      assertHireDateInRange(hireDate, today);
      if (roleChange) {
        if (role === undefined)
          throw new AppError('VALIDATION_FAILED', [{ field: 'body.role', message: 'Required field', code: 'invalid_type' }]);
        await setUserRole(db, { userId, actorId: principal.id, update: { id, role, adminStores: adminStores ?? [] }, now });
      } else if (id !== undefined && id !== userId) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'body.id', message: 'Must be the id in the path', code: 'custom' }]);
      }
      await setUserDates(db, { actor: principal, userId, birthday, hireDate, now, today, afterDatesChanged });
      return { data: await getSessionUser(db, userId) };
    },
  );
}
