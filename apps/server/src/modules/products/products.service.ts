import { and, asc, count, desc, eq, gte, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { Product, ProductOrder, ProductSuggestion } from '@rewards/shared/products';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { normalizeSearch } from '../../lib/search-text.ts';
import { CatalogSearch, type CatalogueSource, type CatalogueVersions, type IndexableProduct } from '../search/search.service.ts';

const NEW_PRODUCT_DAYS = 30;

const columns = {
  id: s.products.id,
  name: s.products.name,
  nameEn: s.products.nameEn,
  slug: s.products.slug,
  description: s.products.description,
  descriptionEn: s.products.descriptionEn,
  price: s.products.price,
  stock: s.products.stock,
  featured: s.products.featured,
  active: s.products.active,
  storeId: s.products.storeId,
  categoryId: s.products.categoryId,
  categoryTitle: s.categories.title,
  categoryTitleEn: s.categories.titleEn,
  categorySlug: s.categories.slug,
  createdAt: s.products.createdAt,
};
/**
 * A product's pictures in order, as one JSON column of its row: a page or a product page is one query
 * (decision 0024: a refresh of a cached product page is one round trip, and nothing is assembled in JS).
 */
const picture = sql`json_build_object('id', ${s.productImages.id}, 'url', ${s.productImages.url})`;
const pictures = sql<Product['images']>`coalesce((
  select json_agg(${picture} order by ${s.productImages.position}, ${s.productImages.id})
  from ${s.productImages} where ${s.productImages.productId} = ${s.products.id}
), '[]'::json)`;

/** What a product read selects: the columns above and its pictures (`toDto` makes the API shape of it). */
export const shown = { ...columns, images: pictures };
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & { images: Product['images'] };

/** A row of `shown` in the API shape. */
export const toDto = (r: Row): Product => ({ ...r, createdAt: r.createdAt.toISOString() });

/**
 * The one rule of what a shopper may see and order ("orderable"): the product is active, its category
 * is active, and it belongs to the shopper's store. Shop lists and pages, cart add and load, wishlist
 * add and the legacy orderDetail use it (through `findOrderable` for one product); `rs_place_order`
 * (db/functions/rs_place_order.sql) checks the same three conditions under its locks. Needs `categories`
 * joined.
 */
export function orderableIn(storeId: number): SQL {
  return and(eq(s.products.storeId, storeId), eq(s.products.active, true), eq(s.categories.active, true))!;
}

/**
 * One product by the orderable rule: NOT_FOUND (404) when it, or its category, is inactive or missing,
 * as in the shop; NOT_AVAILABLE_IN_STORE (422) when it belongs to another store than `storeId` (a
 * user without a store has none). 'any' skips the store part, for public reads that know no store.
 */
export async function findOrderable(db: DbOrTx, productId: number, storeId: number | null | 'any') {
  const [row] = await db
    .select({
      id: s.products.id,
      name: s.products.name,
      storeId: s.products.storeId,
      categoryId: s.products.categoryId,
      price: s.products.price,
      stock: s.products.stock,
    })
    .from(s.products)
    .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
    .where(and(eq(s.products.id, productId), eq(s.products.active, true), eq(s.categories.active, true)));
  if (!row) throw notFound({ productId });
  if (storeId !== 'any' && row.storeId !== storeId) throw new AppError('NOT_AVAILABLE_IN_STORE', { productId });
  return row;
}

const escapeLike = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word must appear in the accent-free search text ("cafe" finds "Café", "mochila" finds
 * "Mochilas"), which holds both languages ("thermos" finds "Termo de acero" written in English too);
 * served by the trigram GIN index. `fuzzy` instead accepts near spellings (trigram word
 * similarity), which is slower, so it is only the fallback when the exact pass finds nothing.
 */
export function searchCondition(search: string, fuzzy = false): { where: SQL; rank: SQL<number> } {
  const q = normalizeSearch(search);
  const words = q
    .split(' ')
    .filter((w) => w.length >= 2)
    .slice(0, 6);
  const parts = (words.length ? words : [q]).map((w) =>
    fuzzy ? sql`${w} <% ${s.products.searchText}` : sql`${s.products.searchText} like ${`%${escapeLike(w)}%`}`,
  );
  const where = and(...parts)!;
  // Name matches first (the search text starts with the name), then overall closeness.
  const rank = sql<number>`(case when ${s.products.searchText} like ${`${escapeLike(q)}%`} then 1 else 0 end) + word_similarity(${q}, ${s.products.searchText})`;
  return { where, rank };
}

function orderBy(order: ProductOrder, rank?: SQL<number>): SQL[] {
  switch (order) {
    case 'date':
      return [desc(s.products.createdAt), desc(s.products.id)];
    case 'price_asc':
      return [asc(s.products.price), asc(s.products.id)];
    case 'price_desc':
      return [desc(s.products.price), desc(s.products.id)];
    case 'relevance':
      return rank
        ? [desc(rank), desc(s.products.views), asc(s.products.id)]
        : [desc(s.products.featured), desc(s.products.createdAt), desc(s.products.id)];
    case 'featured':
    default:
      return [desc(s.products.featured), desc(s.products.createdAt), desc(s.products.id)];
  }
}

export interface ShopListFilter {
  storeId: number;
  page: number;
  pageSize: number;
  categoryId?: number;
  categorySlug?: string;
  search?: string;
  order?: ProductOrder;
  /** Answers `search` from memory when it covers the store (docs/decisions/0009-search-index.md). */
  searchIndex?: CatalogSearch;
}

/**
 * Category pages, search results and "all products", paged. A search is answered by the store's
 * in-memory index when `searchIndex` is given and the store is within its size
 * (docs/decisions/0009-search-index.md), else by PostgreSQL below: the same products, paging, totals
 * and orderings.
 */
export async function listShopProducts(db: DbOrTx, f: ShopListFilter): Promise<ListResponse<Product>> {
  if (f.searchIndex && f.search && CatalogSearch.answers(f.search)) {
    const found = await f.searchIndex.list(f.storeId, { ...f, search: f.search });
    if (found) return found;
  }
  const base: SQL[] = [orderableIn(f.storeId)];
  if (f.categoryId) base.push(eq(s.products.categoryId, f.categoryId));
  if (f.categorySlug) base.push(eq(s.categories.slug, f.categorySlug));
  const exact = f.search ? searchCondition(f.search) : undefined;
  const result = await page(db, f, base, exact);
  if (!f.search || result.totalCount > 0) return result;
  // Nothing spelled that way: try near spellings ("audifonoz"). Planners under-cost trigram similarity
  // and scan the whole store; the trigram index finds the candidates in a few milliseconds instead.
  const words = normalizeSearch(f.search)
    .split(' ')
    .filter((w) => w.length >= 3)
    .slice(0, 6);
  if (words.length === 0) return result;
  const fuzzy = searchCondition(words.join(' '), true);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const candidates = await tx.select({ id: s.products.id }).from(s.products).where(fuzzy.where).limit(1000);
    if (candidates.length === 0) return result;
    return page(
      tx,
      f,
      [
        ...base,
        inArray(
          s.products.id,
          candidates.map((c) => c.id),
        ),
      ],
      fuzzy,
    );
  });
}

