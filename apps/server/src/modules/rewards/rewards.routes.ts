import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '@rewards/shared/common';
import * as s from '../../db/schema/index.ts';
import { shopStoreId } from '../../lib/shop-store.ts';
import type { AppDeps } from '../../app.ts';

export const rewardSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  points: z.number().int(),
  frequencyLimit: z.number().int(),
  frequencyPeriod: z.enum(['year', 'month', 'day']),
});

/** Read-only list of a store's active recognitions: the points overview table of /about. */
export async function rewardsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db } = opts.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['rewards'],
        summary: 'Active recognitions of a store with their points and frequency limits',
        querystring: z.object({ storeId: idSchema.optional() }).strict(),
        response: { 200: z.object({ data: z.array(rewardSummarySchema) }) },
      },
    },
    async (request) => {
      const storeId = await shopStoreId(db, request, request.query.storeId);
      if (!storeId) return { data: [] };
      const data = await db
        .select({
          id: s.rewards.id,
          name: s.rewards.name,
          description: s.rewards.description,
          points: s.rewards.points,
          frequencyLimit: s.rewards.frequencyLimit,
          frequencyPeriod: s.rewards.frequencyPeriod,
        })
        .from(s.rewards)
        .where(and(eq(s.rewards.storeId, storeId), eq(s.rewards.active, true)))
        .orderBy(asc(s.rewards.id));
      return { data };
    },
  );
}
