import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { auditEntrySchema, auditExportQuerySchema, auditQuerySchema, auditVerificationSchema } from '@rewards/shared/audit';
import { exportFileResponse, exportTable, sendExportFile } from '../../lib/export/table-export.ts';
import { pickLanguage } from '../../lib/language.ts';
import type { ServerContext } from '../../server-context.ts';
import { auditCopy, auditExport, listAudit, sealAudit, verifyAudit } from './audit.service.ts';

/** The audit log under /api/audit (docs/architecture.md A6.19), for super administrators. */
export async function auditRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  r.get(
    '/',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary:
          'The audit log, newest first: who (a user, a directory connection or the system), what, which record, when, the changed columns before and after, the request id; by days, actor, action (its start), record and store',
        querystring: auditQuerySchema,
        response: { 200: listEnvelope(auditEntrySchema) },
      },
    },
    async (request) => listAudit(db, request.query, config.calendar.timeZone),
  );

  r.get(
    '/verify',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary:
          "Seals the entries not yet chained, then checks the whole chain: each entry's hash from its content and the previous hash, and each link; names the first entry that does not match",
        response: { 200: itemEnvelope(auditVerificationSchema) },
      },
    },
    async () => ({ data: await verifyAudit(db) }),
  );

  r.get(
    '/export',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary: "The entries that match the list's filters as a CSV file, streamed, newest first, headings in the reader's language",
        querystring: auditExportQuerySchema,
        response: { 200: exportFileResponse },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      await sealAudit(db, { wait: true });
      const lang = pickLanguage(request.headers['accept-language']);
      const stream = exportTable(
        auditExport,
        (copy) => auditCopy(db, { filters, timeZone: config.calendar.timeZone }, copy),
        format,
        lang,
        (err) => request.log.error({ err }, 'audit export failed'),
      );
      return sendExportFile(reply, stream, format, `${lang === 'es' ? 'auditoria' : 'audit'}.${format}`);
    },
  );
}
