import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { AdminProductListQuery, Product, ProductForm, ProductUpdate } from '@rewards/shared/products';
import { MAX_PRODUCT_PICTURES } from '@rewards/shared/products';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertOneLanguage } from '../../lib/bilingual.ts';
import { invalidating, type CacheInvalidation } from '../../lib/response-cache.ts';
import { productSearchText, slugify } from '../../lib/search-text.ts';
import { moveStock } from '../inventory/inventory.service.ts';
import { searchCondition, shown, toDto } from './products.service.ts';

/**
 * Administrators' products: their lists (any state), and every write of the catalogue's products. Each
 * write raises the response cache's invalidation itself once it has succeeded (docs/architecture.md A6.9).
 */

const LOW_STOCK = 5;

export async function getAdminProduct(db: DbOrTx, id: number): Promise<Product> {
  const [row] = await db
    .select(shown)
    .from(s.products)
    .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
    .where(eq(s.products.id, id));
  if (!row) throw notFound();
  return toDto(row);
}

export async function listAdminProducts(db: DbOrTx, q: AdminProductListQuery): Promise<ListResponse<Product>> {
  const conditions: SQL[] = [eq(s.products.storeId, q.storeId)];
  if (q.categoryId) conditions.push(eq(s.products.categoryId, q.categoryId));
  if (q.active !== undefined) conditions.push(eq(s.products.active, q.active));
  if (q.stock === 'out') conditions.push(eq(s.products.stock, 0));
  if (q.stock === 'in') conditions.push(sql`${s.products.stock} > 0`);
  if (q.stock === 'low') conditions.push(and(sql`${s.products.stock} > 0`, lte(s.products.stock, LOW_STOCK))!);
  if (q.search) conditions.push(searchCondition(q.search).where);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(shown)
      .from(s.products)
      .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
      .where(where)
      .orderBy(desc(s.products.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.products).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return listResponse(rows.map(toDto), q, totalCount);
}

async function categoryOfStore(db: DbOrTx, categoryId: number, storeId: number) {
  const [category] = await db.select().from(s.categories).where(eq(s.categories.id, categoryId));
  if (!category) throw new AppError('VALIDATION_FAILED', [{ field: 'body.categoryId', message: 'Unknown category', code: 'custom' }]);
  if (category.storeId !== storeId) throw new AppError('CATEGORY_OTHER_STORE', { categoryId });
  return category;
}

/** Product slugs are unique across stores: "termo-de-acero", then "termo-de-acero-2", ... (from the Spanish name, else the English). */
async function uniqueProductSlug(db: DbOrTx, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name) || 'producto';
  const rows = await db
    .select({ id: s.products.id, slug: s.products.slug })
    .from(s.products)
    .where(sql`${s.products.slug} ~ ${`^${base}(-[0-9]+)?$`}`);
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The product's search text from its texts and its category's, in both languages (docs/architecture.md A6.15). */
function searchTextOf(
  p: { name: string; nameEn: string; description: string; descriptionEn: string },
  category: { title: string; titleEn: string },
): string {
  return productSearchText(p.name, category.title, p.description, {
    name: p.nameEn,
    categoryTitle: category.titleEn,
    description: p.descriptionEn,
  });
}

export async function createProduct(
  db: DbOrTx,
  input: ProductForm & { storeId: number; pictures: string[]; actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<Product> {
  if (input.pictures.length === 0)
    throw new AppError('PICTURE_REQUIRED', [{ field: 'body.pictures', message: 'Required field', code: 'required' }]);
  const texts = {
    name: input.name ?? '',
    nameEn: input.nameEn ?? '',
    description: input.description ?? '',
    descriptionEn: input.descriptionEn ?? '',
  };
  const write = db.transaction(async (tx) => {
    const category = await categoryOfStore(tx, input.categoryId, input.storeId);
    const slug = await uniqueProductSlug(tx, texts.name || texts.nameEn);
    const [product] = await tx
      .insert(s.products)
      .values({
        storeId: input.storeId,
        categoryId: category.id,
        ...texts,
        slug,
        searchText: searchTextOf(texts, category),
        price: input.price,
        featured: input.featured,
        createdBy: input.actorId,
        modifiedBy: input.actorId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: s.products.id });
    await tx.insert(s.productImages).values(input.pictures.map((url, position) => ({ productId: product!.id, url, position })));
    if (input.stock > 0)
      await moveStock(tx, {
        productId: product!.id,
        delta: input.stock,
        reason: 'Inventario inicial',
        actorId: input.actorId,
        now: input.now,
      });
    return product!.id;
  });
  return getAdminProduct(db, await invalidating(cache, write));
}

/**
 * Edits a product. A new stock figure is recorded as an inventory movement (the stock ledger stays
 * whole); pictures are appended and removed. Returns the URLs of removed pictures to delete.
 */
export async function updateProduct(
  db: DbOrTx,
  id: number,
  input: ProductUpdate & { newPictures: string[]; actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<{ product: Product; removed: string[] }> {
  const write = db.transaction(async (tx) => {
    const [current] = await tx.select().from(s.products).where(eq(s.products.id, id)).for('update');
    if (!current) throw notFound();
    const category = await categoryOfStore(tx, input.categoryId ?? current.categoryId, current.storeId);
    const images = await tx.select().from(s.productImages).where(eq(s.productImages.productId, id)).orderBy(asc(s.productImages.position));
    const dropping = images.filter((i) => input.removeImageIds.includes(i.id));
    const kept = images.length - dropping.length;
    if (kept + input.newPictures.length === 0)
      throw new AppError('PICTURE_REQUIRED', [{ field: 'body.pictures', message: 'Required field', code: 'required' }]);
    if (kept + input.newPictures.length > MAX_PRODUCT_PICTURES) {
      throw new AppError('VALIDATION_FAILED', [
        { field: 'body.pictures', message: `At most ${MAX_PRODUCT_PICTURES} pictures`, code: 'too_big' },
      ]);
    }
    // A language left out keeps what is stored; the pair that results must still have one (docs/architecture.md A6.15).
    const texts = {
      name: input.name ?? current.name,
      nameEn: input.nameEn ?? current.nameEn,
      description: input.description ?? current.description,
      descriptionEn: input.descriptionEn ?? current.descriptionEn,
    };
    assertOneLanguage(texts, ['name', 'description']);
    const slugName = texts.name || texts.nameEn;
    await tx
      .update(s.products)
      .set({
        ...texts,
        slug: slugName === (current.name || current.nameEn) ? current.slug : await uniqueProductSlug(tx, slugName, id),
        categoryId: category.id,
        price: input.price ?? current.price,
        featured: input.featured ?? current.featured,
        searchText: searchTextOf(texts, category),
        modifiedBy: input.actorId,
        updatedAt: input.now,
      })
      .where(eq(s.products.id, id));
    if (input.stock !== undefined && input.stock !== current.stock) {
      await moveStock(tx, {
        productId: id,
        delta: input.stock - current.stock,
        reason: 'Ajuste desde la edición del producto',
        actorId: input.actorId,
        now: input.now,
      });
    }
    if (dropping.length)
      await tx.delete(s.productImages).where(
        inArray(
          s.productImages.id,
          dropping.map((d) => d.id),
        ),
      );
    if (input.newPictures.length) {
      const start = images.reduce((m, i) => Math.max(m, i.position + 1), 0);
      await tx.insert(s.productImages).values(input.newPictures.map((url, i) => ({ productId: id, url, position: start + i })));
    }
    return dropping.map((d) => d.url);
  });
  const removed = await invalidating(cache, write);
  return { product: await getAdminProduct(db, id), removed };
}

export async function setProductActive(
  db: DbOrTx,
  id: number,
  active: boolean,
  actorId: number,
  now: Date,
  cache: CacheInvalidation,
): Promise<Product> {
  const rows = await db
    .update(s.products)
    .set({ active, modifiedBy: actorId, updatedAt: now })
    .where(eq(s.products.id, id))
    .returning({ id: s.products.id });
  if (!rows.length) throw notFound();
  cache.invalidate();
  return getAdminProduct(db, id);
}

/** Deletes a product no order refers to (cart and wishlist lines go with it); returns its pictures. */
export async function deleteProduct(db: DbOrTx, id: number, cache: CacheInvalidation): Promise<{ product: Product; pictures: string[] }> {
  const product = await getAdminProduct(db, id);
  const write = db.transaction(async (tx) => {
    const [lines] = await tx.select({ n: count() }).from(s.orderLines).where(eq(s.orderLines.productId, id));
    if ((lines?.n ?? 0) > 0) throw new AppError('PRODUCT_HAS_ORDERS', { orderLines: lines!.n });
    await tx.delete(s.products).where(eq(s.products.id, id));
  });
  await invalidating(cache, write);
  return { product, pictures: product.images.map((i) => i.url) };
}

/** The store of an order (undefined when there is no such order). */
export async function orderStoreId(db: DbOrTx, orderId: number): Promise<number | undefined> {
  const [row] = await db.select({ storeId: s.orders.storeId }).from(s.orders).where(eq(s.orders.id, orderId));
  return row?.storeId;
}
