import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope, queryId } from '@rewards/shared/common';
import {
  buyAgainResultSchema,
  cartAddSchema,
  cartLineResultSchema,
  cartLineSchema,
  cartRemoveSchema,
  cartSchema,
  cartUpdateSchema,
} from '@rewards/shared/orders';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { addOrderToCart, addToCart, getCartLine, loadCart, removeCartLines, updateCartLine } from './cart.service.ts';

const lineResult = itemEnvelope(cartLineResultSchema);

/** The session user's cart; a user only ever sees and changes their own lines. */
export async function cartRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'user' as const };

  r.get(
    '/',
    { config: access, schema: { tags: ['cart'], summary: 'The cart, with the adjustments made on load', response: { 200: cartSchema } } },
    async (request) => loadCart(db, requireUser(request).id),
  );
  r.get(
    '/:id',
    {
      config: access,
      schema: {
        tags: ['cart'],
        summary: "One line of your cart (another user's line is not found)",
        params: idParamsSchema,
        response: { 200: itemEnvelope(cartLineSchema) },
      },
    },
    async (request) => ({ data: await getCartLine(db, requireUser(request).id, request.params.id) }),
  );
  r.post(
    '/',
    {
      config: access,
      schema: {
        tags: ['cart'],
        summary: 'Add a product (ALREADY_IN_CART, OUT_OF_STOCK; quantity capped at stock and 5)',
        body: cartAddSchema,
        response: { 201: lineResult },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await addToCart(db, requireUser(request).id, request.body.productId, request.body.quantity) }),
  );
  r.post(
    '/fromOrder/:id',
    {
      config: access,
      schema: {
        tags: ['cart'],
        summary: 'Buy again: put the products of one of your past orders back into the cart',
        params: idParamsSchema,
        response: {
          200: itemEnvelope(buyAgainResultSchema),
        },
      },
    },
    async (request) => ({ data: await addOrderToCart(db, requireUser(request).id, request.params.id) }),
  );
  r.put(
    '/:id',
    {
      config: access,
      schema: {
        tags: ['cart'],
        summary: "Change a line's quantity",
        params: idParamsSchema,
        body: cartUpdateSchema,
        response: { 200: lineResult },
      },
    },
    async (request) => ({ data: await updateCartLine(db, requireUser(request).id, request.params.id, request.body.quantity) }),
  );
  r.delete(
    '/:id',
    {
      config: access,
      schema: {
        tags: ['cart'],
        summary: 'Remove a line',
        params: idParamsSchema,
        response: { 200: itemEnvelope(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => {
      const removed = await removeCartLines(db, requireUser(request).id, [request.params.id]);
      if (!removed) throw new AppError('NOT_FOUND');
      return { data: { removed } };
    },
  );
  r.post(
    '/remove',
    {
      config: access,
      schema: {
        tags: ['cart'],
        summary: 'Remove several lines (clear the cart)',
        body: cartRemoveSchema,
        response: { 200: itemEnvelope(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => ({ data: { removed: await removeCartLines(db, requireUser(request).id, request.body.ids) } }),
  );
  r.get(
    '/:userId/:productId',
    {
      config: access,
      schema: {
        tags: ['cart'],
        summary: 'Whether a product is in your cart',
        params: z.object({ userId: queryId, productId: queryId }).strict(),
        response: { 200: itemEnvelope(z.boolean()) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.params.userId !== user.id) throw new AppError('FORBIDDEN');
      const cart = await loadCart(db, user.id);
      return { data: cart.data.some((l) => l.productId === request.params.productId) };
    },
  );
}
