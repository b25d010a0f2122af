import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { intSchema } from '@rewards/shared/common';
import type { Db } from '../db/client.ts';
import type { movableClock } from '../lib/clock.ts';

/**
 * The browser journeys' hands on the server (TEST_CLOCK_ROUTES only, which config.ts refuses in production;
 * main.ts registers it, so the API's tests, contract and access table never see it).
 *
 * POST /api/test/clock { days } (TEST_CLOCK_ROUTES only, which config.ts refuses in production; main.ts
 * registers it, so the API's tests, contract and access table never see it): moves the server clock `days`
 * (forward, or back to undo a journey's move so the next journeys see today) and runs the scheduled jobs on
 * it at once (`runJobs`, main.ts's: budget reloads, approval reminders and escalation), so a browser journey
 * sees what a week later looks like (docs/architecture.md A6.19).
 */
export const testClockPlugin = fp(async function testClockPlugin(
  app: FastifyInstance,
  opts: { db: Db; clock: ReturnType<typeof movableClock>; runJobs: (now: Date) => Promise<Record<string, number>> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/test/clock',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ days: intSchema(-366, 366) }).strict() },
    },
    async (request) => {
      opts.clock.advance(request.body.days * 86_400_000);
      const now = opts.clock.now();
      return { data: { now: now.toISOString(), ...(await opts.runJobs(now)) } };
    },
  );

  // POST /api/test/audit/edit { restore }: edits the newest sealed audit entry's content behind the
  // append-only trigger, as a database owner could (docs/architecture.md A6.19), so the journey sees the
  // chain's check name it; `restore: true` puts back what the last edit changed.
  let edited: { id: string; after: unknown } | null = null;
  r.post(
    '/api/test/audit/edit',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ restore: z.boolean() }).strict() },
    },
    async (request) =>
      opts.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        if (request.body.restore) {
          if (edited) await tx.execute(sql`update audit_log set after = ${JSON.stringify(edited.after)}::jsonb where id = ${edited.id}`);
          edited = null;
          return { data: { restored: true } };
        }
        const { rows } = await tx.execute<{ id: string; seq: string; after: unknown }>(
          sql`select id::text, seq::text, after from audit_log where seq is not null and after is not null order by seq desc limit 1`,
        );
        const row = rows[0];
        if (!row) return { data: { seq: null } };
        edited = { id: row.id, after: row.after };
        await tx.execute(sql`update audit_log set after = after || '{"edited": true}'::jsonb where id = ${row.id}`);
        return { data: { seq: Number(row.seq) } };
      }),
  );
});
