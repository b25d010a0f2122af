import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, itemEnvelope, listEnvelope, queryId, queryInt, textSchema } from '@rewards/shared/common';
import {
  MAX_PRODUCT_PICTURES,
  adminProductListQuerySchema,
  otherResultsQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productSchema,
  productStatsQuerySchema,
  productSuggestQuerySchema,
  productSuggestionSchema,
  productUpdateSchema,
} from '@rewards/shared/products';
import { inventoryMovementSchema, productStockOutSchema } from '@rewards/shared/inventory';
import { AppError } from '../../lib/app-error.ts';
import { removeImage, withStoredImages } from '../../lib/images.ts';
import { listField, parseFields, readForm, type UploadedFile } from '../../lib/multipart.ts';
import { RawJson, answerFromCache, sendCachedBody, type Admission } from '../../lib/response-cache.ts';
import { knownShopStoreId, shopStoreId } from '../stores/stores.service.ts';
import { viewerKey } from '../../lib/viewer-key.ts';
import { assertStoreAdmin, requireUser, recordOfStoreAdmin } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { recordMovement } from '../inventory/inventory.service.ts';
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  orderStoreId,
  setProductActive,
  updateProduct,
} from './product-admin.service.ts';
import {
  availableStock,
  countView,
  getShopProduct,
  lastShopping,
  listShopProducts,
  otherResults,
  productStats,
  suggestProducts,
} from './products.service.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';
import { CatalogSearch } from '../search/search.service.ts';

const productList = listEnvelope(productSchema);
const productItem = itemEnvelope(productSchema);
const productArray = z.object({ data: z.array(productSchema) });
const emptyList = (page: number, pageSize: number) => ({ data: [], page, pageSize, totalCount: 0, totalPages: 0 });
/** Response-cache keys, one spelling for the handler that stores and the hook that answers before validation. */
const listKey = (storeId: number, url: string) => `list:${storeId}:${url}`;
const slugKey = (storeId: number | null, slug: string) => `slug:${storeId}:${slug}`;

