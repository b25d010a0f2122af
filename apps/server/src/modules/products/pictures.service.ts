import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';

/**
 * The first picture (lowest position, then oldest) of each product, in one query: what the cart, the
 * wishlist and the order lines show beside a product. Products without pictures are absent from the map.
 */
export async function firstPictures(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([s.productImages.productId], { productId: s.productImages.productId, url: s.productImages.url })
    .from(s.productImages)
    .where(inArray(s.productImages.productId, ids))
    .orderBy(asc(s.productImages.productId), asc(s.productImages.position), asc(s.productImages.id));
  return new Map(rows.map((r) => [r.productId, r.url]));
}
