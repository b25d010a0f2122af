import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bannerCreateSchema, bannerListQuerySchema, bannerSchema, bannerUpdateSchema } from '@rewards/shared/banners';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { AppError, notFound } from '../../lib/app-error.ts';
import { removeImage, withStoredImages } from '../../lib/images.ts';
import { readPictureForm, requirePicture } from '../../lib/multipart.ts';
import { sendCachedBody } from '../../lib/response-cache.ts';
import { shopStoreId } from '../stores/stores.service.ts';
import { assertStoreAdmin, canAdminStore, requireUser, recordOfStoreAdmin } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { createBanner, deleteBanner, getBanner, listBanners, updateBanner } from './banners.service.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';

const item = itemEnvelope(bannerSchema);

export async function bannersRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config, cache } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['banners'],
        summary: "Active banners of the user's store (or the default store), in order",
        querystring: bannerListQuerySchema,
        response: { 200: listEnvelope(bannerSchema) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const storeId = await shopStoreId(db, request.principal?.storeId, request.query.storeId);
      if (!storeId) return { data: [], page, pageSize, totalCount: 0, totalPages: 0 };
      const cached = await cache.body(`banners:${storeId}:${request.url}`, () =>
        listBanners(db, { storeId, page, pageSize, active: true }),
      );
      return sendCachedBody(request, reply, cached);
    },
  );
  r.get(
    '/admin',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['banners'],
        summary: 'Banners of a store for its administrators',
        querystring: bannerListQuerySchema,
        response: { 200: listEnvelope(bannerSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const storeId = request.query.storeId ?? principal.adminStores[0] ?? principal.storeId;
      if (!storeId)
        throw new AppError('VALIDATION_FAILED', [{ field: 'querystring.storeId', message: 'Required field', code: 'required' }]);
      assertStoreAdmin(principal, storeId);
      return listBanners(db, { ...request.query, storeId });
    },
  );
  r.get(
    '/:id',
    { config: { access: 'public' }, schema: { tags: ['banners'], summary: 'One banner', params: idParamsSchema, response: { 200: item } } },
    async (request) => {
      const banner = await getBanner(db, request.params.id);
      if (!banner.active && !(request.principal && canAdminStore(request.principal, banner.storeId))) throw notFound();
      return { data: banner };
    },
  );
  r.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['banners'],
        summary: 'Create a banner (form: title, titleEn, picture, storeId, position)',
        consumes: ['multipart/form-data'],
        response: { 201: item },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const { fields, pictures } = await readPictureForm(request, bannerCreateSchema);
      assertStoreAdmin(principal, fields.storeId);
      requirePicture(pictures);
      const banner = await withStoredImages(config.uploadsDir, 'banners', pictures, async ([picture]) => ({
        result: await createBanner(db, { ...fields, picture: picture!, actorId: principal.id, now: clock.now() }, cache),
      }));
      return reply.status(201).send({ data: banner });
    },
  );
  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['banners'],
        summary: 'Edit a banner (form: title, titleEn, position, picture optional)',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: item },
      },
    },
    async (request) => {
      const { principal, record: current } = await recordOfStoreAdmin(request, () => getBanner(db, request.params.id));
      const { fields, pictures } = await readPictureForm(request, bannerUpdateSchema);
      const banner = await withStoredImages(config.uploadsDir, 'banners', pictures, async ([picture]) => {
        const updated = await updateBanner(db, current.id, { ...fields, picture, actorId: principal.id, now: clock.now() }, cache);
        return { result: updated.banner, replaced: [updated.previousPicture] };
      });
      return { data: banner };
    },
  );
  const bannerOfAdmin = (request: FastifyRequest, id: number) => recordOfStoreAdmin(request, () => getBanner(db, id));
  lifecycleRoutes(app, {
    tag: 'banners',
    access: 'admin',
    item: bannerSchema,
    summaries: { activate: 'Activate a banner', deactivate: 'Deactivate a banner', delete: 'Delete a banner' },
    setActive: async (request, id, active) => {
      const { principal, record } = await bannerOfAdmin(request, id);
      return (await updateBanner(db, record.id, { active, actorId: principal.id, now: clock.now() }, cache)).banner;
    },
    remove: async (request, id) => {
      const banner = await deleteBanner(db, (await bannerOfAdmin(request, id)).record.id, cache);
      await removeImage(config.uploadsDir, banner.picture);
      return banner;
    },
  });
}
