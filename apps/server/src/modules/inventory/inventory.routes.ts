import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope, listEnvelope, reasonSchema } from '@rewards/shared/common';
import { inventoryListQuerySchema, inventoryMovementCreateSchema, inventoryMovementSchema } from '@rewards/shared/inventory';
import { AppError } from '../../lib/app-error.ts';
import { assertStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { getAdminProduct } from '../products/product-admin.service.ts';
import { getMovement, listMovements, recordMovement, updateMovementReason } from './inventory.service.ts';

const item = itemEnvelope(inventoryMovementSchema);

export async function inventoryRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, cache } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/inventory',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['inventory'],
        summary: 'Stock movements of a store (who, when, why)',
        querystring: inventoryListQuerySchema,
        response: { 200: listEnvelope(inventoryMovementSchema) },
      },
    },
    async (request) => {
      assertStoreAdmin(requireUser(request), request.query.storeId);
      return listMovements(db, request.query);
    },
  );
  r.get(
    '/inventory/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['inventory'], summary: 'One stock movement', params: idParamsSchema, response: { 200: item } },
    },
    async (request) => {
      const movement = await getMovement(db, request.params.id);
      assertStoreAdmin(requireUser(request), movement.storeId);
      return { data: movement };
    },
  );
  r.post(
    '/inventory',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['inventory'],
        summary: 'Restock (positive delta) or adjust stock, with a reason',
        body: inventoryMovementCreateSchema,
        response: { 201: item },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const product = await getAdminProduct(db, request.body.productId);
      assertStoreAdmin(principal, product.storeId);
      const movement = await recordMovement(db, { ...request.body, actorId: principal.id, now: clock.now() }, cache);
      return reply.status(201).send({ data: movement });
    },
  );
  r.put(
    '/inventory/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['inventory'],
        summary: 'Correct the reason of a movement (amounts are permanent)',
        params: idParamsSchema,
        body: z.object({ reason: reasonSchema }).strict(),
        response: { 200: item },
      },
    },
    async (request) => {
      const movement = await getMovement(db, request.params.id);
      assertStoreAdmin(requireUser(request), movement.storeId);
      return { data: await updateMovementReason(db, movement.id, request.body.reason) };
    },
  );
  // The ledger is append-only: these legacy calls answer with the way to do it instead.
  for (const [method, path] of [
    ['DELETE', '/inventories/delete/:id'],
    ['PUT', '/inventory/deactivate/:id'],
    ['PUT', '/inventory/active/:id'],
  ] as const) {
    r.route({
      method,
      url: path,
      config: { access: 'admin' },
      schema: { tags: ['inventory'], summary: 'Refused: stock movements are permanent; record an adjustment', params: idParamsSchema },
      handler: async (request) => {
        const movement = await getMovement(db, request.params.id);
        assertStoreAdmin(requireUser(request), movement.storeId);
        throw new AppError('LEDGER_APPEND_ONLY', { movementId: movement.id });
      },
    });
  }
}
