import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { areaCreateSchema, areaFormSchema, areaListQuerySchema, areaSchema } from '@rewards/shared/areas';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { AppError } from '../../lib/app-error.ts';
import { assertStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { createArea, deleteArea, getArea, listAreas, setAreaActive, updateArea } from './areas.service.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';

const item = itemEnvelope(areaSchema);

/** The area, after checking that the caller administers its store (403 FORBIDDEN_STORE otherwise). */
async function areaOfAdmin(deps: ServerContext, request: FastifyRequest, id: number) {
  const principal = requireUser(request);
  const area = await getArea(deps.db, id);
  assertStoreAdmin(principal, area.storeId);
  return { principal, area };
}

/** Organisational areas that own recognitions: administrators of the store only (docs/architecture.md P7, Areas). */
export async function areasRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { deps } = opts;
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['areas'],
        summary: 'Areas of a store (default: the first store the caller administers), with how many recognitions each has',
        querystring: areaListQuerySchema,
        response: { 200: listEnvelope(areaSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const storeId = request.query.storeId ?? principal.adminStores[0] ?? principal.storeId;
      if (!storeId)
        throw new AppError('VALIDATION_FAILED', [{ field: 'querystring.storeId', message: 'Required field', code: 'required' }]);
      assertStoreAdmin(principal, storeId);
      return listAreas(db, { ...request.query, storeId });
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['areas'], summary: 'One area', params: idParamsSchema, response: { 200: item } },
    },
    async (request) => ({ data: (await areaOfAdmin(deps, request, request.params.id)).area }),
  );

  r.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['areas'],
        summary: 'Create an area (name, nameEn, description, descriptionEn, storeId)',
        body: areaCreateSchema,
        response: { 201: item },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      assertStoreAdmin(principal, request.body.storeId);
      const area = await createArea(db, { ...request.body, actorId: principal.id, now: clock.now() });
      return reply.status(201).send({ data: area });
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['areas'],
        summary: 'Edit an area (name, nameEn, description, descriptionEn)',
        params: idParamsSchema,
        body: areaFormSchema,
        response: { 200: item },
      },
    },
    async (request) => {
      const { principal, area } = await areaOfAdmin(deps, request, request.params.id);
      return { data: await updateArea(db, area.id, { ...request.body, actorId: principal.id, now: clock.now() }) };
    },
  );

  lifecycleRoutes(app, {
    tag: 'areas',
    access: 'admin',
    item: areaSchema,
    summaries: {
      activate: 'Activate an area',
      deactivate: 'Deactivate an area (its recognitions are no longer offered in the "select an area" step)',
      delete: 'Delete an area without recognitions (409 AREA_NOT_EMPTY otherwise)',
    },
    setActive: async (request, id, active) => {
      const { principal, area } = await areaOfAdmin(deps, request, id);
      return setAreaActive(db, area.id, active, principal.id, clock.now());
    },
    remove: async (request, id) => deleteArea(db, (await areaOfAdmin(deps, request, id)).area.id),
  });
}