async function page(
  db: DbOrTx,
  f: ShopListFilter,
  base: SQL[],
  search?: { where: SQL; rank: SQL<number> },
): Promise<ListResponse<Product>> {
  const where = and(...base, search?.where);
  const [total] = await db
    .select({ n: count() })
    .from(s.products)
    .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
    .where(where);
  const totalCount = total?.n ?? 0;
  const order = f.order ?? (search ? 'relevance' : 'featured');
  const rows =
    totalCount === 0
      ? []
      : await db
          .select(shown)
          .from(s.products)
          .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
          .where(where)
          .orderBy(...orderBy(order, search?.rank))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize);
  return listResponse(rows.map(toDto), f, totalCount);
}

/**
 * What the search index holds for a store (modules/search): its orderable products (`orderableIn`) as
 * the shop shows them, with their views (relevance ties) and row version; all of them, or those of `ids`.
 */
export async function indexableProducts(db: DbOrTx, storeId: number, ids?: number[]): Promise<IndexableProduct[]> {
  const rows = await db
    .select({ ...shown, views: s.products.views, version: productVersion })
    .from(s.products)
    .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
    .where(and(orderableIn(storeId), ids ? inArray(s.products.id, ids) : undefined));
  return rows.map(({ views, version, ...r }) => ({
    product: toDto(r),
    createdAtMs: r.createdAt.getTime(),
    views,
    version,
  }));
}

