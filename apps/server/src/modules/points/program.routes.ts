import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemEnvelope } from '@rewards/shared/common';
import { programCalendarSchema } from '@rewards/shared/program';
import { programCalendar } from '../../lib/calendar.ts';
import type { ServerContext } from '../../server-context.ts';

/** The program calendar shown on /about and /account. */
export async function programRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { clock, config } = opts.deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['points'],
        summary: 'The current program year: accrual and redemption windows, expiry day (local dates of the program time zone)',
        response: { 200: itemEnvelope(programCalendarSchema) },
      },
    },
    async () => ({ data: programCalendar(clock.now(), config.calendar) }),
  );
}
