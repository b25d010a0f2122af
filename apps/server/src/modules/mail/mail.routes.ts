import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope } from '@rewards/shared/common';
import { outboxMessageSchema, outboxQuerySchema } from '@rewards/shared/mail';
import type { ServerContext } from '../../server-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { managedStores } from '../users/users.service.ts';
import { listOutbox } from './mail.service.ts';

/** The e-mail outbox for administrators (docs/architecture.md A7: without SMTP it keeps every message). */
export async function mailRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        summary:
          'E-mail outbox, newest first, by status (pending, sent, failed): administrators read the messages of users of their stores, super administrators all',
        querystring: outboxQuerySchema,
        response: { 200: listEnvelope(outboxMessageSchema) },
      },
    },
    async (request) => listOutbox(db, { ...request.query, storeIds: managedStores(requireUser(request)), publicUrl: config.publicUrl }),
  );
}
