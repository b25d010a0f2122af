import { and, count, desc, eq } from 'drizzle-orm';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { findOrderable } from '../products/products.service.ts';
import { firstPictures } from '../products/pictures.service.ts';

export interface WishlistItem {
  id: number;
  productId: number;
  product: { name: string; nameEn: string; slug: string; price: number; stock: number; picture: string | null };
}

/**
 * The user's wishlist, newest first, paged in SQL; inactive products are left out. With `productId`, only
 * that product's item (the product page shows whether it is there, and removes it by its id).
 */
export async function listWishlist(
  db: DbOrTx,
  userId: number,
  page: number,
  pageSize: number,
  productId?: number,
): Promise<ListResponse<WishlistItem>> {
  const where = and(
    eq(s.wishlistItems.userId, userId),
    eq(s.products.active, true),
    productId === undefined ? undefined : eq(s.wishlistItems.productId, productId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: s.wishlistItems.id,
        productId: s.wishlistItems.productId,
        name: s.products.name,
        nameEn: s.products.nameEn,
        slug: s.products.slug,
        price: s.products.price,
        stock: s.products.stock,
      })
      .from(s.wishlistItems)
      .innerJoin(s.products, eq(s.products.id, s.wishlistItems.productId))
      .where(where)
      .orderBy(desc(s.wishlistItems.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(s.wishlistItems).innerJoin(s.products, eq(s.products.id, s.wishlistItems.productId)).where(where),
  ]);
  const pictures = await firstPictures(
    db,
    rows.map((w) => w.productId),
  );
  return listResponse(
    rows.map((w) => ({
      id: w.id,
      productId: w.productId,
      product: {
        name: w.name,
        nameEn: w.nameEn,
        slug: w.slug,
        price: w.price,
        stock: w.stock,
        picture: pictures.get(w.productId) ?? null,
      },
    })),
    { page, pageSize },
    total?.n ?? 0,
  );
}

/** Adds an orderable product (`findOrderable`: NOT_FOUND, NOT_AVAILABLE_IN_STORE) once (409 after). */
export async function addToWishlist(
  db: DbOrTx,
  user: { id: number; storeId: number | null },
  productId: number,
): Promise<{ id: number; productId: number }> {
  await findOrderable(db, productId, user.storeId);
  const [row] = await db
    .insert(s.wishlistItems)
    .values({ userId: user.id, productId, createdBy: user.id, modifiedBy: user.id })
    .onConflictDoNothing()
    .returning({ id: s.wishlistItems.id, productId: s.wishlistItems.productId });
  if (!row) throw new AppError('CONFLICT', { reason: 'ALREADY_IN_WISHLIST' });
  return row;
}

/** Removes one of the user's own items; someone else's is NOT_FOUND. */
export async function removeFromWishlist(db: DbOrTx, userId: number, id: number): Promise<{ id: number }> {
  const rows = await db
    .delete(s.wishlistItems)
    .where(and(eq(s.wishlistItems.id, id), eq(s.wishlistItems.userId, userId)))
    .returning({ id: s.wishlistItems.id });
  if (!rows.length) throw notFound();
  return rows[0]!;
}
