import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import {
  directoryAuditItemSchema,
  directoryAuditQuerySchema,
  directoryConnectionCreatedSchema,
  directoryConnectionCreateSchema,
  directoryConnectionSchema,
  directorySyncQuerySchema,
  directorySyncReportSchema,
} from '@rewards/shared/directory';
import { MAX_LOAD_FILE_BYTES } from '@rewards/shared/loads';
import { z } from 'zod';
import { localDate } from '../../lib/calendar.ts';
import { readDataFile } from '../../lib/multipart.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { listDirectoryAudit } from './audit.service.ts';
import { sameDayCelebrations } from '../celebrations/dates.service.ts';
import { createConnection, listConnections, revokeConnection } from './connections.service.ts';
import { readDirectoryFile } from './directory-file.ts';
import { syncDirectory } from './sync.service.ts';

/**
 * The company directory's administration under /api/directory (docs/architecture.md A6.18), for super
 * administrators: SCIM connections, the audit list of what the directory changed, and the file sync.
 */
export async function directoryRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['directory'];
  const afterDatesChanged = sameDayCelebrations(opts.deps, app);

  r.get(
    '/connections',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary: 'The SCIM connections, newest first, revoked and expired ones included (never their tokens)',
        response: { 200: itemEnvelope(z.array(directoryConnectionSchema)) },
      },
    },
    async () => ({ data: await listConnections(db) }),
  );

  r.post(
    '/connections',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary: 'A new SCIM connection: its bearer token (shown this once) and the SCIM base URL to give the directory',
        body: directoryConnectionCreateSchema,
        response: { 201: itemEnvelope(directoryConnectionCreatedSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await createConnection(db, {
        ...request.body,
        createdBy: user.id,
        now: clock.now(),
        scimUrl: `${config.publicUrl}/scim/v2`,
      });
      return reply.status(201).send({ data: created });
    },
  );

  r.delete(
    '/connections/:id',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary: "Revokes a SCIM connection: its token's next request answers 401 (revoking again keeps the first time)",
        params: idParamsSchema,
        response: { 200: itemEnvelope(directoryConnectionSchema) },
      },
    },
    async (request) => ({ data: await revokeConnection(db, { id: request.params.id, now: clock.now() }) }),
  );

  r.post(
    '/sync',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary: `Syncs people with an HR export (multipart, field "file": CSV or XLSX, at most ${MAX_LOAD_FILE_BYTES / 1024 / 1024} MB; columns e-mail, name, last name, IS, office, department, manager e-mail, active, hire date, birthday, named in es or en). dryRun=true (the default) writes nothing and reports who would be created, updated (each attribute before and after) and, with deactivateMissing=true, deactivated (the active people of the file's offices it does not name), and each refused row; dryRun=false applies the same in one transaction and reports it`,
        consumes: ['multipart/form-data'],
        querystring: directorySyncQuerySchema,
        response: { 200: itemEnvelope(directorySyncReportSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const file = await readDirectoryFile(await readDataFile(request, MAX_LOAD_FILE_BYTES));
      const data = await syncDirectory(db, file, {
        ...request.query,
        actorId: user.id,
        requestId: request.id,
        now: clock.now(),
        today: localDate(clock.now(), config.calendar.timeZone),
        afterDatesChanged,
      });
      return { data };
    },
  );

  r.get(
    '/audit',
    {
      config: { access: 'super' },
      schema: {
        tags,
        summary:
          'What the directory changed (SCIM and file syncs), newest first: who, what, when, each attribute before and after, the request id',
        querystring: directoryAuditQuerySchema,
        response: { 200: listEnvelope(directoryAuditItemSchema) },
      },
    },
    async (request) => listDirectoryAudit(db, request.query),
  );
}
