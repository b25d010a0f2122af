import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, itemEnvelope } from '@rewards/shared/common';
import { peerReportExportQuerySchema, peerReportQuerySchema, peerReportSchema } from '@rewards/shared/peer-report';
import { exportFileResponse, exportTable, sendExportFile } from '../../lib/export/table-export.ts';
import { pickLanguage } from '../../lib/language.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { adminOfStore } from '../stores/stores.service.ts';
import { getPeerReport, reportCopy, reportExport, reportPeriod } from './report.service.ts';

/**
 * The giving report of a store (docs/architecture.md A6.16), registered under /api/peer: its administrators
 * (super administrators: any store).
 */
export async function peerReportRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/stores/:id/report',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['peer'],
        summary:
          "A store's giving report for a period (local days; default: the store's current giving period): participation, top 10 givers and receivers, offices, reciprocal pairs (both ways at least `threshold` points), totals",
        params: idParamsSchema,
        querystring: peerReportQuerySchema,
        response: { 200: itemEnvelope(peerReportSchema) },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      await adminOfStore(db, requireUser(request), storeId);
      const { from, to, threshold } = request.query;
      const period = await reportPeriod(db, { storeId, from, to, now: clock.now(), calendar: config.calendar });
      return { data: await getPeerReport(db, { storeId, period, threshold, timeZone: config.calendar.timeZone }) };
    },
  );

  r.get(
    '/stores/:id/report/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['peer'],
        summary:
          "A store's gives of a period as a file (format=xlsx or csv), streamed: one row per give and recipient, values in the reader's language",
        params: idParamsSchema,
        querystring: peerReportExportQuerySchema,
        response: { 200: exportFileResponse },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      await adminOfStore(db, requireUser(request), storeId);
      const { format, from, to } = request.query;
      const period = await reportPeriod(db, { storeId, from, to, now: clock.now(), calendar: config.calendar });
      const lang = pickLanguage(request.headers['accept-language']);
      const stream = exportTable(
        reportExport,
        (copy) => reportCopy(db, { storeId, period }, copy),
        format,
        lang,
        (err) => request.log.error({ err }, 'peer report export failed'),
      );
      const name = `${lang === 'es' ? 'reconocimientos' : 'recognitions'}-${storeId}-${period.from}-${period.to}.${format}`;
      return sendExportFile(reply, stream, format, name);
    },
  );
}
