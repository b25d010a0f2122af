import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CART_MAX_QUANTITY } from '@rewards/shared/constants';
import type { BuyAgainResult, Cart, CartLine } from '@rewards/shared/orders';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { findOrderable, orderableIn } from '../products/products.service.ts';
import { firstPictures } from '../products/pictures.service.ts';

async function userStore(db: DbOrTx, userId: number): Promise<number | null> {
  const [u] = await db.select({ storeId: s.users.storeId }).from(s.users).where(eq(s.users.id, userId));
  return u?.storeId ?? null;
}

/**
 * The cart as loaded (docs/architecture.md P5): a line whose product has no stock, or is no longer orderable
 * (`orderableIn`: inactive, its category inactive, another store), is removed; one whose stock is
 * below its quantity is lowered; each with its warning. The adjustments are saved.
 */
export async function loadCart(db: DbOrTx, userId: number): Promise<Cart> {
  return db.transaction(async (tx) => {
    const storeId = await userStore(tx, userId);
    const rows = await tx
      .select({
        id: s.cartItems.id,
        productId: s.cartItems.productId,
        quantity: s.cartItems.quantity,
        name: s.products.name,
        nameEn: s.products.nameEn,
        slug: s.products.slug,
        price: s.products.price,
        stock: s.products.stock,
        orderable: storeId === null ? sql<boolean>`false` : sql<boolean>`${orderableIn(storeId)}`,
        categoryId: s.products.categoryId,
      })
      .from(s.cartItems)
      .innerJoin(s.products, eq(s.products.id, s.cartItems.productId))
      .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
      .where(eq(s.cartItems.userId, userId))
      .orderBy(asc(s.cartItems.id));
    const warnings: Cart['warnings'] = [];
    const kept: typeof rows = [];
    for (const r of rows) {
      if (r.stock === 0 || !r.orderable) {
        await tx.delete(s.cartItems).where(eq(s.cartItems.id, r.id));
        warnings.push({ code: 'REMOVED_NO_STOCK', productId: r.productId, name: r.name, nameEn: r.nameEn });
      } else if (r.stock < r.quantity) {
        await tx.update(s.cartItems).set({ quantity: r.stock }).where(eq(s.cartItems.id, r.id));
        warnings.push({ code: 'QUANTITY_LOWERED', productId: r.productId, name: r.name, nameEn: r.nameEn });
        kept.push({ ...r, quantity: r.stock });
      } else kept.push(r);
    }
    const pictures = await firstPictures(
      tx,
      kept.map((k) => k.productId),
    );
    const data = kept.map((r) => toCartLine(r, pictures));
    return { data, total: data.reduce((n, l) => n + l.product.price * l.quantity, 0), warnings };
  });
}

/** One line of the user's own cart (`GET /api/shoppingCart/{id}`), as it is stored; another user's line is NOT_FOUND. */
export async function getCartLine(db: DbOrTx, userId: number, lineId: number): Promise<CartLine> {
  const [r] = await db
    .select({
      id: s.cartItems.id,
      productId: s.cartItems.productId,
      quantity: s.cartItems.quantity,
      name: s.products.name,
      nameEn: s.products.nameEn,
      slug: s.products.slug,
      price: s.products.price,
      stock: s.products.stock,
      categoryId: s.products.categoryId,
    })
    .from(s.cartItems)
    .innerJoin(s.products, eq(s.products.id, s.cartItems.productId))
    .where(and(eq(s.cartItems.id, lineId), eq(s.cartItems.userId, userId)));
  if (!r) throw notFound();
  return toCartLine(r, await firstPictures(db, [r.productId]));
}

