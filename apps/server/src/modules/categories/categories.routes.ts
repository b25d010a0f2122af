import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListQuerySchema, categorySchema } from '@rewards/shared/categories';
import { listEnvelope } from '@rewards/shared/common';
import type { AppDeps } from '../../app.ts';
import { defaultStoreId } from '../stores/stores.service.ts';
import { listActiveCategories } from './categories.service.ts';

export async function categoriesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db } = opts.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['categories'],
        summary: "Active categories of a store (default: the user's store, or the default store when signed out)",
        querystring: categoryListQuerySchema,
        response: { 200: listEnvelope(categorySchema) },
      },
    },
    async (request) => {
      const storeId = request.query.storeId ?? request.principal?.storeId ?? (await defaultStoreId(db));
      if (!storeId) return { data: [], page: request.query.page, pageSize: request.query.pageSize, totalCount: 0, totalPages: 0 };
      return listActiveCategories(db, { ...request.query, storeId });
    },
  );
}
