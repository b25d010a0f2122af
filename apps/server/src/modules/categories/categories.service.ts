import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Category, CategoryForm, CategoryUpdate } from '@rewards/shared/categories';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertOneLanguage, sortText } from '../../lib/bilingual.ts';
import { productSearchText, slugify } from '../../lib/search-text.ts';
import { assertStoreExists } from '../stores/stores.service.ts';
import { invalidating, type CacheInvalidation } from '../../lib/response-cache.ts';

const columns = {
  id: s.categories.id,
  title: s.categories.title,
  titleEn: s.categories.titleEn,
  slug: s.categories.slug,
  description: s.categories.description,
  descriptionEn: s.categories.descriptionEn,
  picture: s.categories.picture,
  storeId: s.categories.storeId,
  active: s.categories.active,
};

export interface CategoryFilter {
  storeId: number;
  page: number;
  pageSize: number;
  search?: string;
  /** undefined: active and inactive (administrators); true/false: only those. */
  active?: boolean;
}

export async function listCategories(db: DbOrTx, f: CategoryFilter): Promise<ListResponse<Category>> {
  const conditions: SQL[] = [eq(s.categories.storeId, f.storeId)];
  if (f.active !== undefined) conditions.push(eq(s.categories.active, f.active));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(s.categories.title, like), ilike(s.categories.titleEn, like))!);
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(s.categories).where(where);
  const data = await db
    .select(columns)
    .from(s.categories)
    .where(where)
    .orderBy(sortText(s.categories.title, s.categories.titleEn), asc(s.categories.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const totalCount = total?.n ?? 0;
  return listResponse(data, f, totalCount);
}

export async function getCategory(db: DbOrTx, id: number): Promise<Category> {
  const [row] = await db.select(columns).from(s.categories).where(eq(s.categories.id, id));
  if (!row) throw notFound();
  return row;
}

/** A slug unique within the store: "oficina", then "oficina-2", ... (from the Spanish title, else the English). */
async function uniqueSlug(db: DbOrTx, storeId: number, title: string, exceptId?: number): Promise<string> {
  const base = slugify(title) || 'categoria';
  const rows = await db
    .select({ id: s.categories.id, slug: s.categories.slug })
    .from(s.categories)
    .where(and(eq(s.categories.storeId, storeId), sql`${s.categories.slug} ~ ${`^${base}(-[0-9]+)?$`}`));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export async function createCategory(
  db: DbOrTx,
  input: CategoryForm & { picture: string; actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<Category> {
  await assertStoreExists(db, input.storeId);
  const texts = {
    title: input.title ?? '',
    titleEn: input.titleEn ?? '',
    description: input.description ?? '',
    descriptionEn: input.descriptionEn ?? '',
  };
  const slug = await uniqueSlug(db, input.storeId, texts.title || texts.titleEn);
  const [row] = await db
    .insert(s.categories)
    .values({
      storeId: input.storeId,
      ...texts,
      slug,
      picture: input.picture,
      createdBy: input.actorId,
      modifiedBy: input.actorId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning(columns);
  cache.invalidate();
  return row!;
}

/**
 * Edits title/description (and picture); a language left out keeps what is stored (docs/architecture.md
 * A6.15). Products' search text follows the new title.
 */
export async function updateCategory(
  db: DbOrTx,
  id: number,
  input: CategoryUpdate & { picture?: string; actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<{ category: Category; previousPicture: string | null }> {
  const write = db.transaction(async (tx) => {
    const [current] = await tx.select().from(s.categories).where(eq(s.categories.id, id)).for('update');
    if (!current) throw notFound();
    const texts = {
      title: input.title ?? current.title,
      titleEn: input.titleEn ?? current.titleEn,
      description: input.description ?? current.description,
      descriptionEn: input.descriptionEn ?? current.descriptionEn,
    };
    assertOneLanguage(texts, ['title', 'description']);
    const slugTitle = texts.title || texts.titleEn;
    const slug = slugTitle === (current.title || current.titleEn) ? current.slug : await uniqueSlug(tx, current.storeId, slugTitle, id);
    const [row] = await tx
      .update(s.categories)
      .set({
        ...texts,
        slug,
        picture: input.picture ?? current.picture,
        modifiedBy: input.actorId,
        updatedAt: input.now,
      })
      .where(eq(s.categories.id, id))
      .returning(columns);
    if (current.title !== texts.title || current.titleEn !== texts.titleEn) {
      const products = await tx
        .select({
          id: s.products.id,
          name: s.products.name,
          nameEn: s.products.nameEn,
          description: s.products.description,
          descriptionEn: s.products.descriptionEn,
        })
        .from(s.products)
        .where(eq(s.products.categoryId, id));
      for (const p of products) {
        await tx
          .update(s.products)
          .set({
            searchText: productSearchText(p.name, texts.title, p.description, {
              name: p.nameEn,
              categoryTitle: texts.titleEn,
              description: p.descriptionEn,
            }),
          })
          .where(eq(s.products.id, p.id));
      }
    }
    return { category: row!, previousPicture: input.picture ? current.picture : null };
  });
  return invalidating(cache, write);
}

export async function setCategoryActive(
  db: DbOrTx,
  id: number,
  active: boolean,
  actorId: number,
  now: Date,
  cache: CacheInvalidation,
): Promise<Category> {
  const [row] = await db
    .update(s.categories)
    .set({ active, modifiedBy: actorId, updatedAt: now })
    .where(eq(s.categories.id, id))
    .returning(columns);
  if (!row) throw notFound();
  cache.invalidate();
  return row;
}

/** Deletes an empty category; one with products is refused (deactivate it instead). */
export async function deleteCategory(db: DbOrTx, id: number, cache: CacheInvalidation): Promise<Category> {
  const write = db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(s.categories).where(eq(s.categories.id, id)).for('update');
    if (!current) throw notFound();
    const [products] = await tx.select({ n: count() }).from(s.products).where(eq(s.products.categoryId, id));
    if ((products?.n ?? 0) > 0) throw new AppError('CATEGORY_NOT_EMPTY', { products: products!.n });
    await tx.update(s.profiles).set({ preferredCategoryId: null }).where(eq(s.profiles.preferredCategoryId, id));
    await tx.delete(s.categories).where(eq(s.categories.id, id));
    return current;
  });
  return invalidating(cache, write);
}
