import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemEnvelope } from '@rewards/shared/common';
import { dashboardQuerySchema, dashboardSchema } from '@rewards/shared/dashboard';
import { Role } from '@rewards/shared/enums';
import { AppError } from '../../lib/app-error.ts';
import { assertStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { assertStoreExists } from '../stores/stores.service.ts';
import { getDashboard } from './dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          "A store's figures for the program year (or from/to): points issued, redeemed, expired and outstanding, orders by status, top products and recognitions, credits over time, active users, low stock. A super administrator may leave storeId out for every store.",
        querystring: dashboardQuerySchema,
        response: { 200: itemEnvelope(dashboardSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const { storeId, from, to } = request.query;
      if (storeId === undefined) {
        // Every store is a super administrator's view; an administrator names the store.
        if (principal.role !== Role.SuperAdmin)
          throw new AppError('VALIDATION_FAILED', [{ field: 'querystring.storeId', message: 'Required field', code: 'required' }]);
      } else {
        assertStoreAdmin(principal, storeId);
        await assertStoreExists(db, storeId, 'querystring.storeId');
      }
      return { data: await getDashboard(db, { storeId: storeId ?? null, from, to, now: clock.now(), rules: config.calendar }) };
    },
  );
}
