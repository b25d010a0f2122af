import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryFormSchema, categoryListQuerySchema, categorySchema, categoryUpdateSchema } from '@rewards/shared/categories';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { AppError, notFound } from '../../lib/app-error.ts';
import { removeImage, withStoredImages } from '../../lib/images.ts';
import { parseFields, readForm } from '../../lib/multipart.ts';
import { shopStoreId } from '../../lib/shop-store.ts';
import { assertStoreAdmin, canAdminStore, requireUser } from '../../plugins/auth.ts';
import type { AppDeps } from '../../deps.ts';
import { createCategory, deleteCategory, getCategory, listCategories, setCategoryActive, updateCategory } from './categories.service.ts';

const multipartBody = { consumes: ['multipart/form-data'] };

export async function categoriesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
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
      const storeId = await shopStoreId(db, request, request.query.storeId);
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
        summary: 'Create a category (form: title, description, picture, storeId)',
        ...multipartBody,
        response: { 201: itemEnvelope(categorySchema) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const form = await readForm(request);
      const fields = parseFields(categoryFormSchema, form.fields);
      assertStoreAdmin(principal, fields.storeId);
      const file = form.files.find((f) => f.field === 'picture');
      if (!file) throw new AppError('VALIDATION_FAILED', [{ field: 'body.picture', message: 'Required field', code: 'required' }]);
      const category = await withStoredImages(config.uploadsDir, 'categories', [file.buffer], async ([picture]) => ({
        result: await createCategory(db, { ...fields, picture: picture!, actorId: principal.id, now: clock.now() }),
      }));
      cache.invalidate();
      return reply.status(201).send({ data: category });
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Edit a category (form: title, description, picture optional)',
        params: idParamsSchema,
        ...multipartBody,
        response: { 200: itemEnvelope(categorySchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const current = await getCategory(db, request.params.id);
      assertStoreAdmin(principal, current.storeId);
      const form = await readForm(request);
      const fields = parseFields(categoryUpdateSchema, form.fields);
      const file = form.files.find((f) => f.field === 'picture');
      const category = await withStoredImages(config.uploadsDir, 'categories', file ? [file.buffer] : [], async ([picture]) => {
        const updated = await updateCategory(db, current.id, { ...fields, picture, actorId: principal.id, now: clock.now() });
        return { result: updated.category, replaced: [updated.previousPicture] };
      });
      cache.invalidate();
      return { data: category };
    },
  );

  for (const [path, active] of [
    ['/activate/:id', true],
    ['/deactivate/:id', false],
  ] as const) {
    r.put(
      path,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['categories'],
          summary: `${active ? 'Activate' : 'Deactivate'} a category`,
          params: idParamsSchema,
          response: { 200: itemEnvelope(categorySchema) },
        },
      },
      async (request) => {
        const principal = requireUser(request);
        const current = await getCategory(db, request.params.id);
        assertStoreAdmin(principal, current.storeId);
        const category = await setCategoryActive(db, current.id, active, principal.id, clock.now());
        cache.invalidate();
        return { data: category };
      },
    );
  }

  r.delete(
    '/delete/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['categories'],
        summary: 'Delete an empty category',
        params: idParamsSchema,
        response: { 200: itemEnvelope(categorySchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const current = await getCategory(db, request.params.id);
      assertStoreAdmin(principal, current.storeId);
      const deleted = await deleteCategory(db, current.id);
      await removeImage(config.uploadsDir, deleted.picture);
      cache.invalidate();
      return { data: deleted };
    },
  );
}
