import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { Role } from '@rewards/shared/enums';
import {
  MAX_LOAD_FILE_BYTES,
  consolidatedExportQuerySchema,
  consolidatedPageSchema,
  consolidatedQuerySchema,
  loadCreateSchema,
  loadEmailSchema,
  loadEmailsQuerySchema,
  loadFileSchema,
  loadListQuerySchema,
  loadReviewRequestSchema,
  loadReviewSchema,
  loadRewardSchema,
  loadRewardsQuerySchema,
  loadSchema,
} from '@rewards/shared/loads';
import { exportFileResponse, sendExportFile } from '../../lib/export/table-export.ts';
import { readDataFile } from '../../lib/multipart.ts';
import { idempotencyHeaders, keyedStatus } from '../../lib/idempotency.ts';
import { pickLanguage } from '../../lib/language.ts';
import { assertStoreAdmin, requireUser, type Principal } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { exportConsolidated } from './consolidated-export.ts';
import { readLoadFile } from './load-file.ts';
import {
  consolidatedCopy,
  createLoad,
  getLoad,
  listConsolidated,
  listLoadEmails,
  listLoadRewards,
  listLoads,
  reviewLoad,
} from './loads.service.ts';

/** 100,000 e-mails of ~30 characters are ~3.5 MB of JSON; this leaves room for long ones. */
const LOAD_BODY_LIMIT = 12 * 1024 * 1024;

/** The stores a caller may read: the one asked for (if they run it), else all they run (null: every store). */
function storesOf(user: Principal, storeId: number | undefined): number[] | null {
  if (storeId) {
    assertStoreAdmin(user, storeId);
    return [storeId];
  }
  return user.role === Role.SuperAdmin ? null : user.adminStores;
}

/** Bulk loads of points (docs/architecture.md P7, "Loads"; docs/architecture.md A6): administrators of the store. */
export async function loadsRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loadItem = itemEnvelope(loadSchema);

  /** A load, for an administrator of its store (FORBIDDEN_STORE for the others). */
  async function visibleLoad(request: FastifyRequest, id: number) {
    const user = requireUser(request);
    const load = await getLoad(db, id);
    assertStoreAdmin(user, load.storeId);
    return load;
  }

  r.get(
    '/rewards',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads'],
        summary: "The store's active recognitions, with their points and frequency limits (step 2 of the wizard)",
        querystring: loadRewardsQuerySchema,
        response: { 200: z.object({ data: z.array(loadRewardSchema) }) },
      },
    },
    async (request) => {
      assertStoreAdmin(requireUser(request), request.query.storeId);
      return { data: await listLoadRewards(db, request.query.storeId) };
    },
  );

  r.post(
    '/emails/file',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads'],
        summary: `The e-mails of a CSV or XLSX file (multipart, field "file", at most ${MAX_LOAD_FILE_BYTES / 1024 / 1024} MB), in order`,
        consumes: ['multipart/form-data'],
        response: { 200: itemEnvelope(loadFileSchema) },
      },
    },
    async (request) => {
      return { data: await readLoadFile(await readDataFile(request, MAX_LOAD_FILE_BYTES)) };
    },
  );

  r.post(
    '/review',
    {
      config: { access: 'admin' },
      bodyLimit: LOAD_BODY_LIMIT,
      schema: {
        tags: ['loads'],
        summary:
          'Which e-mails a load would credit: data.correct (with the receiver) and data.incorrect (with INVALID_FORMAT, DUPLICATE_IN_LIST, UNKNOWN_USER, USER_INACTIVE, OTHER_STORE or FREQUENCY_LIMIT), by position; nothing is written',
        body: loadReviewRequestSchema,
        response: { 200: itemEnvelope(loadReviewSchema) },
      },
    },
    async (request) => {
      assertStoreAdmin(requireUser(request), request.body.storeId);
      return { data: await reviewLoad(db, { input: request.body, now: clock.now(), calendar: config.calendar }) };
    },
  );

  r.post(
    '/',
    {
      config: { access: 'admin' },
      bodyLimit: LOAD_BODY_LIMIT,
      schema: {
        tags: ['loads'],
        summary:
          'Confirm a load: checks again and credits the correct e-mails in one transaction (ledger, consolidated rows, notifications); the same Idempotency-Key with the same request replays the first load, with another request it is IDEMPOTENCY_KEY_REUSED',
        headers: idempotencyHeaders,
        body: loadCreateSchema,
        response: { 200: loadItem, 201: loadItem },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      assertStoreAdmin(user, request.body.storeId);
      const { load, replayed } = await createLoad(db, {
        actorId: user.id,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        now: clock.now(),
        calendar: config.calendar,
      });
      return reply.status(keyedStatus(replayed)).send({ data: load });
    },
  );

  r.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads'],
        summary: 'Loads of the stores the administrator runs, newest first (filters: store, recognition, dates)',
        querystring: loadListQuerySchema,
        response: { 200: listEnvelope(loadSchema) },
      },
    },
    async (request) => {
      const { storeId, ...rest } = request.query;
      return listLoads(db, { ...rest, storeIds: storesOf(requireUser(request), storeId), timeZone: config.calendar.timeZone });
    },
  );

  r.get(
    '/consolidated',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads'],
        summary:
          'One row per receiver of the loads (data.loads, data.totalCount), newest first; filters: store (office), load, recognition, receiver, sender, dates',
        querystring: consolidatedQuerySchema,
        response: { 200: consolidatedPageSchema },
      },
    },
    async (request) =>
      listConsolidated(db, {
        ...request.query,
        storeIds: storesOf(requireUser(request), request.query.storeId),
        timeZone: config.calendar.timeZone,
      }),
  );

  r.get(
    '/consolidated/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads'],
        summary: 'The consolidated rows as a file (format=xlsx or csv), streamed, with the same filters',
        querystring: consolidatedExportQuerySchema,
        response: { 200: exportFileResponse },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const scope = { ...filters, storeIds: storesOf(requireUser(request), filters.storeId), timeZone: config.calendar.timeZone };
      const lang = pickLanguage(request.headers['accept-language']);
      const stream = exportConsolidated(
        (copy) => consolidatedCopy(db, scope, copy),
        format,
        lang,
        (err) => request.log.error({ err }, 'consolidated export failed'),
      );
      const name = `${lang === 'es' ? 'consolidado' : 'consolidated'}-${clock.now().toISOString().slice(0, 10)}.${format}`;
      return sendExportFile(reply, stream, format, name);
    },
  );

  r.get(
    '/emails',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads'],
        summary: "A load's e-mails: the credited ones, then the refused ones with their reason (filter: status)",
        querystring: loadEmailsQuerySchema,
        response: { 200: listEnvelope(loadEmailSchema) },
      },
    },
    async (request) => {
      await visibleLoad(request, request.query.loadId);
      return listLoadEmails(db, request.query);
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['loads'],
        summary: 'A load group: who, when, recognition, points, receivers and refused e-mails',
        params: idParamsSchema,
        response: { 200: loadItem },
      },
    },
    async (request) => ({ data: await visibleLoad(request, request.params.id) }),
  );
}
