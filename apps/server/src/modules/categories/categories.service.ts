import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Category, CategoryListQuery } from '@rewards/shared/categories';
import type { ListResponse } from '@rewards/shared/common';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';

const columns = {
  id: s.categories.id,
  title: s.categories.title,
  slug: s.categories.slug,
  description: s.categories.description,
  picture: s.categories.picture,
  storeId: s.categories.storeId,
  active: s.categories.active,
};

/** Active categories of a store, by title (the header dropdown and the shop). */
export async function listActiveCategories(db: DbOrTx, query: CategoryListQuery & { storeId: number }): Promise<ListResponse<Category>> {
  const where: SQL = and(eq(s.categories.storeId, query.storeId), eq(s.categories.active, true))!;
  const [total] = await db.select({ n: count() }).from(s.categories).where(where);
  const data = await db
    .select(columns)
    .from(s.categories)
    .where(where)
    .orderBy(asc(s.categories.title), asc(s.categories.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const totalCount = total?.n ?? 0;
  return { data, page: query.page, pageSize: query.pageSize, totalCount, totalPages: Math.ceil(totalCount / query.pageSize) };
}
