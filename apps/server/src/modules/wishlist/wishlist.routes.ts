import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { wishlistAddSchema, wishlistItemSchema, wishlistQuerySchema } from '@rewards/shared/wishlist';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service.ts';

/** The session user's wishlist (add: 'successfully added to my wishlist'; remove: 'product removed'). */
export async function wishlistRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'Your wishlist, newest first; with productId, that product if it is in it (none or one item)',
        querystring: wishlistQuerySchema,
        response: {
          200: listEnvelope(wishlistItemSchema),
        },
      },
    },
    async (request) => {
      const { page, pageSize, productId } = request.query;
      return listWishlist(db, requireUser(request).id, page, pageSize, productId);
    },
  );

  r.post(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to your wishlist',
        body: wishlistAddSchema,
        response: { 201: itemEnvelope(z.object({ id: z.number().int(), productId: z.number().int() })) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await addToWishlist(db, requireUser(request), request.body.productId) }),
  );

  r.delete(
    '/delete/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a product from your wishlist',
        params: idParamsSchema,
        response: { 200: itemEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ({ data: await removeFromWishlist(db, requireUser(request).id, request.params.id) }),
  );
}
