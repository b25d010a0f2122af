import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';

const PING_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { database } = opts.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), db: z.literal('down') }),
        },
      },
    },
    async (request, reply) => {
      try {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database down');
        return reply.status(503).send({ status: 'error' as const, db: 'down' as const });
      }
    },
  );
}