/**
 * PostgreSQL's row version (`xmin`, the transaction that wrote the row): every update of a product
 * (edit, stock move, activation, views) gives its row a new one, so the search index re-reads only the
 * products whose version changed (docs/decisions/0009-search-index.md). Picture changes go with an
 * update of the product row (`updateProduct`).
 */
const productVersion = sql<string>`${s.products}.xmin::text`;

/**
 * The versions of a store's orderable products, and one of its categories together (any category
 * change makes the index read the store whole). Undefined when it has more than `limit` products.
 */
export async function catalogueVersions(db: DbOrTx, storeId: number, limit: number): Promise<CatalogueVersions | undefined> {
  const [[total], [categories]] = await Promise.all([
    db
      .select({ n: count() })
      .from(s.products)
      .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
      .where(orderableIn(storeId)),
    db
      .select({
        version: sql<string>`coalesce(string_agg(${s.categories.id} || ':' || ${s.categories}.xmin::text, ',' order by ${s.categories.id}), '')`,
      })
      .from(s.categories)
      .where(eq(s.categories.storeId, storeId)),
  ]);
  if ((total?.n ?? 0) > limit) return undefined;
  const rows = await db
    .select({ id: s.products.id, version: productVersion })
    .from(s.products)
    .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
    .where(orderableIn(storeId));
  return { categories: categories?.version ?? '', products: new Map(rows.map((r) => [r.id, r.version])) };
}

/** The database as the search index reads it. */
export function catalogueSource(db: DbOrTx): CatalogueSource {
  return {
    versions: (storeId, limit) => catalogueVersions(db, storeId, limit),
    products: (storeId, ids) => indexableProducts(db, storeId, ids),
  };
}

/**
 * The header's suggestions while typing: the best few products of the store for what has been typed,
 * from the search index; a store too large for the index gets the first page of its PostgreSQL search.
 */
export async function suggestProducts(
  db: DbOrTx,
  index: CatalogSearch,
  p: { storeId: number; q: string; limit: number },
): Promise<ProductSuggestion[]> {
  const fromIndex = await index.suggest(p.storeId, p.q, p.limit);
  if (fromIndex) return fromIndex;
  const page = await listShopProducts(db, { storeId: p.storeId, search: p.q, page: 1, pageSize: p.limit });
  return page.data.map((r) => ({
    id: r.id,
    name: r.name,
    nameEn: r.nameEn,
    slug: r.slug,
    price: r.price,
    categoryTitle: r.categoryTitle,
    categoryTitleEn: r.categoryTitleEn,
    picture: r.images[0]?.url ?? null,
  }));
}

/**
 * The shop's product query, by slug or by id, prepared once per database handle: a product page's read
 * (and its refresh in the response cache) is one round trip with no query building (decision 0024).
 */
function shopProductQuery(db: DbOrTx, by: 'slug' | 'id') {
  return db
    .select(shown)
    .from(s.products)
    .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
    .where(
      and(
        by === 'slug' ? eq(s.products.slug, sql.placeholder('slug')) : eq(s.products.id, sql.placeholder('id')),
        // The orderable rule, its store part answered below with NOT_AVAILABLE_IN_STORE.
        eq(s.products.active, true),
        eq(s.categories.active, true),
      ),
    )
    .prepare(`shop_product_by_${by}`);
}
const shopProductQueries = new WeakMap<DbOrTx, Record<'slug' | 'id', ReturnType<typeof shopProductQuery>>>();

