import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemEnvelope } from '@rewards/shared/common';
import { catalogOptionSchema, trackingOptions } from '@rewards/shared/profile';
import type { ServerContext } from '../../server-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { profileCategoriesOf } from '../profile/profile.service.ts';

/** Code lists of docs/architecture.md P7 (`/api/catalog/*`), each entry `{ id, value, label: { es, en } }`. */
export async function catalogRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tracking',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Order tracking statuses: id is the status value (1 pending ... 5 canceled)',
        response: { 200: itemEnvelope(z.array(catalogOptionSchema)) },
      },
    },
    async () => ({ data: trackingOptions.map((o) => ({ id: o.id, value: o.value, label: { ...o.label } })) }),
  );

  r.get(
    '/categories',
    {
      config: { access: 'user' },
      schema: {
        tags: ['catalog'],
        summary:
          "The profile categories of the session user's store (docs/architecture.md P9): id is the store's category, what preferredCategoryId takes",
        response: { 200: itemEnvelope(z.array(catalogOptionSchema)) },
      },
    },
    async (request) => ({ data: await profileCategoriesOf(db, requireUser(request).storeId) }),
  );
}
