import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, paginationSchema } from '@rewards/shared/common';
import { storeSchema } from '@rewards/shared/stores';
import type { AppDeps } from '../../app.ts';
import { listActiveStores } from './stores.service.ts';

export async function storesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db } = opts.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stores'],
        summary: 'Active stores (offices)',
        querystring: paginationSchema.strict(),
        response: { 200: listEnvelope(storeSchema) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const all = await listActiveStores(db);
      return {
        data: all.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        totalCount: all.length,
        totalPages: Math.ceil(all.length / pageSize),
      };
    },
  );
}