/** A cart line as the API answers it, from its row joined with its product and the product's first picture. */
function toCartLine(
  r: {
    id: number;
    productId: number;
    quantity: number;
    name: string;
    nameEn: string;
    slug: string;
    price: number;
    stock: number;
    categoryId: number;
  },
  pictures: Map<number, string>,
): CartLine {
  return {
    id: r.id,
    productId: r.productId,
    quantity: r.quantity,
    product: {
      name: r.name,
      nameEn: r.nameEn,
      slug: r.slug,
      price: r.price,
      stock: r.stock,
      categoryId: r.categoryId,
      picture: pictures.get(r.productId) ?? null,
    },
  };
}

/**
 * Add to cart: only an orderable product (`findOrderable`: NOT_FOUND, NOT_AVAILABLE_IN_STORE);
 * ALREADY_IN_CART, OUT_OF_STOCK; quantity capped at stock and 5.
 */
export async function addToCart(
  db: DbOrTx,
  userId: number,
  productId: number,
  quantity: number,
): Promise<{ id: number; quantity: number }> {
  const product = await findOrderable(db, productId, await userStore(db, userId));
  if (product.stock === 0) throw new AppError('OUT_OF_STOCK', { productId });
  const capped = Math.min(quantity, product.stock, CART_MAX_QUANTITY);
  const [row] = await db
    .insert(s.cartItems)
    .values({ userId, productId, quantity: capped })
    .onConflictDoNothing()
    .returning({ id: s.cartItems.id, quantity: s.cartItems.quantity });
  if (!row) throw new AppError('ALREADY_IN_CART', { productId });
  return row;
}

export async function updateCartLine(
  db: DbOrTx,
  userId: number,
  lineId: number,
  quantity: number,
): Promise<{ id: number; quantity: number }> {
  const [line] = await db
    .select({ id: s.cartItems.id, stock: s.products.stock })
    .from(s.cartItems)
    .innerJoin(s.products, eq(s.products.id, s.cartItems.productId))
    .where(and(eq(s.cartItems.id, lineId), eq(s.cartItems.userId, userId)));
  if (!line) throw notFound();
  if (line.stock === 0) throw new AppError('OUT_OF_STOCK');
  const capped = Math.min(quantity, line.stock, CART_MAX_QUANTITY);
  await db.update(s.cartItems).set({ quantity: capped, updatedAt: new Date() }).where(eq(s.cartItems.id, lineId));
  return { id: lineId, quantity: capped };
}

/** Removes the user's own lines only; returns how many went. */
export async function removeCartLines(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(s.cartItems)
    .where(and(eq(s.cartItems.userId, userId), inArray(s.cartItems.id, ids)))
    .returning({ id: s.cartItems.id });
  return rows.length;
}

/**
 * Buy again: the products of one of the user's past orders go back into the cart, each with the same
 * rules as adding it by hand (active, same store, in stock, capped at stock and 5). Products already in
 * the cart keep their line. Answers what was added and what was not, and why.
 */
export async function addOrderToCart(db: DbOrTx, userId: number, orderId: number) {
  const lines = await db
    .select({ productId: s.orderLines.productId, quantity: s.orderLines.quantity, userId: s.orders.userId })
    .from(s.orderLines)
    .innerJoin(s.orders, eq(s.orders.id, s.orderLines.orderId))
    .where(and(eq(s.orderLines.orderId, orderId), isNull(s.orders.deletedAt)))
    .orderBy(asc(s.orderLines.id));
  if (lines.length === 0 || lines[0]!.userId !== userId) throw notFound();
  const added: number[] = [];
  const skipped: BuyAgainResult['skipped'] = [];
  for (const line of lines) {
    try {
      await addToCart(db, userId, line.productId, line.quantity);
      added.push(line.productId);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const [product] = await db
        .select({ name: s.products.name, nameEn: s.products.nameEn })
        .from(s.products)
        .where(eq(s.products.id, line.productId));
      const code = err.code === 'ALREADY_IN_CART' || err.code === 'OUT_OF_STOCK' ? err.code : 'NOT_AVAILABLE_IN_STORE';
      skipped.push({ productId: line.productId, name: product?.name ?? '', nameEn: product?.nameEn ?? '', code });
    }
  }
  return { added, skipped };
}