/** One product as a shopper sees it; a product of another store is NOT_AVAILABLE_IN_STORE. */
export async function getShopProduct(db: DbOrTx, by: { slug: string } | { id: number }, viewerStoreId: number | null): Promise<Product> {
  let queries = shopProductQueries.get(db);
  if (!queries) shopProductQueries.set(db, (queries = { slug: shopProductQuery(db, 'slug'), id: shopProductQuery(db, 'id') }));
  const [row] = await ('slug' in by ? queries.slug.execute({ slug: by.slug }) : queries.id.execute({ id: by.id }));
  if (!row) throw notFound();
  if (viewerStoreId !== null && row.storeId !== viewerStoreId)
    throw new AppError('NOT_AVAILABLE_IN_STORE', { productStoreId: row.storeId });
  return toDto(row);
}

/**
 * Counts a view of an active product once per viewer (lib/viewer-key.ts) and day (UTC): the first
 * view of the day records the viewer and adds 1, in one transaction; repeats change nothing. Answers
 * whether this view was counted. When one is, the viewers of past days are deleted (a range of the key).
 */
export async function countView(db: DbOrTx, p: { productId: number; viewer: string; now: Date }): Promise<boolean> {
  const day = p.now.toISOString().slice(0, 10);
  const counted = await db.transaction(async (tx) => {
    const seen = await tx
      .insert(s.productViews)
      .select((qb) =>
        qb
          .select({ day: sql<string>`${day}::date`.as('day'), productId: s.products.id, viewer: sql<string>`${p.viewer}`.as('viewer') })
          .from(s.products)
          .where(and(eq(s.products.id, p.productId), eq(s.products.active, true))),
      )
      .onConflictDoNothing()
      .returning({ productId: s.productViews.productId });
    if (!seen.length) return false;
    await tx
      .update(s.products)
      .set({ views: sql`${s.products.views} + 1` })
      .where(eq(s.products.id, p.productId));
    return true;
  });
  if (counted) await db.delete(s.productViews).where(lt(s.productViews.day, day));
  return counted;
}

/** Home rows: featured, new (last 30 days), most viewed, recommended (preferred category and purchase history). */
export async function productStats(
  db: DbOrTx,
  p: { type: 'featured' | 'recommended' | 'new' | 'views'; storeId: number; limit: number; userId?: number; now: Date },
): Promise<Product[]> {
  const base = db.select(shown).from(s.products).innerJoin(s.categories, eq(s.categories.id, s.products.categoryId));
  const visible = orderableIn(p.storeId);
  let rows: Row[];
  if (p.type === 'featured') {
    rows = await base
      .where(and(visible, eq(s.products.featured, true)))
      .orderBy(desc(s.products.createdAt), desc(s.products.id))
      .limit(p.limit);
  } else if (p.type === 'new') {
    const since = new Date(p.now.getTime() - NEW_PRODUCT_DAYS * 86_400_000);
    rows = await base
      .where(and(visible, gte(s.products.createdAt, since)))
      .orderBy(desc(s.products.createdAt), desc(s.products.id))
      .limit(p.limit);
  } else if (p.type === 'views') {
    rows = await base.where(visible).orderBy(desc(s.products.views), desc(s.products.id)).limit(p.limit);
  } else {
    rows = await recommended(db, p.storeId, p.limit, p.userId);
  }
  return rows.map(toDto);
}

