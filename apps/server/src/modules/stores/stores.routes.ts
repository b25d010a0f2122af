import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { isAdminRole } from '@rewards/shared/enums';
import { storeFormSchema, storeListQuerySchema, storeSchema, storeUpdateSchema, userStoreQuerySchema } from '@rewards/shared/stores';
import { AppError, notFound } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { assertUserInScope, findUserScope } from '../users/users.service.ts';
import { createStore, deleteStore, getStore, getStoreOfUser, listStores, setStoreActive, updateStore } from './stores.service.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';

/** Stores (offices): everyone lists the active ones; super administrators create, edit, (de)activate and delete them. */
export async function storesRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, cache } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stores'],
        summary: 'Stores, oldest first: active ones (status=inactive or all: administrators only), searchable by title and address',
        querystring: storeListQuerySchema,
        response: { 200: listEnvelope(storeSchema) },
      },
    },
    async (request) => {
      if (request.query.status !== 'active' && !(request.principal && isAdminRole(request.principal.role))) {
        throw new AppError('FORBIDDEN', { status: request.query.status });
      }
      return listStores(db, request.query);
    },
  );

  r.get(
    '/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stores'],
        summary: "The session user's store (null when they have none); administrators may ask for a user of their stores (userId)",
        querystring: userStoreQuerySchema,
        response: { 200: itemEnvelope(storeSchema.nullable()) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const userId = request.query.userId ?? principal.id;
      if (userId !== principal.id) {
        if (!isAdminRole(principal.role)) throw new AppError('FORBIDDEN');
        assertUserInScope(principal, await findUserScope(db, userId));
      }
      return { data: await getStoreOfUser(db, userId) };
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stores'],
        summary: 'One store (an inactive one: administrators only, 404 otherwise)',
        params: idParamsSchema,
        response: { 200: itemEnvelope(storeSchema) },
      },
    },
    async (request) => {
      const store = await getStore(db, request.params.id);
      if (!store.active && !(request.principal && isAdminRole(request.principal.role))) throw notFound();
      return { data: store };
    },
  );

  r.post(
    '/',
    {
      config: { access: 'super' },
      schema: {
        tags: ['stores'],
        summary: 'Create a store (super administrators): title, location, lat (-90..90), long (-180..180), optional sedeId and inventoryId',
        body: storeFormSchema,
        response: { 201: itemEnvelope(storeSchema) },
      },
    },
    async (request, reply) => {
      const store = await createStore(db, { ...request.body, actorId: requireUser(request).id, now: clock.now() }, cache);
      return reply.status(201).send({ data: store });
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'super' },
      schema: {
        tags: ['stores'],
        summary: 'Edit a store (super administrators): any of title, location, lat, long, sedeId, inventoryId, active',
        params: idParamsSchema,
        body: storeUpdateSchema,
        response: { 200: itemEnvelope(storeSchema) },
      },
    },
    async (request) => {
      const store = await updateStore(
        db,
        request.params.id,
        { ...request.body, actorId: requireUser(request).id, now: clock.now() },
        cache,
      );
      return { data: store };
    },
  );

  lifecycleRoutes(app, {
    tag: 'stores',
    access: 'super',
    item: storeSchema,
    summaries: {
      activate: 'Activate a store (super administrators)',
      deactivate: 'Deactivate a store (super administrators)',
      delete:
        'Delete a store nothing refers to (super administrators); one with users, products, categories, orders or other records is 409 STORE_IN_USE: deactivate it instead',
    },
    setActive: (request, id, active) => setStoreActive(db, id, active, requireUser(request).id, clock.now(), cache),
    remove: (_request, id) => deleteStore(db, id, cache),
  });
}