export async function productsRoutes(app: FastifyInstance, opts: { deps: ServerContext; search: CatalogSearch }) {
  const { db, clock, config, cache } = opts.deps;
  const { search } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', answerFromCache(cache));

  /** Public catalogue reads are served from the response cache, keyed by URL and store. */
  async function sendCached(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<unknown>,
    admit: Admission = 'first',
  ) {
    return sendCachedBody(request, reply, await cache.body(key, produce, admit));
  }

  /** The uploaded product pictures, at most MAX_PRODUCT_PICTURES. */
  function pictureUploads(files: UploadedFile[]): Buffer[] {
    const pictures = files.filter((f) => f.field === 'pictures' || f.field === 'picture');
    if (pictures.length > MAX_PRODUCT_PICTURES) {
      throw new AppError('VALIDATION_FAILED', [
        { field: 'body.pictures', message: `At most ${MAX_PRODUCT_PICTURES} pictures`, code: 'too_big' },
      ]);
    }
    return pictures.map((f) => f.buffer);
  }

  // ---- shop lists ----
  const listHandler =
    (authOnly: boolean) =>
    async (request: FastifyRequest<{ Querystring: z.infer<typeof productListQuerySchema> }>, reply: FastifyReply) => {
      const q = request.query;
      const storeId = authOnly ? requireUser(request).storeId : await shopStoreId(db, request.principal?.storeId, q.storeId);
      if (!storeId) return emptyList(q.page, q.pageSize);
      // A search is kept from its second request on: most are typed once, and the index answers them anyway.
      return sendCached(
        request,
        reply,
        listKey(storeId, request.url),
        async () => {
          const filter = { storeId, page: q.page, pageSize: q.pageSize, categoryId: q.categoryId, categorySlug: q.slug, order: q.order };
          // The index's page comes as JSON joined from each product's (decision 0009); else listShopProducts.
          const json =
            q.search && CatalogSearch.answers(q.search) ? await search.listJson(storeId, { ...filter, search: q.search }) : undefined;
          return json ? new RawJson(json) : listShopProducts(db, { ...filter, search: q.search, searchIndex: search });
        },
        q.search ? 'second' : 'first',
      );
    };
  // A list URL answered before is answered again before its query is validated (decision 0024, fourth pass):
  // its key needs the store the handler will use, which a store named in the URL gives only in canonical digits.
  const rawListKey = (authOnly: boolean) => (request: FastifyRequest) => {
    const asked = (request.query as { storeId?: unknown }).storeId;
    const storeId = authOnly
      ? request.principal?.storeId
      : asked === undefined
        ? knownShopStoreId(db, request.principal?.storeId)
        : typeof asked === 'string' && /^[1-9]\d{0,8}$/.test(asked)
          ? Number(asked)
          : undefined;
    return storeId == null ? undefined : listKey(storeId, request.url);
  };
  const listSchema = (summary: string) => ({
    tags: ['products'],
    summary,
    querystring: productListQuerySchema,
    response: { 200: productList },
  });
  r.get(
    '/products/all',
    {
      config: { access: 'public', cachedAnswer: rawListKey(false) },
      schema: listSchema('Active products of a store: category pages, search (search=), ordering (order=)'),
    },
    listHandler(false),
  );
  r.get(
    '/products',
    {
      config: { access: 'public', cachedAnswer: rawListKey(false) },
      schema: listSchema('Active products (signed out: the default store)'),
    },
    listHandler(false),
  );
  r.get(
    '/productsAuth',
    {
      config: { access: 'user', cachedAnswer: rawListKey(true) },
      schema: listSchema("Active products of the user's store"),
    },
    listHandler(true),
  );
  r.get(
    '/products/category/slug',
    {
      config: { access: 'public', cachedAnswer: rawListKey(false) },
      schema: listSchema('Products of a category by its slug (slug=)'),
    },
    listHandler(false),
  );
  r.get(
    '/products/category',
    {
      config: { access: 'public', cachedAnswer: rawListKey(false) },
      schema: listSchema('Products of a category (categoryId=)'),
    },
    listHandler(false),
  );
  r.get(
    '/products/categoryAuth',
    {
      config: { access: 'user', cachedAnswer: rawListKey(true) },
      schema: listSchema("Products of a category in the user's store"),
    },
    listHandler(true),
  );

  r.get(
    '/products/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Search suggestions while typing (q=): a few products of the store, from the search index',
        querystring: productSuggestQuerySchema,
        response: { 200: z.object({ data: z.array(productSuggestionSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      const storeId = await shopStoreId(db, request.principal?.storeId, q.storeId);
      return { data: storeId ? await suggestProducts(db, search, { storeId, q: q.q, limit: q.limit }) : [] };
    },
  );

  // ---- product page ----
  r.get(
    '/products/slug/:slug',
    {
      // The raw slug names the key the handler stores under after validating it (trimmed: a slug with spaces misses).
      config: {
        access: 'public',
        cachedAnswer: (request) => {
          const storeId = knownShopStoreId(db, request.principal?.storeId);
          const { slug } = request.params as { slug?: unknown };
          return storeId == null || typeof slug !== 'string' ? undefined : slugKey(storeId, slug);
        },
      },
      schema: {
        tags: ['products'],
        summary: 'A product by slug (NOT_AVAILABLE_IN_STORE when of another store)',
        params: z.object({ slug: textSchema(140, 1) }).strict(),
        response: { 200: productItem },
      },
    },
    async (request, reply) => {
      const storeId = await shopStoreId(db, request.principal?.storeId);
      return sendCached(request, reply, slugKey(storeId, request.params.slug), async () => ({
        data: await getShopProduct(db, { slug: request.params.slug }, storeId),
      }));
    },
  );
  r.get(
    '/productsAuth/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary: "A product of the user's store, by id",
        params: idParamsSchema,
        response: { 200: productItem },
      },
    },
    async (request) => ({ data: await getShopProduct(db, { id: request.params.id }, requireUser(request).storeId) }),
  );
  r.post(
    '/products/view/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary:
          'Count a view of the product page: once a day per signed-in user, else per client address; answers whether this one counted',
        params: idParamsSchema,
        response: { 200: itemEnvelope(z.object({ counted: z.boolean() })) },
      },
    },
    async (request) => {
      const viewer = viewerKey({ userId: request.principal?.id, ip: request.ip, secret: config.session.secret });
      return { data: { counted: await countView(db, { productId: request.params.id, viewer, now: clock.now() }) } };
    },
  );
  r.get(
    '/products/stock/:productId/:quantity',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'How many of the requested quantity are available',
        params: z.object({ productId: queryId, quantity: queryInt(1, 1000) }).strict(),
        response: { 200: itemEnvelope(z.number().int()) },
      },
    },
    async (request) => ({ data: await availableStock(db, request.params.productId, request.params.quantity) }),
  );

  // ---- home rows and related ----
  r.get(
    '/products/stats',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Home rows: featured, recommended, new, views',
        querystring: productStatsQuerySchema,
        response: { 200: productArray },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const storeId = await shopStoreId(db, request.principal?.storeId, q.storeId);
      if (!storeId) return { data: [] };
      const userId = q.type === 'recommended' ? request.principal?.id : undefined;
      const produce = async () => ({ data: await productStats(db, { type: q.type, storeId, limit: q.limit, userId, now: clock.now() }) });
      // Personal rows are not shared between users.
      return userId ? produce() : sendCached(request, reply, `stats:${storeId}:${request.url}`, produce);
    },
  );
  r.get(
    '/products/lastShopping',
    {
      config: { access: 'user' },
      schema: { tags: ['products'], summary: "Products of the user's latest orders", response: { 200: productArray } },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: user.storeId ? await lastShopping(db, user.id, user.storeId) : [] };
    },
  );
  for (const [path, access] of [
    ['/products/otherResults', 'public'],
    ['/products/otherResultsAuth', 'user'],
  ] as const) {
    r.get(
      path,
      {
        config: { access },
        schema: {
          tags: ['products'],
          summary: 'Related products ("other results")',
          querystring: otherResultsQuerySchema,
          response: { 200: productArray },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const storeId = access === 'user' ? requireUser(request).storeId : await shopStoreId(db, request.principal?.storeId, q.storeId);
        if (!storeId) return { data: [] };
        return sendCached(request, reply, `other:${storeId}:${request.url}`, async () => ({
          data: await otherResults(db, { ...q, storeId }),
        }));
      },
    );
  }

  // ---- administrators ----
  r.get(
    '/productAdmin',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Products of a store for its administrators (search, category, active, stock filters)',
        querystring: adminProductListQuerySchema,
        response: { 200: productList },
      },
    },
    async (request) => {
      assertStoreAdmin(requireUser(request), request.query.storeId);
      return listAdminProducts(db, request.query);
    },
  );
  r.get(
    '/productAdmin/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'One product, active or not, for its administrators',
        params: idParamsSchema,
        response: { 200: productItem },
      },
    },
    async (request) => {
      const product = await getAdminProduct(db, request.params.id);
      assertStoreAdmin(requireUser(request), product.storeId);
      return { data: product };
    },
  );
  r.post(
    '/products',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary:
          'Create a product (form: name, nameEn, description, descriptionEn, categoryId, price, stock, featured, storeId, pictures[] files)',
        consumes: ['multipart/form-data'],
        response: { 201: productItem },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const form = await readForm(request);
      const fields = parseFields(productCreateSchema, form.fields);
      assertStoreAdmin(principal, fields.storeId);
      const product = await withStoredImages(config.uploadsDir, 'products', pictureUploads(form.files), async (pictures) => ({
        result: await createProduct(db, { ...fields, pictures, actorId: principal.id, now: clock.now() }, cache),
      }));
      return reply.status(201).send({ data: product });
    },
  );
  r.put(
    '/products',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary:
          "Legacy, administrators of the product's store only: take an order line's quantity out of stock (never below 0), recorded in the inventory ledger",
        body: productStockOutSchema,
        response: { 200: itemEnvelope(inventoryMovementSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const { productId, quantity, orderId } = request.body;
      const product = await getAdminProduct(db, productId);
      assertStoreAdmin(principal, product.storeId);
      if (orderId && (await orderStoreId(db, orderId)) !== product.storeId) throw new AppError('NOT_FOUND', { orderId });
      const movement = await recordMovement(
        db,
        {
          productId,
          delta: -quantity,
          reason: orderId ? `Order #${orderId}` : 'Salida de stock (pedido)',
          actorId: principal.id,
          now: clock.now(),
        },
        cache,
      );
      return { data: movement };
    },
  );
  r.put(
    '/products/image/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Edit a product (form: any product field, new pictures[] files, removeImageIds)',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: productItem },
      },
    },
    async (request) => {
      const { principal, record: current } = await recordOfStoreAdmin(request, () => getAdminProduct(db, request.params.id));
      const form = await readForm(request);
      const fields = parseFields(productUpdateSchema, { ...form.fields, removeImageIds: listField(form.fields.removeImageIds) });
      const product = await withStoredImages(config.uploadsDir, 'products', pictureUploads(form.files), async (newPictures) => {
        const updated = await updateProduct(db, current.id, { ...fields, newPictures, actorId: principal.id, now: clock.now() }, cache);
        return { result: updated.product, replaced: updated.removed };
      });
      return { data: product };
    },
  );
  const productOfAdmin = (request: FastifyRequest, id: number) => recordOfStoreAdmin(request, () => getAdminProduct(db, id));
  lifecycleRoutes(app, {
    tag: 'products',
    access: 'admin',
    item: productSchema,
    prefix: '/products',
    summaries: { activate: 'Activate a product', deactivate: 'Deactivate a product', delete: 'Delete a product that no order refers to' },
    setActive: async (request, id, active) => {
      const { principal, record } = await productOfAdmin(request, id);
      return setProductActive(db, record.id, active, principal.id, clock.now(), cache);
    },
    remove: async (request, id) => {
      const { product, pictures } = await deleteProduct(db, (await productOfAdmin(request, id)).record.id, cache);
      await Promise.all(pictures.map((url) => removeImage(config.uploadsDir, url)));
      return product;
    },
  });
}