async function recommended(db: DbOrTx, storeId: number, limit: number, userId?: number): Promise<Row[]> {
  const base = () => db.select(shown).from(s.products).innerJoin(s.categories, eq(s.categories.id, s.products.categoryId));
  const visible = orderableIn(storeId);
  if (!userId) return base().where(visible).orderBy(desc(s.products.featured), desc(s.products.views), desc(s.products.id)).limit(limit);
  const [profile] = await db.select({ categoryId: s.profiles.preferredCategoryId }).from(s.profiles).where(eq(s.profiles.userId, userId));
  const bought = await db
    .selectDistinct({ productId: s.orderLines.productId, categoryId: s.orderLines.categoryId })
    .from(s.orderLines)
    .innerJoin(s.orders, eq(s.orders.id, s.orderLines.orderId))
    .where(and(eq(s.orders.userId, userId), ne(s.orders.status, 5)));
  const categoryIds = [
    ...new Set([profile?.categoryId, ...bought.map((b) => b.categoryId)].filter((v): v is number => typeof v === 'number')),
  ];
  const boughtIds = bought.map((b) => b.productId);
  const notBought = boughtIds.length ? notInArray(s.products.id, boughtIds) : undefined;
  const liked = categoryIds.length
    ? await base()
        .where(and(visible, inArray(s.products.categoryId, categoryIds), notBought))
        .orderBy(desc(s.products.featured), desc(s.products.views), desc(s.products.id))
        .limit(limit)
    : [];
  if (liked.length >= limit) return liked;
  const more = await base()
    .where(
      and(
        visible,
        notBought,
        liked.length
          ? notInArray(
              s.products.id,
              liked.map((r) => r.id),
            )
          : undefined,
      ),
    )
    .orderBy(desc(s.products.views), desc(s.products.id))
    .limit(limit - liked.length);
  return [...liked, ...more];
}

/** Products of the user's latest orders, most recent first. */
export async function lastShopping(db: DbOrTx, userId: number, storeId: number, limit = 10): Promise<Product[]> {
  const recent = await db
    .select({ productId: s.orderLines.productId, at: sql<Date>`max(${s.orders.createdAt})`.as('at') })
    .from(s.orderLines)
    .innerJoin(s.orders, eq(s.orders.id, s.orderLines.orderId))
    .where(eq(s.orders.userId, userId))
    .groupBy(s.orderLines.productId)
    .orderBy(desc(sql`max(${s.orders.createdAt})`))
    .limit(limit);
  if (recent.length === 0) return [];
  const rows = await db
    .select(shown)
    .from(s.products)
    .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
    .where(
      and(
        orderableIn(storeId),
        inArray(
          s.products.id,
          recent.map((r) => r.productId),
        ),
      ),
    );
  const order = new Map(recent.map((r, i) => [r.productId, i]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(toDto);
}

/** "Other results": same category first, then the store's most viewed. */
export async function otherResults(
  db: DbOrTx,
  p: { storeId: number; categoryId?: number; excludeId?: number; limit: number },
): Promise<Product[]> {
  const visible = orderableIn(p.storeId);
  const exclude = p.excludeId ? ne(s.products.id, p.excludeId) : undefined;
  const base = () => db.select(shown).from(s.products).innerJoin(s.categories, eq(s.categories.id, s.products.categoryId));
  const same = p.categoryId
    ? await base()
        .where(and(visible, exclude, eq(s.products.categoryId, p.categoryId)))
        .orderBy(desc(s.products.views), desc(s.products.id))
        .limit(p.limit)
    : [];
  const taken = [...same.map((r) => r.id), ...(p.excludeId ? [p.excludeId] : [])];
  const more =
    same.length < p.limit
      ? await base()
          .where(
            and(
              visible,
              taken.length ? notInArray(s.products.id, taken) : undefined,
              p.categoryId ? ne(s.products.categoryId, p.categoryId) : undefined,
            ),
          )
          .orderBy(desc(s.products.views), desc(s.products.id))
          .limit(p.limit - same.length)
      : [];
  return [...same, ...more].map(toDto);
}

/** How many of `quantity` can be had now (docs/architecture.md P7: GET products/stock/{id}/{quantity}). */
export async function availableStock(db: DbOrTx, productId: number, quantity: number): Promise<number> {
  const row = await findOrderable(db, productId, 'any');
  return Math.max(0, Math.min(row.stock, quantity));
}
