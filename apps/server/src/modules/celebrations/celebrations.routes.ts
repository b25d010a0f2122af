import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import {
  celebrationSettingsInputSchema,
  celebrationSettingsSchema,
  upcomingCelebrationSchema,
  upcomingExportQuerySchema,
  upcomingQuerySchema,
} from '@rewards/shared/celebration-admin';
import { localDate } from '../../lib/calendar.ts';
import { exportFileResponse, exportTable, sendExportFile } from '../../lib/export/table-export.ts';
import { pickLanguage } from '../../lib/language.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { adminOfStore } from '../stores/stores.service.ts';
import { celebrationSettingsOf, getCelebrationSettings, saveCelebrationSettings } from './settings.service.ts';
import { listUpcoming, upcomingCopy, upcomingExport } from './upcoming.service.ts';

const TAGS = ['celebrations'];
/**
 * A store's celebrations for its administrators (docs/architecture.md A6.17), registered under
 * /api/celebrations (super administrators: any store): its settings, and its people's celebrations of the
 * coming days as a list and as a file. Under a feature prefix, so no path is ambiguous with the stores' own
 * routes (/api/stores/activate/{id}).
 */
export async function celebrationsRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/stores/:id/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: "A store's celebration settings (the defaults until saved)",
        params: idParamsSchema,
        response: { 200: itemEnvelope(celebrationSettingsSchema) },
      },
    },
    async (request) => {
      await adminOfStore(db, requireUser(request), request.params.id);
      return { data: await getCelebrationSettings(db, request.params.id) };
    },
  );

  r.put(
    '/stores/:id/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary:
          "Save a store's celebration settings, whole: local hour, points per kind, milestones (years of service -> points), the 29 February rule, the managers' heads-up days and each kind's default choice. They apply from the next celebration posted",
        params: idParamsSchema,
        body: celebrationSettingsInputSchema,
        response: { 200: itemEnvelope(celebrationSettingsSchema) },
      },
    },
    async (request) => {
      const principal = await adminOfStore(db, requireUser(request), request.params.id);
      return {
        data: await saveCelebrationSettings(db, {
          storeId: request.params.id,
          input: request.body,
          actorId: principal.id,
          now: clock.now(),
        }),
      };
    },
  );

  /** What the list and the file read: the store, the window, the clock, the chain's last zone and the store's settings. */
  const upcomingInput = async (storeId: number, days: number) => ({
    storeId,
    days,
    now: clock.now(),
    programZone: config.calendar.timeZone,
    settings: await celebrationSettingsOf(db, storeId),
  });

  r.get(
    '/stores/:id/upcoming',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary:
          "The store's people's birthdays, work anniversaries and first days in the next `days` local days of each one's zone (today included), by date: choice (their own or the store's default; none: not celebrated) and points",
        params: idParamsSchema,
        querystring: upcomingQuerySchema,
        response: { 200: listEnvelope(upcomingCelebrationSchema) },
      },
    },
    async (request) => {
      const storeId = request.params.id;
      await adminOfStore(db, requireUser(request), storeId);
      const { days, page, pageSize } = request.query;
      return listUpcoming(db, { ...(await upcomingInput(storeId, days)), at: { page, pageSize } });
    },
  );

  r.get(
    '/stores/:id/upcoming/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: "The store's upcoming celebrations as a file (format=xlsx or csv), streamed, in the reader's language",
        params: idParamsSchema,
        querystring: upcomingExportQuerySchema,
        response: { 200: exportFileResponse },
      },
    },
    async (request, reply) => {
      const storeId = request.params.id;
      await adminOfStore(db, requireUser(request), storeId);
      const { days, format } = request.query;
      const input = await upcomingInput(storeId, days);
      const lang = pickLanguage(request.headers['accept-language']);
      const stream = exportTable(
        upcomingExport,
        (copy) => upcomingCopy(db, input, copy),
        format,
        lang,
        (err) => request.log.error({ err }, 'upcoming celebrations export failed'),
      );
      const from = localDate(input.now, config.calendar.timeZone);
      const name = `${lang === 'es' ? 'celebraciones' : 'celebrations'}-${storeId}-${from}.${format}`;
      return sendExportFile(reply, stream, format, name);
    },
  );
}
