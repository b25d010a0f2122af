import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ServerContext } from '../../server-context.ts';
import { pendingMigrations } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

const PING_TIMEOUT_MS = 2000;

/** `work`, or a rejection after `ms`: no check holds a probe past its timeout. */
async function within<T>(ms: number, what: string, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const checkState = z.enum(['ok', 'failed', 'skipped']);
const readyChecksSchema = z.object({
  database: checkState.describe('A round trip to the database'),
  migrations: checkState.describe("Every migration of the server's journal is applied ('skipped' when the database is down)"),
  redis: checkState.describe("Redis answers a PING ('skipped' without REDIS_URL)"),
});
type ReadyChecks = z.infer<typeof readyChecksSchema>;

export async function healthRoutes(app: FastifyInstance, opts: { deps: ServerContext; redis?: Redis }) {
  const { database } = opts.deps;
  const { redis } = opts;

  // Readiness, for the proxy and the orchestrator: this instance can serve requests. Liveness is /health.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: database reachable, migrations applied, Redis answering (when configured); 503 NOT_READY with details.failed otherwise',
        response: { 200: z.object({ status: z.literal('ok'), checks: readyChecksSchema }) },
      },
    },
    async (request) => {
      const checks: ReadyChecks = { database: 'skipped', migrations: 'skipped', redis: 'skipped' };
      const problems: Record<string, string> = {};
      const fail = (check: keyof ReadyChecks, err: unknown) => {
        checks[check] = 'failed';
        problems[check] = (err as Error).message;
      };
      await Promise.all([
        within(PING_TIMEOUT_MS, 'database ping', () => database.ping())
          .then(async () => {
            checks.database = 'ok';
            const pending = await within(PING_TIMEOUT_MS, 'migration check', () => pendingMigrations(database.db));
            if (pending.length) throw new Error(`not applied: ${pending.join(', ')}`);
            checks.migrations = 'ok';
          })
          .catch((err: unknown) => fail(checks.database === 'ok' ? 'migrations' : 'database', err)),
        redis
          ? (redis.status === 'ready'
              ? within(PING_TIMEOUT_MS, 'redis ping', () => redis.ping())
              : Promise.reject(new Error(`connection ${redis.status}`))
            ).then(
              () => void (checks.redis = 'ok'),
              (err: unknown) => fail('redis', err),
            )
          : undefined,
      ]);
      const failed = (Object.keys(checks) as (keyof ReadyChecks)[]).filter((k) => checks[k] === 'failed');
      if (failed.length) {
        request.log.warn({ checks, problems }, 'not ready');
        throw new AppError('NOT_READY', { failed, checks });
      }
      return { status: 'ok' as const, checks };
    },
  );

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
