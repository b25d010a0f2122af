import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idParamsSchema, idSchema, itemEnvelope, paginationSchema } from '@rewards/shared/common';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../app.ts';

const itemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  product: z.object({
    name: z.string(),
    slug: z.string(),
    price: z.number().int(),
    stock: z.number().int(),
    picture: z.string().nullable(),
  }),
});

/** The session user's wishlist (add: 'successfully added to my wishlist'; remove: 'product removed'). */
export async function wishlistRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'Your wishlist, newest first',
        querystring: paginationSchema.strict(),
        response: {
          200: z.object({
            data: z.array(itemSchema),
            page: z.number(),
            pageSize: z.number(),
            totalCount: z.number(),
            totalPages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, pageSize } = request.query;
      const all = await db
        .select({
          id: s.wishlistItems.id,
          productId: s.wishlistItems.productId,
          name: s.products.name,
          slug: s.products.slug,
          price: s.products.price,
          stock: s.products.stock,
        })
        .from(s.wishlistItems)
        .innerJoin(s.products, eq(s.products.id, s.wishlistItems.productId))
        .where(and(eq(s.wishlistItems.userId, user.id), eq(s.products.active, true)))
        .orderBy(desc(s.wishlistItems.id));
      const slice = all.slice((page - 1) * pageSize, page * pageSize);
      const pictures = slice.length
        ? await db
            .select({ productId: s.productImages.productId, url: s.productImages.url })
            .from(s.productImages)
            .where(
              inArray(
                s.productImages.productId,
                slice.map((w) => w.productId),
              ),
            )
            .orderBy(asc(s.productImages.position))
        : [];
      return {
        data: slice.map((w) => ({
          id: w.id,
          productId: w.productId,
          product: {
            name: w.name,
            slug: w.slug,
            price: w.price,
            stock: w.stock,
            picture: pictures.find((p) => p.productId === w.productId)?.url ?? null,
          },
        })),
        page,
        pageSize,
        totalCount: all.length,
        totalPages: Math.ceil(all.length / pageSize),
      };
    },
  );

  r.post(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to your wishlist',
        body: z.object({ productId: idSchema }).passthrough(),
        response: { 201: itemEnvelope(z.object({ id: z.number().int(), productId: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const [product] = await db
        .select({ storeId: s.products.storeId, active: s.products.active })
        .from(s.products)
        .where(eq(s.products.id, request.body.productId));
      if (!product?.active) throw notFound();
      if (product.storeId !== user.storeId) throw new AppError('NOT_AVAILABLE_IN_STORE', 422);
      const [row] = await db
        .insert(s.wishlistItems)
        .values({ userId: user.id, productId: request.body.productId, createdBy: user.id, modifiedBy: user.id })
        .onConflictDoNothing()
        .returning({ id: s.wishlistItems.id, productId: s.wishlistItems.productId });
      if (!row) throw new AppError('CONFLICT', 409, { reason: 'ALREADY_IN_WISHLIST' });
      return reply.status(201).send({ data: row });
    },
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
    async (request) => {
      const rows = await db
        .delete(s.wishlistItems)
        .where(and(eq(s.wishlistItems.id, request.params.id), eq(s.wishlistItems.userId, requireUser(request).id)))
        .returning({ id: s.wishlistItems.id });
      if (!rows.length) throw notFound();
      return { data: rows[0]! };
    },
  );
}
