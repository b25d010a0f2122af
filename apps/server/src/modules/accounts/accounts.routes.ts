import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemEnvelope, paginationSchema, queryId } from '@rewards/shared/common';
import { accountStatisticsSchema, movementListSchema, movementPeriodSchema } from '@rewards/shared/points';
import { pickLanguage } from '../../lib/language.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { assertCanSeeAccount, listMovements, statementHolder, statistics } from './accounts.service.ts';
import { statementFileName, statementPdf } from './statement-pdf.ts';

const movementsQuery = paginationSchema.extend({ ...movementPeriodSchema.shape, format: z.enum(['json', 'pdf']).default('json') }).strict();
/** The movements in JSON, or with `format=pdf` the statement as a PDF file: the document lists both. */
const movementsAnswer = {
  200: {
    description: 'The movements (JSON); with format=pdf, the statement (a PDF file, as an attachment)',
    content: {
      'application/json': { schema: movementListSchema },
      'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
    },
  },
};

export async function accountsRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function answer(reply: FastifyReply, acceptLanguage: string | undefined, userId: number, q: z.infer<typeof movementsQuery>) {
    if (q.format === 'json') return listMovements(db, { userId, timeZone: config.calendar.timeZone, ...q });
    const holder = await statementHolder(db, userId);
    const all = await listMovements(db, { userId, from: q.from, to: q.to, timeZone: config.calendar.timeZone, page: 1, pageSize: 10_000 });
    // In the reader's language: its texts, each line (describeMovement) and the file's name (docs/architecture.md A6.15).
    const lang = pickLanguage(acceptLanguage);
    const pdf = await statementPdf({
      lang,
      from: q.from,
      to: q.to,
      holder,
      movements: all.data,
      timeZone: config.calendar.timeZone,
      now: clock.now(),
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${statementFileName(lang, q, clock.now())}"`)
      .send(pdf);
  }

  r.get(
    '/statistics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['accounts'],
        summary: 'Balance and this program year earned, spent and expired',
        querystring: z.object({ userId: queryId.optional() }).strict(),
        response: { 200: itemEnvelope(accountStatisticsSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const userId = request.query.userId ?? principal.id;
      await assertCanSeeAccount(db, principal, userId);
      return { data: await statistics(db, userId, clock.now(), config.calendar) };
    },
  );
  r.get(
    '/myMovements',
    {
      config: { access: 'user' },
      schema: {
        tags: ['accounts'],
        summary: 'Your movements (period filter, paging); format=pdf downloads the statement',
        querystring: movementsQuery,
        response: movementsAnswer,
      },
    },
    async (request, reply) => answer(reply, request.headers['accept-language'], requireUser(request).id, request.query),
  );
  for (const [path, access] of [
    ['/movements', 'user'],
    ['/myMovementsAdmin', 'admin'],
  ] as const) {
    r.get(
      path,
      {
        config: { access },
        schema: {
          tags: ['accounts'],
          summary: "A user's movements (yourself, or a user of a store you administer)",
          querystring: movementsQuery.extend({ userId: queryId }),
          response: movementsAnswer,
        },
      },
      async (request, reply) => {
        const { userId, ...q } = request.query;
        await assertCanSeeAccount(db, requireUser(request), userId);
        return answer(reply, request.headers['accept-language'], userId, q);
      },
    );
  }
}
