import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryFormSchema, categoryListQuerySchema, categorySchema, categoryUpdateSchema } from '@rewards/shared/categories';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { notFound } from '../../lib/app-error.ts';
import { removeImage, withStoredImages } from '../../lib/images.ts';
import { readPictureForm, requirePicture } from '../../lib/multipart.ts';
import { shopStoreId } from '../stores/stores.service.ts';
import { assertStoreAdmin, canAdminStore, requireUser, recordOfStoreAdmin } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { createCategory, deleteCategory, getCategory, listCategories, setCategoryActive, updateCategory } from './categories.service.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';

const multipartBody = { consumes: ['multipart/form-data'] };

export async function categoriesRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config, cache } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['categories'],
        summary:
          "Categories of a store (default: the user's store, or the default store when signed out); administrators of the store also see inactive ones",
        querystring: categoryListQuerySchema,
        response: { 200: listEnvelope(categorySchema) },
      },
    },
    async (request) => {
      const { page, pageSize, search } = request.query;
      const storeId = await shopStoreId(db, request.principal?.storeId, request.query.storeId);
      if (!storeId) return { data: [], page, pageSize, totalCount: 0, totalPages: 0 };
      const admin = request.principal ? canAdminStore(request.principal, storeId) : false;
      return listCategories(db, { storeId, page, pageSize, search, active: admin ? request.query.active : true });
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['categories'], summary: 'One category', params: idParamsSchema, response: { 200: itemEnvelope(categorySchema) } },
    },
    async (request) => {
      const category = await getCategory(db, request.params.id);
      if (!category.active && !(request.principal && canAdminStore(request.principal, category.storeId))) throw notFound();
      return { data: category };
    },
  );

  r.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Create a category (form: title, titleEn, description, descriptionEn, picture, storeId)',
        ...multipartBody,
        response: { 201: itemEnvelope(categorySchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const { fields, pictures } = await readPictureForm(request, categoryFormSchema);
      assertStoreAdmin(principal, fields.storeId);
      requirePicture(pictures);
      const category = await withStoredImages(config.uploadsDir, 'categories', pictures, async ([picture]) => ({
        result: await createCategory(db, { ...fields, picture: picture!, actorId: principal.id, now: clock.now() }, cache),
      }));
      return reply.status(201).send({ data: category });
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Edit a category (form: title, titleEn, description, descriptionEn, picture optional)',
        params: idParamsSchema,
        ...multipartBody,
        response: { 200: itemEnvelope(categorySchema) },
      },
    },
    async (request) => {
      const { principal, record: current } = await recordOfStoreAdmin(request, () => getCategory(db, request.params.id));
      const { fields, pictures } = await readPictureForm(request, categoryUpdateSchema);
      const category = await withStoredImages(config.uploadsDir, 'categories', pictures, async ([picture]) => {
        const updated = await updateCategory(db, current.id, { ...fields, picture, actorId: principal.id, now: clock.now() }, cache);
        return { result: updated.category, replaced: [updated.previousPicture] };
      });
      return { data: category };
    },
  );

  const categoryOfAdmin = (request: FastifyRequest, id: number) => recordOfStoreAdmin(request, () => getCategory(db, id));
  lifecycleRoutes(app, {
    tag: 'categories',
    access: 'admin',
    item: categorySchema,
    summaries: { activate: 'Activate a category', deactivate: 'Deactivate a category', delete: 'Delete an empty category' },
    setActive: async (request, id, active) => {
      const { principal, record } = await categoryOfAdmin(request, id);
      return setCategoryActive(db, record.id, active, principal.id, clock.now(), cache);
    },
    remove: async (request, id) => {
      const deleted = await deleteCategory(db, (await categoryOfAdmin(request, id)).record.id, cache);
      await removeImage(config.uploadsDir, deleted.picture);
      return deleted;
    },
  });
}
